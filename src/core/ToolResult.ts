/**
 * The core tool result by source: the `tool-result` / `tool-error` parts of step content and of
 * the full stream (upstream `ai` `TypedToolResult` / `TypedToolError`), split into
 *
 * - **client** results, produced by executing a tool in core: `dynamic` is always a boolean on
 *   the wire (upstream `execute-tool-call.ts` writes `tool.type === 'dynamic'`; a row without it
 *   normalizes to `false`), and `providerExecuted` is plain data, written back exactly as given
 *   (absent, or `false`);
 * - **provider** results, converted from a provider's V4 tool result: `providerExecuted: true` is
 *   written, and `dynamic` passes through as the provider or the matching call gave it (absent
 *   stays absent).
 *
 * Decoding picks the source from the wire: `providerExecuted: true` → provider; absent or `false`
 * → client. The V4 (provider-layer) tool result has no `providerExecuted` field; the mark is set
 * only by {@link fromProviderResult}.
 *
 * In TypeScript the source is the discriminant of a union (`providerExecuted: true` versus
 * `false | undefined`) rather than a nested field, so a core part keeps upstream's flat shape in
 * memory and on the wire.
 *
 * @since 0.1.0
 */
import { Option, Schema, SchemaGetter } from "effect"
import type * as Content from "../contract/Content.ts"
import { optional, undefinedOr } from "../contract/Fields.ts"
import { JsonObject, UnknownValue } from "../contract/Json.ts"
import { ProviderMetadata } from "../contract/ProviderMetadata.ts"
import type * as Tool from "./Tool.ts"
import type * as Toolkit from "./Toolkit.ts"
import type { TypedToolCall } from "./TypedToolCall.ts"

/**
 * `dynamic` of a client result: a boolean in memory; absent on the wire decodes to `false`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ClientDynamic = Schema.optional(Schema.Boolean).pipe(Schema.decodeTo(Schema.Boolean, {
  decode: SchemaGetter.transformOptional((o) => Option.some(Option.isSome(o) && o.value === true)),
  encode: SchemaGetter.transformOptional((o) => o)
}))

// Field order follows upstream's object literals (execute-tool-call.ts, convert-language-model-
// content.ts), so encoded rows are byte-identical to upstream's JSON, not only deep-equal.
const head = {
  toolCallId: Schema.String,
  toolName: Schema.String,
  // deferred provider results have `input: undefined` (absent in JSON)
  input: undefinedOr(UnknownValue)
}
const tail = {
  providerMetadata: optional(ProviderMetadata),
  toolMetadata: optional(JsonObject),
  title: optional(Schema.String)
}

/**
 * A client tool result (the tool ran in core).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ClientToolResult = Schema.Struct({
  type: Schema.Literal("tool-result"),
  ...head,
  output: undefinedOr(UnknownValue),
  providerExecuted: optional(Schema.Literal(false)),
  dynamic: ClientDynamic,
  preliminary: optional(Schema.Boolean),
  ...tail
})

/**
 * A client tool error (the tool failed in core, or the call was invalid).
 *
 * @since 0.1.0
 * @category errors
 */
export const ClientToolError = Schema.Struct({
  type: Schema.Literal("tool-error"),
  ...head,
  error: UnknownValue,
  providerExecuted: optional(Schema.Literal(false)),
  dynamic: ClientDynamic,
  ...tail
})

/**
 * A provider tool result (the provider executed the tool).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ProviderToolResult = Schema.Struct({
  type: Schema.Literal("tool-result"),
  ...head,
  output: undefinedOr(UnknownValue),
  providerExecuted: Schema.Literal(true),
  dynamic: optional(Schema.Boolean),
  preliminary: optional(Schema.Boolean),
  ...tail
})

/**
 * A provider tool error (the provider reported `isError`).
 *
 * @since 0.1.0
 * @category errors
 */
export const ProviderToolError = Schema.Struct({
  type: Schema.Literal("tool-error"),
  ...head,
  error: UnknownValue,
  providerExecuted: Schema.Literal(true),
  dynamic: optional(Schema.Boolean),
  ...tail
})

/**
 * A core tool result or error of either source.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ToolResult = Schema.Union([ProviderToolResult, ProviderToolError, ClientToolResult, ClientToolError])

/**
 * A core tool result or error of either source.
 *
 * @since 0.1.0
 * @category models
 */
export type ToolResult = typeof ToolResult.Type

/**
 * @since 0.1.0
 * @category models
 */
export type ClientToolResult = typeof ClientToolResult.Type
/**
 * @since 0.1.0
 * @category errors
 */
