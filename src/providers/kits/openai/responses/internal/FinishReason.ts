/**
 * Responses finish reason (upstream `map-openai-responses-finish-reason.ts`).
 *
 * @internal
 */
import type { FinishReason } from "../../../../../contract/FinishReason.ts"

/** @internal */
export const mapFinishReason = (
  finishReason: string | null | undefined,
  hasFunctionCall: boolean,
  hasRefusal = false
): FinishReason["unified"] => {
  switch (finishReason) {
    case undefined:
    case null:
      return hasFunctionCall ? "tool-calls" : hasRefusal ? "content-filter" : "stop"
    case "max_output_tokens":
      return "length"
    case "content_filter":
      return "content-filter"
    default:
      return hasFunctionCall ? "tool-calls" : "other"
  }
}
