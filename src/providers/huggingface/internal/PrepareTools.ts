/**
 * Call tools as Responses `tools` and `tool_choice` (upstream `prepareResponsesTools` of
 * `@ai-sdk/huggingface` 2.0.48).
 */
import type { CallTool, ToolChoice } from "../../../contract/CallOptions.ts"
import type { Warning } from "../../../contract/Warning.ts"

/**
 * Function tools and tool choice (`none` dropped); provider tools warned.
 *
 * @since 0.1.0
 */
export const prepareTools = (tools: ReadonlyArray<CallTool> | undefined, toolChoice: ToolChoice | undefined) => {
  const warnings: Array<Warning> = []
  if (tools === undefined || tools.length === 0) return { tools: undefined, toolChoice: undefined, warnings }
  const wire: Array<unknown> = []
  for (const tool of tools) {
    if (tool.type === "function") {
      wire.push({ type: "function", name: tool.name, description: tool.description, parameters: tool.inputSchema })
    } else {
      warnings.push({ type: "unsupported", feature: `provider-defined tool ${tool.id}` })
    }
  }
  let choice: "auto" | "required" | { type: "function"; function: { name: string } } | undefined = undefined
  if (toolChoice !== undefined) {
    switch (toolChoice.type) {
      case "auto":
      case "required":
        choice = toolChoice.type
        break
      case "none":
        break
      case "tool":
        choice = { type: "function", function: { name: toolChoice.toolName } }
        break
    }
  }
  return { tools: wire, toolChoice: choice, warnings }
}