export type ClientToolError = typeof ClientToolError.Type
/**
 * @since 0.1.0
 * @category models
 */
export type ProviderToolResult = typeof ProviderToolResult.Type
/**
 * @since 0.1.0
 * @category errors
 */
export type ProviderToolError = typeof ProviderToolError.Type

/**
 * A client tool result or error: what executing a tool in core produces (`ExecuteTool`), and
 * the `tool-error` of an invalid client call.
 *
 * @since 0.1.0
 * @category models
 */
export type ClientToolOutput = ClientToolResult | ClientToolError

/**
 * A provider tool result or error (made only by {@link fromProviderResult}).
 *
 * @since 0.1.0
 * @category models
 */
export type ProviderToolOutput = ProviderToolResult | ProviderToolError

/**
 * A {@link ClientToolResult} whose `toolName`, `input` and `output` are typed by the tool of a
 * toolkit (upstream `TypedToolResult`); a result of a tool only known at runtime stays untyped.
 * A view of the same value, not another shape.
 *
 * @since 0.1.0
 * @category models
 */
export type TypedClientToolResult<T extends Toolkit.Any> =
  | {
    readonly [Name in Toolkit.Names<T>]: ClientToolResult & {
      readonly toolName: Name
      readonly input: Tool.InputOf<T[Name]>
      readonly output: Tool.OutputOf<T[Name]>
    }
  }[Toolkit.Names<T>]
  | ClientToolResult

/**
 * The outcome of executing one client tool call, typed by its toolkit.
 *
 * @since 0.1.0
 * @category models
 */
export type TypedClientToolOutput<T extends Toolkit.Any> = TypedClientToolResult<T> | ClientToolError

/**
 * A preliminary client result of a streaming tool (stream parts only, never step content): as
 * upstream, the tool call spread plus `type: "tool-result"`, `output` and `preliminary: true`,
 * so `dynamic`, `providerExecuted` and `title` are whatever the call had.
 *
 * @since 0.1.0
 * @category models
 */
export type PreliminaryToolResult<T extends Toolkit.Any = Toolkit.Any> = Omit<TypedToolCall<T>, "type"> & {
  readonly type: "tool-result"
  readonly output: unknown
  readonly preliminary: true
}

/**
 * Where a tool result came from.
 *
 * @since 0.1.0
 * @category models
 */
export type Source = "client" | "provider"

/**
 * The source of a core tool result: `provider` exactly when `providerExecuted` is `true`.
 *
 * @since 0.1.0
 * @category utils
 */
export const source = (part: ToolResult): Source => part.providerExecuted === true ? "provider" : "client"

/**
 * True for a provider result or error.
 *
 * @since 0.1.0
 * @category guards
 */
export const isProviderExecuted = (part: ToolResult): part is ProviderToolResult | ProviderToolError =>
  part.providerExecuted === true

/**
 * What the conversion needs besides the V4 part: the matching call's `input` (`undefined` for a
 * deferred result with no call), the `dynamic` flag (from the matching call in `generate`, from
 * the V4 part in `stream`, as upstream), and the tool's metadata if it has any.
 *
 * @since 0.1.0
 * @category models
 */
export interface ProviderResultContext {
  readonly input: unknown
  readonly dynamic: boolean | undefined
  readonly toolMetadata?: JsonObject | undefined
}

/**
 * Converts a V4 (provider-layer) tool result into a core provider result, or a provider error
 * when `isError` is true, with `providerExecuted: true`. The only code that sets the mark.
 *
 * Mirrors upstream `convert-language-model-content.ts` (generate step content) and
 * `stream-language-model-call.ts` (stream parts): the V4 `result` becomes `output` (or `error`),
 * `dynamic` is written as given (also when `undefined`), `providerMetadata` and `toolMetadata`
 * only when present, and the V4 `preliminary` flag is dropped. The V4 part is not modified.
 *
 * @since 0.1.0
 * @category constructors
 */
export const fromProviderResult = (
  part: Content.ToolResult,
  context: ProviderResultContext
): ProviderToolResult | ProviderToolError => {
  // key order as upstream's object literals: `output`/`error` after `input`, then the mark
  const head = { toolCallId: part.toolCallId, toolName: part.toolName, input: context.input }
  const tail = {
    providerExecuted: true as const,
    dynamic: context.dynamic,
    ...(part.providerMetadata != null ? { providerMetadata: part.providerMetadata } : {}),
    ...(context.toolMetadata != null ? { toolMetadata: context.toolMetadata } : {})
  }
  return part.isError === true
    ? { type: "tool-error", ...head, error: part.result, ...tail }
    : { type: "tool-result", ...head, output: part.result, ...tail }
}
