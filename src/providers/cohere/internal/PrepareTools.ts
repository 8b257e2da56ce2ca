/**
 * Call tools and tool choice as Cohere's (upstream `prepareTools` of
 * `@ai-sdk/cohere` 4.0.52): function tools only (a provider tool is warned
 * and dropped); `auto` sends no choice, `none` → `NONE`, `required` →
 * `REQUIRED`, a named tool → only that tool with `REQUIRED`.
 */
import type { CallOptions } from "../../../contract/CallOptions.ts"
import type { Warning } from "../../../contract/Warning.ts"

/**
 * One wire tool.
 *
 * @since 0.1.0
 */
export interface WireTool {
  readonly type: "function"
  readonly function: { readonly name: string; readonly description: string | undefined; readonly parameters: unknown }
}

/**
 * The wire tools, the tool choice and the warnings.
 *
 * @since 0.1.0
 */
export const prepareTools = (
  callTools: CallOptions["tools"],
  toolChoice: CallOptions["toolChoice"]
): {
  readonly tools: ReadonlyArray<WireTool> | undefined
  readonly toolChoice: "NONE" | "REQUIRED" | undefined
  readonly warnings: ReadonlyArray<Warning>
} => {
  const warnings: Array<Warning> = []
  if (callTools == null || callTools.length === 0) return { tools: undefined, toolChoice: undefined, warnings }
  const tools: Array<WireTool> = []
  for (const tool of callTools) {
    if (tool.type === "provider") {
      warnings.push({ type: "unsupported", feature: `provider-defined tool ${tool.id}` })
    } else {
      tools.push({ type: "function", function: { name: tool.name, description: tool.description, parameters: tool.inputSchema } })
    }
  }
  switch (toolChoice?.type) {
    case undefined:
    case "auto":
      return { tools, toolChoice: undefined, warnings }
    case "none":
      return { tools, toolChoice: "NONE", warnings }
    case "required":
      return { tools, toolChoice: "REQUIRED", warnings }
    case "tool": {
      const name = toolChoice.toolName
      return { tools: tools.filter((tool) => tool.function.name === name), toolChoice: "REQUIRED", warnings }
    }
  }
}
