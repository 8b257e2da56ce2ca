/**
 * Port of upstream `prepareChatTools` (`chat/openai-chat-prepare-tools.ts`):
 * V4 tools and tool choice → the request's `tools` / `tool_choice` (the tool choice through the
 * shared OpenAI-family `toolChoiceBody`; tools stay local: OpenAI normalizes each schema and
 * warns `tool type: provider` rather than the shared `provider-defined tool <id>`).
 *
 * @internal
 */
import { Result } from "effect"
import { toolChoiceBody } from "../Tools.ts"
import type { CallTool, ToolChoice } from "../../../../contract/CallOptions.ts"
import type { UnsupportedFunctionalityError } from "../../../../contract/errors/UnsupportedFunctionalityError.ts"
import type { Warning } from "../../../../contract/Warning.ts"
import type { OpenAIChatFunctionTool, OpenAIChatToolChoice } from "../OpenAIChatApi.ts"
import { normalizeOpenAIJsonSchema } from "./NormalizeJsonSchema.ts"

/** @internal */
export interface PreparedTools {
  readonly tools: Array<OpenAIChatFunctionTool> | undefined
  readonly toolChoice: OpenAIChatToolChoice | undefined
  readonly toolWarnings: Array<Warning>
}

/** @internal */
export const prepareChatTools = (
  tools: ReadonlyArray<CallTool> | undefined,
  toolChoice: ToolChoice | undefined
): Result.Result<PreparedTools, UnsupportedFunctionalityError> => {
  const toolWarnings: Array<Warning> = []
  if (tools == null || tools.length === 0) {
    return Result.succeed({ tools: undefined, toolChoice: undefined, toolWarnings })
  }
  const openaiTools: Array<OpenAIChatFunctionTool> = []
  for (const tool of tools) {
    if (tool.type === "function") {
      const normalized = normalizeOpenAIJsonSchema(tool.inputSchema)
      if (Result.isFailure(normalized)) return Result.fail(normalized.failure)
      toolWarnings.push(...normalized.success.warnings)
      openaiTools.push({
        type: "function",
        function: {
          name: tool.name,
          description: tool.description,
          parameters: normalized.success.schema,
          ...(tool.strict != null ? { strict: tool.strict } : {})
        }
      })
    } else {
      toolWarnings.push({ type: "unsupported", feature: `tool type: ${tool.type}` })
    }
  }
  return Result.succeed({ tools: openaiTools, toolChoice: toolChoiceBody(toolChoice), toolWarnings })
}
