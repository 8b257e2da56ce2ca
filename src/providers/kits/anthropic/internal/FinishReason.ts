/**
 * Maps Anthropic `stop_reason` values to the unified V4 finish reason
 * (upstream `map-anthropic-stop-reason.ts`).
 *
 * @since 0.1.0
 */
import type { UnifiedFinishReason } from "../../../../contract/FinishReason.ts"

/**
 * The unified finish reason of an Anthropic stop reason; a `tool_use` stop of
 * the JSON response tool is a plain `stop`.
 *
 * @since 0.1.0
 */
export const mapStopReason = (
  finishReason: string | null | undefined,
  isJsonResponseFromTool: boolean
): UnifiedFinishReason => {
  switch (finishReason) {
    case "pause_turn":
    case "end_turn":
    case "stop_sequence":
      return "stop"
    case "refusal":
      return "content-filter"
    case "tool_use":
      return isJsonResponseFromTool ? "stop" : "tool-calls"
    case "max_tokens":
    case "model_context_window_exceeded":
      return "length"
    default:
      return "other"
  }
}

/**
 * True for stop reasons after which the model continues in another request.
 *
 * @since 0.1.0
 */
export const isContinuationStopReason = (stopReason: string | null | undefined): boolean =>
  stopReason === "pause_turn" || stopReason === "tool_use"
