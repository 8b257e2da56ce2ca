/**
 * Parsed tool calls (upstream `TypedToolCall`): a call to a known tool with a decoded input
 * ({@link StaticToolCall}), or a dynamic call (dynamic tool, provider-executed dynamic call, or an
 * invalid call carrying its `error`).
 *
 * Key presence follows upstream exactly: `providerExecuted`, `providerMetadata` and `title` are
 * always present (possibly `undefined`), `toolMetadata` only when the tool has metadata, and a
 * valid static call has no `dynamic` key.
 *
 * @since 0.1.0
 */
import type { JsonObject } from "../contract/Json.ts"
import type { ProviderMetadata } from "../contract/ProviderMetadata.ts"
import type * as Tool from "./Tool.ts"
import type * as Toolkit from "./Toolkit.ts"

/**
 * Fields shared by every parsed tool call.
 *
 * @since 0.1.0
 * @category models
 */
export interface BaseToolCall {
  readonly type: "tool-call"
  readonly toolCallId: string
  readonly providerExecuted?: boolean | undefined
  readonly providerMetadata?: ProviderMetadata | undefined
  readonly toolMetadata?: JsonObject | undefined
}

/**
 * A valid call to a tool of the toolkit, input decoded by the tool's schema.
 *
 * @since 0.1.0
 * @category models
 */
export type StaticToolCall<T extends Toolkit.Any> = {
  readonly [Name in keyof T & string]: BaseToolCall & {
    readonly toolName: Name
    readonly input: Tool.InputOf<T[Name]>
    readonly dynamic?: false | undefined
    readonly invalid?: false | undefined
    readonly error?: never
    readonly title?: string | undefined
  }
}[keyof T & string]

/**
 * A call whose tool is only known at runtime: a dynamic tool's call, a provider-executed dynamic
 * call, or an invalid call (`invalid: true` with its `error`).
 *
 * @since 0.1.0
 * @category models
 */
export interface DynamicToolCall extends BaseToolCall {
  readonly toolName: string
  readonly input: unknown
  readonly dynamic: true
  readonly title?: string | undefined
  /** True when the call could not be parsed or names an unknown tool. */
  readonly invalid?: boolean | undefined
  /** Why the call is invalid (a NoSuchToolError, InvalidToolInputError, ToolCallRepairError, or a refinement failure). */
  readonly error?: unknown
}

/**
 * An invalid tool call, as {@link DynamicToolCall} with `invalid: true`.
 *
 * @since 0.1.0
 * @category models
 */
export interface InvalidToolCall extends DynamicToolCall {
  readonly invalid: true
  readonly error: unknown
}

/**
 * A parsed tool call.
 *
 * @since 0.1.0
 * @category models
 */
export type TypedToolCall<T extends Toolkit.Any> = StaticToolCall<T> | DynamicToolCall
