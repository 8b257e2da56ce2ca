/**
 * The `parallel` wrapper's tool results sent back as one output (upstream
 * `getParallelToolCallMetadata` and `collectCompleteParallelToolResultGroups`):
 * with server-side state (`conversation` or `previousResponseId`) the expanded
 * child calls of one wrapper call go back as the wrapper's single function
 * call and a single output, once every child has its result.
 *
 * @internal
 */
import { Predicate } from "effect"
import type { Prompt, ToolResultPart } from "../../../../../contract/Prompt.ts"
import type { ProviderOptions } from "../../../../../contract/ProviderMetadata.ts"

/** @internal */
export interface ParallelToolCallMetadata {
  readonly itemId: string
  readonly toolCallId: string
  readonly toolName: string
  readonly input?: string | undefined
  readonly index: number
  readonly count: number
}

/** @internal */
export interface ParallelGroup {
  readonly metadata: ParallelToolCallMetadata & { readonly input: string }
  readonly results: ReadonlyArray<ToolResultPart>
}

/** What the conversion tracks for wrapper groups. @internal */
export interface ParallelState {
  readonly groups: ReadonlyMap<string, ParallelGroup>
  readonly emittedCalls: Set<string>
  readonly emittedResults: Set<string>
}

/** @internal */
export const getParallelToolCallMetadata = (
  providerOptions: ProviderOptions | undefined,
  name: string
): ParallelToolCallMetadata | undefined => {
  const m: unknown = providerOptions?.[name]?.["parallelToolCall"]
  if (!Predicate.isObject(m) || Array.isArray(m)) return undefined
  const itemId: unknown = Reflect.get(m, "itemId")
  const toolCallId: unknown = Reflect.get(m, "toolCallId")
  const toolName: unknown = Reflect.get(m, "toolName")
  const input: unknown = Reflect.get(m, "input")
  const index: unknown = Reflect.get(m, "index")
  const count: unknown = Reflect.get(m, "count")
  if (
    typeof itemId !== "string" || typeof toolCallId !== "string" || typeof toolName !== "string" ||
    (input !== undefined && typeof input !== "string") ||
    typeof index !== "number" || !Number.isInteger(index) ||
    typeof count !== "number" || !Number.isInteger(count) ||
    index < 0 || count <= index
  ) return undefined
  return { itemId, toolCallId, toolName, input, index, count }
}

/** @internal */
export const hasSameParallelToolCall = (a: ParallelToolCallMetadata, b: ParallelToolCallMetadata): boolean =>
  a.itemId === b.itemId && a.toolCallId === b.toolCallId && a.toolName === b.toolName &&
  (a.input === undefined || b.input === undefined || a.input === b.input) && a.count === b.count

/** @internal */
export const collectParallelGroups = (prompt: Prompt, name: string): Map<string, ParallelGroup> => {
  const pending = new Map<
    string,
    { metadata: ParallelToolCallMetadata; results: Map<number, ToolResultPart>; invalid: boolean }
  >()
  for (const message of prompt) {
    if (message.role !== "tool") continue
    for (const part of message.content) {
      if (part.type !== "tool-result") continue
      const metadata = getParallelToolCallMetadata(part.providerOptions, name)
      if (metadata == null) continue
      const existing = pending.get(metadata.toolCallId)
      if (existing == null) {
        pending.set(metadata.toolCallId, { metadata, results: new Map([[metadata.index, part]]), invalid: false })
        continue
      }
      if (!hasSameParallelToolCall(existing.metadata, metadata) || existing.results.has(metadata.index)) {
        existing.invalid = true
        continue
      }
      if (existing.metadata.input === undefined && metadata.input !== undefined) existing.metadata = metadata
      existing.results.set(metadata.index, part)
    }
  }
  const complete = new Map<string, ParallelGroup>()
  for (const [toolCallId, group] of pending) {
    const input = group.metadata.input
    if (group.invalid || group.results.size !== group.metadata.count || input === undefined) continue
    const results: Array<ToolResultPart> = []
    for (let index = 0; index < group.metadata.count; index++) {
      const result = group.results.get(index)
      if (result === undefined) break
      results.push(result)
    }
    if (results.length === group.metadata.count) {
      complete.set(toolCallId, { metadata: { ...group.metadata, input }, results })
    }
  }
  return complete
}
