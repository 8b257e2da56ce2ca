/**
 * The chat-completions `finish_reason` mapping the OpenAI family shares
 * (upstream `mapOpenAIFinishReason`, `mapOpenAICompatibleFinishReason`,
 * `mapGroqFinishReason`: the same switch in each package).
 *
 * @since 0.1.0
 */
import type { UnifiedFinishReason } from "../../../contract/FinishReason.ts"

/**
 * Maps a raw `finish_reason` to the unified one: `stop`, `length`,
 * `content_filter`, `tool_calls` / legacy `function_call`, anything else
 * `other`. `hasRefusal` (OpenAI, openai-compatible) turns `stop` into
 * `content-filter`; providers without the refusal rule leave it `false`.
 *
 * @since 0.1.0
 * @category converting
 */
export const mapOpenAIFamilyFinishReason = (
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
