/**
 * Tools and tool choice → the chat completions `tools` / `tool_choice` fields
 * (upstream `openai-compatible-prepare-tools.ts`).
 *
 * @since 0.1.0
 */
import type { CallTool, ToolChoice } from "../../../spec/CallOptions.ts"
import type { Warning } from "../../../spec/Warning.ts"

/**
 * A function tool as sent.
 *
 * @since 0.1.0
 */
export interface FunctionToolBody {
  readonly type: "function"
  readonly function: {
    readonly name: string
    readonly description: string | undefined
    readonly parameters: unknown
    readonly strict?: boolean
  }
}

/**
 * The tool choice as sent.
 *
 * @since 0.1.0
 */
export type ToolChoiceBody =
  | { readonly type: "function"; readonly function: { readonly name: string } }
  | "auto"
  | "none"
  | "required"
  | undefined

/**
 * Prepared tools: body fields plus warnings for provider tools.
 *
 * @since 0.1.0
 */
export const prepareTools = (
  tools: ReadonlyArray<CallTool> | undefined,
  toolChoice: ToolChoice | undefined
): {
  readonly tools: Array<FunctionToolBody> | undefined
  readonly toolChoice: ToolChoiceBody
  readonly toolWarnings: Array<Warning>
} => {
  const toolWarnings: Array<Warning> = []
  if (tools == null || tools.length === 0) {
    return { tools: undefined, toolChoice: undefined, toolWarnings }
  }
  const bodyTools: Array<FunctionToolBody> = []
  for (const tool of tools) {
    if (tool.type === "provider") {
      toolWarnings.push({ type: "unsupported", feature: `provider-defined tool ${tool.id}` })
    } else {
      bodyTools.push({
        type: "function",
        function: {
          name: tool.name,
          description: tool.description,
          parameters: tool.inputSchema,
          ...(tool.strict != null ? { strict: tool.strict } : {})
        }
      })
    }
  }
  return { tools: bodyTools, toolChoice: toolChoiceBody(toolChoice), toolWarnings }
}

/**
 * The wire tool choice of a V4 tool choice.
 *
 * @since 0.1.0
 */
export const toolChoiceBody = (toolChoice: ToolChoice | undefined): ToolChoiceBody => {
  if (toolChoice == null) {
    return undefined
  }
  switch (toolChoice.type) {
    case "auto":
    case "none":
    case "required":
      return toolChoice.type
    case "tool":
      return { type: "function", function: { name: toolChoice.toolName } }
  }
}
