/**
 * Cohere's finish reason as the unified one (upstream `mapCohereFinishReason`
 * of `@ai-sdk/cohere` 4.0.52).
 */
import type { UnifiedFinishReason } from "../../../contract/FinishReason.ts"

/**
 * `COMPLETE`/`STOP_SEQUENCE` → `stop`, `MAX_TOKENS` → `length`, `ERROR` → `error`, `TOOL_CALL` → `tool-calls`, else `other`.
 *
 * @since 0.1.0
 */
export const mapFinishReason = (finishReason: string | null | undefined): UnifiedFinishReason => {
  switch (finishReason) {
    case "COMPLETE":
    case "STOP_SEQUENCE":
      return "stop"
    case "MAX_TOKENS":
      return "length"
    case "ERROR":
      return "error"
    case "TOOL_CALL":
      return "tool-calls"
    default:
      return "other"
  }
}
