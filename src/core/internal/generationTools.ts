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
