/**
 * Finish-reason mapping (upstream `map-google-finish-reason.ts`) and the prompt block reasons that block.
 */
import type { UnifiedFinishReason } from "../../../../contract/FinishReason.ts"

/**
 * The unified finish reason of a Gemini finish reason.
 */
export const mapFinishReason = (finishReason: string | null | undefined, hasToolCalls: boolean): UnifiedFinishReason => {
  switch (finishReason) {
    case "STOP":
      return hasToolCalls ? "tool-calls" : "stop"
    case "MAX_TOKENS":
    // the per-request cap of a long decode; continued, surfaced only if that fails
    case "CONTINUATION":
      return "length"
    case "IMAGE_SAFETY":
    case "RECITATION":
    case "SAFETY":
    case "BLOCKLIST":
    case "PROHIBITED_CONTENT":
    case "SPII":
      return "content-filter"
    case "MALFORMED_FUNCTION_CALL":
      return "error"
    default:
      return "other"
  }
}

/**
 * A prompt block reason that actually blocks (not empty, not unspecified).
 */
export const isConfirmedPromptBlockReason = (blockReason: string | null | undefined): blockReason is string =>
  blockReason != null && blockReason !== "" && blockReason !== "BLOCK_REASON_UNSPECIFIED" &&
  blockReason !== "BLOCKED_REASON_UNSPECIFIED"
