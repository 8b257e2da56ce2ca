/**
 * Stop reason → unified finish reason (upstream `mapAmazonBedrockFinishReason`).
 *
 * @internal
 */
import type { UnifiedFinishReason } from "../../../contract/FinishReason.ts"

/** Upstream `mapAmazonBedrockFinishReason`. */
export const mapFinishReason = (stopReason: string, isJsonResponseFromTool: boolean): UnifiedFinishReason => {
  switch (stopReason) {
    case "stop_sequence":
    case "end_turn":
      return "stop"
    case "max_tokens":
      return "length"
    case "content_filtered":
    case "guardrail_intervened":
      return "content-filter"
    case "tool_use":
      return isJsonResponseFromTool ? "stop" : "tool-calls"
    default:
      return "other"
  }
}
