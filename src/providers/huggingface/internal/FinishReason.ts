/**
 * Finish reasons of the Hugging Face Responses API (upstream `map-huggingface-responses-finish-reason.ts`).
 */
import type { FinishReason } from "../../../contract/FinishReason.ts"

/**
 * An incomplete reason (`stop` when absent) as the unified finish reason.
 *
 * @since 0.1.0
 */
export const mapFinishReason = (reason: unknown): FinishReason["unified"] => {
  switch (reason) {
    case "stop":
      return "stop"
    case "length":
      return "length"
    case "content_filter":
      return "content-filter"
    case "tool_calls":
      return "tool-calls"
    case "error":
      return "error"
    default:
      return "other"
  }
}
