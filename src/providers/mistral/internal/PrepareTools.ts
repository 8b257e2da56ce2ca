/**
 * Call tools and tool choice as Mistral's (upstream `prepareTools` of
 * `@ai-sdk/mistral` 4.0.87): function tools only (a provider tool is warned
 * and dropped), `strict` when the tool sets it; `auto`/`none` as they are,
 * `required` → `any`, a named tool → `{ type: "function", function: { name } }`
 * (every tool still sent); no tools (or an empty list) sends neither.
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
  readonly function: {
    readonly name: string
    readonly description: string | undefined
    readonly parameters: unknown
    readonly strict?: boolean
  }
}

/**
 * The wire tool choice.
 *
 * @since 0.1.0
 */
export type WireToolChoice = "auto" | "none" | "any" | { readonly type: "function"; readonly function: { readonly name: string } }

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
  readonly toolChoice: WireToolChoice | undefined
  readonly warnings: ReadonlyArray<Warning>
} => {
  const warnings: Array<Warning> = []
  if (callTools == null || callTools.length === 0) return { tools: undefined, toolChoice: undefined, warnings }
  const tools: Array<WireTool> = []
  for (const tool of callTools) {
    if (tool.type === "provider") {
      warnings.push({ type: "unsupported", feature: `provider-defined tool ${tool.id}` })
    } else {
      tools.push({
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
  switch (toolChoice?.type) {
    case undefined:
      return { tools, toolChoice: undefined, warnings }
    case "auto":
    case "none":
      return { tools, toolChoice: toolChoice.type, warnings }
    case "required":
      return { tools, toolChoice: "any", warnings }
    case "tool":
      return { tools, toolChoice: { type: "function", function: { name: toolChoice.toolName } }, warnings }
  }
}
