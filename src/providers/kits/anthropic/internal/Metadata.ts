/**
 * Provider-metadata mappings shared by `generate` and `stream`
 * (upstream `mapAnthropicStopDetails`, `mapAnthropicResponseContextManagement`).
 */
import type { JsonObject } from "../../../../contract/Json.ts"
import type { ContextManagement, StopDetails } from "../AnthropicApi.ts"

/**
 * Stop details in camelCase, without absent fields.
 */
export const mapStopDetails = (stopDetails: StopDetails | null | undefined): JsonObject | undefined =>
  stopDetails == null ? undefined : {
    type: stopDetails.type,
    ...(stopDetails.category != null ? { category: stopDetails.category } : {}),
    ...(stopDetails.explanation != null ? { explanation: stopDetails.explanation } : {}),
    ...(stopDetails.recommended_model != null ? { recommendedModel: stopDetails.recommended_model } : {})
  }

/**
 * Applied context-management edits in camelCase.
 */
export const mapContextManagement = (contextManagement: ContextManagement | null | undefined): JsonObject | null =>
  contextManagement
    ? {
      appliedEdits: contextManagement.applied_edits.map((edit) => {
        switch (edit.type) {
          case "clear_tool_uses_20250919":
            return {
              type: edit.type,
              clearedToolUses: edit.cleared_tool_uses,
              clearedInputTokens: edit.cleared_input_tokens
            }
          case "clear_thinking_20251015":
            return {
              type: edit.type,
              clearedThinkingTurns: edit.cleared_thinking_turns,
              clearedInputTokens: edit.cleared_input_tokens
            }
          case "compact_20260112":
            return { type: edit.type }
        }
      })
    }
    : null
