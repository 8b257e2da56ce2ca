/**
 * Mistral's finish reason as the unified one (upstream `mapMistralFinishReason`
 * of `@ai-sdk/mistral` 4.0.87).
 */
import type { UnifiedFinishReason } from "../../../contract/FinishReason.ts"

/**
 * `stop` → `stop`, `length`/`model_length` → `length`, `tool_calls` → `tool-calls`, `error` → `error`, else `other`.
 *
 * @since 0.1.0
 */
export const mapFinishReason = (finishReason: string | null | undefined): UnifiedFinishReason => {
  switch (finishReason) {
    case "stop":
      return "stop"
    case "length":
    case "model_length":
      return "length"
    case "tool_calls":
      return "tool-calls"
    case "error":
      return "error"
    default:
      return "other"
  }
}
