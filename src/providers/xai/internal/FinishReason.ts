/**
 * Finish reasons of the Responses API (upstream `map-xai-responses-finish-reason.ts`).
 */
import type { FinishReason } from "../../../contract/FinishReason.ts"

/**
 * A response status or incomplete reason as the unified finish reason.
 *
 * @since 0.1.0
 */
export const mapFinishReason = (reason: string | null | undefined): FinishReason["unified"] => {
  switch (reason) {
    case "stop":
    case "completed":
      return "stop"
    case "length":
    case "max_output_tokens":
      return "length"
    case "tool_calls":
    case "function_call":
      return "tool-calls"
    case "content_filter":
      return "content-filter"
    default:
      return "other"
  }
}
