/**
 * Step content typed by the toolkit of a generation (upstream's `TypedToolCall<TOOLS>`,
 * `TypedToolResult<TOOLS>`, `StaticToolCall`/`DynamicToolCall`, `StaticToolResult`/
 * `DynamicToolResult`): a call or result of a tool of the toolkit has that tool's `toolName`,
 * `input` (and `output`) types; a dynamic one stays untyped. For the open toolkit
 * (`Toolkit.Any`, what core's internals hold) every view is the untyped one, so the typed views
 * are views of the same values, not other shapes (the types reduce to the untyped ones).
 *
 * @since 0.1.0
 */
import type { ContentPart, ToolCall, ToolResult } from "./StepContent.ts"
import type * as Tool from "./Tool.ts"
import type * as Toolkit from "./Toolkit.ts"
import type { DynamicToolCall, StaticToolCall, TypedToolCall } from "./TypedToolCall.ts"

/**
 * A result (client or provider-executed) of a tool of the toolkit, typed by that tool (for the
 * open toolkit: any result).
 *
 * @since 0.1.0
 * @category models
 */
export type StaticToolResult<T extends Toolkit.Any> = ToolResult & StaticResultFields<T>

/**
 * The fields a tool of the toolkit types in its results (correlated per tool name).
 *
 * @since 0.1.0
 * @category models
 */
export type StaticResultFields<T extends Toolkit.Any> = {
  readonly [Name in Toolkit.Names<T>]: {
    readonly toolName: Name
    readonly input: Tool.InputOf<T[Name]>
    readonly output: Tool.OutputOf<T[Name]>
  }
}[Toolkit.Names<T>]

/**
 * A result of a tool only known at runtime (`dynamic: true`).
 *
 * @since 0.1.0
 * @category models
 */
export type DynamicToolResult = ToolResult & { readonly dynamic: true }

/**
 * A tool result of a step, typed by the toolkit.
 *
 * @since 0.1.0
 * @category models
 */
export type TypedToolResult<T extends Toolkit.Any> = StaticToolResult<T> | DynamicToolResult

/**
 * A content part of a step, its tool calls and results typed by the toolkit (for the open
 * toolkit: `StepContent.ContentPart`).
 *
 * @since 0.1.0
 * @category models
 */
export type ContentPartOf<T extends Toolkit.Any> =
  | Exclude<ContentPart, ToolCall | ToolResult>
  | TypedToolCall<T>
  | TypedToolResult<T>

/**
 * Keeps the static calls (`staticToolCalls`), typed as such.
 *
 * @since 0.1.0
 * @category guards
 */
export const isStaticToolCall = (call: ToolCall): call is StaticToolCall<Toolkit.Any> & { readonly dynamic?: false | undefined } =>
  call.dynamic !== true

/**
 * Keeps the dynamic calls (`dynamicToolCalls`), typed as such.
 *
 * @since 0.1.0
 * @category guards
 */
export const isDynamicToolCall = (call: ToolCall): call is DynamicToolCall & { readonly dynamic: true } => call.dynamic === true

/**
 * Keeps the results of the toolkit's tools (`staticToolResults`), typed as such.
 *
 * @since 0.1.0
 * @category guards
 */
export const isStaticToolResult = (result: ToolResult): result is ToolResult & { readonly dynamic?: false | undefined } =>
  result.dynamic !== true

/**
 * Keeps the dynamic results (`dynamicToolResults`), typed as such.
 *
 * @since 0.1.0
 * @category guards
 */
export const isDynamicToolResult = (result: ToolResult): result is DynamicToolResult => result.dynamic === true
