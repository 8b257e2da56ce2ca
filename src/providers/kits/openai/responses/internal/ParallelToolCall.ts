/**
 * Port of upstream `expand-parallel-tool-call.ts`: the internal `parallel`
 * wrapper OpenAI models can emit as a function call, expanded into one tool
 * call per nested recipient when every recipient is a declared function tool.
 *
 * @internal
 */
import { Predicate, Result } from "effect"
import { secureJsonParse } from "../../../../../runtime/ParseJson.ts"
import type { FunctionTool } from "../../../../../contract/CallOptions.ts"
import type { ToolCall } from "../../../../../contract/Content.ts"
import * as WireJson from "../../../../../runtime/WireJson.ts"

const parallelToolName = "parallel"
const recipientNamePrefix = "functions."

const isJsonObject = (u: unknown): u is Record<string, unknown> => Predicate.isObject(u) && !Array.isArray(u)

/** @internal */
export const isUndeclaredParallelToolCall = (toolName: string, tools: ReadonlyArray<FunctionTool>): boolean =>
  toolName === parallelToolName && !tools.some((tool) => tool.name === parallelToolName)

/** @internal */
export const expandParallelToolCall = (
  toolCall: { readonly toolCallId: string; readonly toolName: string; readonly input: string },
  tools: ReadonlyArray<FunctionTool>,
  providerOptionsName: string,
  itemId: string
): Array<ToolCall> | undefined => {
  if (!isUndeclaredParallelToolCall(toolCall.toolName, tools)) return undefined
  const parsed = secureJsonParse(toolCall.input)
  if (Result.isFailure(parsed) || !isJsonObject(parsed.success)) return undefined
  const toolUses = parsed.success["tool_uses"]
  if (!Array.isArray(toolUses) || toolUses.length === 0) return undefined
  const available = new Set(tools.map((tool) => tool.name))
  const expanded: Array<ToolCall> = []
  for (let index = 0; index < toolUses.length; index++) {
    const toolUse: unknown = toolUses[index]
    if (!isJsonObject(toolUse)) return undefined
    const recipient = toolUse["recipient_name"]
    const parameters = toolUse["parameters"]
    if (typeof recipient !== "string" || !recipient.startsWith(recipientNamePrefix) || !isJsonObject(parameters)) {
      return undefined
    }
    const toolName = recipient.slice(recipientNamePrefix.length)
    if (toolName.length === 0 || !available.has(toolName)) return undefined
    expanded.push({
      type: "tool-call",
      toolCallId: `${toolCall.toolCallId}_${index}`,
      toolName,
      input: WireJson.render(parameters),
      providerMetadata: {
        [providerOptionsName]: {
          parallelToolCall: {
            itemId,
            toolCallId: toolCall.toolCallId,
            toolName: toolCall.toolName,
            ...(index === 0 && { input: toolCall.input }),
            index,
            count: toolUses.length
          }
        }
      }
    })
  }
  return expanded
}
