/**
 * Finish-reason mapping of DeepSeek (`map-deepseek-finish-reason.ts`).
 *
 * @since 0.1.0
 */
import type { UnifiedFinishReason } from "../../../contract/FinishReason.ts"
import { mapOpenAIFamilyFinishReason } from "../../kits/openai/FinishReason.ts"

/**
 * Maps a raw `finish_reason`: the OpenAI-family mapping, except that
 * `insufficient_system_resource` is `error` and `function_call` is `other`.
 *
 * @since 0.1.0
 */
export const mapFinishReason = (finishReason: string | null | undefined): UnifiedFinishReason => {
  switch (finishReason) {
    case "insufficient_system_resource":
      return "error"
    // DeepSeek's own switch has no legacy `function_call` case.
    case "function_call":
      return "other"
    default:
      return mapOpenAIFamilyFinishReason(finishReason)
  }
}
