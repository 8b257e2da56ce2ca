/**
 * Finish-reason mapping of the OpenAI-compatible chat API
 * (`map-openai-compatible-finish-reason.ts`).
 *
 * @since 0.1.0
 */
import type { UnifiedFinishReason } from "../../../spec/FinishReason.ts"

/**
 * Maps a raw `finish_reason`; `stop` after a refusal is `content-filter`.
 *
 * @since 0.1.0
 */
export const mapFinishReason = (
  finishReason: string | null | undefined,
  hasRefusal = false
): UnifiedFinishReason => {
  switch (finishReason) {
    case "stop":
      return hasRefusal ? "content-filter" : "stop"
    case "length":
      return "length"
    case "content_filter":
      return "content-filter"
    case "function_call":
    case "tool_calls":
      return "tool-calls"
    default:
      return "other"
  }
}
