/**
 * What generation needs of tools, in one interface: lookups, parsing a provider call, running a
 * client call. Keeps the generation loops independent of how tools are defined.
 *
 * @internal
 */
import type { Effect } from "effect"
import type * as Stream from "effect/Stream"
import type { CallTool } from "../../spec/CallOptions.ts"
import type * as Content from "../../spec/Content.ts"
import type { Prompt } from "../../spec/Prompt.ts"
import { NoSuchToolError } from "../../spec/errors/NoSuchToolError.ts"
import type { ToolCall, ToolInfoSet, ToolOutput, ToolResult } from "../StepContent.ts"

/**
 * One event of a client tool run: a preliminary result (streamed, not a step output) or the final
 * output.
 *
 * @internal
 */
export type ExecEvent =
  | { readonly _tag: "Preliminary"; readonly part: ToolResult }
  | { readonly _tag: "Final"; readonly part: ToolOutput }

/**
 * The tools of a generation.
 *
 * @internal
 */
export interface ToolRuntime<R> {
  readonly info: ToolInfoSet | undefined
  readonly callTools: ReadonlyArray<CallTool> | undefined
  /** Parses a provider call; never fails: failures are invalid calls. */
  readonly parse: (call: Content.ToolCall, messages: Prompt) => Effect.Effect<ToolCall, never, R>
  /** The run of a client call, or undefined when the tool has no `execute`. */
  readonly execute: (call: ToolCall, messages: Prompt) => Stream.Stream<ExecEvent, never, R> | undefined
}

/**
 * A call parsed without tools (upstream `parseToolCall` with `tools == null`): a provider-executed
 * dynamic call is valid (input parsed without a schema, empty means `{}`); any other call is an
 * invalid call with `NoSuchToolError` ("No tools are available.") and its input JSON-parsed if
 * possible.
 *
 * @internal
 */
export const noToolsCall = (part: Content.ToolCall): ToolCall => {
  const parsed = parseJsonInput(part.input)
  const empty = part.input.trim() === ""
  if (part.providerExecuted === true && part.dynamic === true && (empty || parsed.ok)) {
    return {
      type: "tool-call",
      toolCallId: part.toolCallId,
      toolName: part.toolName,
      input: empty || !parsed.ok ? {} : parsed.value,
      providerExecuted: true,
      dynamic: true,
      providerMetadata: part.providerMetadata
    }
  }
  return {
    type: "tool-call",
    toolCallId: part.toolCallId,
    toolName: part.toolName,
    input: parsed.ok ? parsed.value : part.input,
    dynamic: true,
    invalid: true,
    error: new NoSuchToolError({ toolName: part.toolName }),
    title: undefined,
    providerExecuted: part.providerExecuted,
    providerMetadata: part.providerMetadata
  }
}

const parseJsonInput = (text: string): { readonly ok: true; readonly value: unknown } | { readonly ok: false } => {
  try {
    const value: unknown = JSON.parse(text)
    return { ok: true, value }
  } catch {
    return { ok: false }
  }
}

