/**
 * V4 tools and tool choice → the chat-completions `tools` / `tool_choice`
 * request fields, as the OpenAI-family providers prepare them (upstream
 * `openai-compatible-prepare-tools.ts`, `groq-prepare-tools.ts`,
 * `deepseek-prepare-tools.ts`: the same loop and tool-choice switch; Groq
 * additionally maps its `groq.browser_search` provider tool, DeepSeek checks
 * strict tools before).
 *
 * @since 0.1.0
 */
import type { CallTool, ProviderTool, ToolChoice } from "../../../contract/CallOptions.ts"
import type { Warning } from "../../../contract/Warning.ts"

/**
 * A function tool as sent.
 *
 * @since 0.1.0
 * @category models
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
 * @category models
 */
export type ToolChoiceBody =
  | { readonly type: "function"; readonly function: { readonly name: string } }
  | "auto"
  | "none"
  | "required"
  | undefined

/**
 * Decides what a provider tool becomes: a tool body to send, or `undefined`
 * after pushing a warning.
 *
 * @since 0.1.0
 * @category models
 */
export type ProviderToolHandler<P> = (tool: ProviderTool, warnings: Array<Warning>) => P | undefined

/**
 * The default for provider tools: not sent, an `unsupported` warning.
 *
 * @since 0.1.0
 * @category tools
 */
export const unsupportedProviderTool: ProviderToolHandler<never> = (tool, warnings) => {
  warnings.push({ type: "unsupported", feature: `provider-defined tool ${tool.id}` })
  return undefined
}

/**
 * Prepared tools: the body fields plus the warnings. No tools (or an empty
 * list) sends neither `tools` nor `tool_choice`; tools that all turn out
 * unsupported still send an empty `tools` list, as upstream.
 *
 * @since 0.1.0
 * @category tools
 */
export const prepareTools = <P = never>(
  tools: ReadonlyArray<CallTool> | undefined,
  toolChoice: ToolChoice | undefined,
  providerTool: ProviderToolHandler<P> = unsupportedProviderTool
): {
  readonly tools: Array<FunctionToolBody | P> | undefined
  readonly toolChoice: ToolChoiceBody
  readonly toolWarnings: Array<Warning>
} => {
  const toolWarnings: Array<Warning> = []
  if (tools == null || tools.length === 0) {
    return { tools: undefined, toolChoice: undefined, toolWarnings }
  }
  const bodyTools: Array<FunctionToolBody | P> = []
  for (const tool of tools) {
    if (tool.type === "provider") {
      const body = providerTool(tool, toolWarnings)
      if (body !== undefined) bodyTools.push(body)
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
 * @category tools
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
