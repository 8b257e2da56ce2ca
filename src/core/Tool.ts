/**
 * Tools: what the model may call, how its input is described and validated, and how a client
 * tool runs.
 *
 * Three kinds, as upstream `@ai-sdk/provider-utils` `Tool`:
 * - {@link FunctionTool} (`Tool.make`): input described by an Effect Schema (or a JSON Schema via
 *   {@link jsonSchema}); the JSON Schema sent to the provider is derived from it.
 * - {@link DynamicTool} (`Tool.dynamic`): input type unknown at compile time (e.g. MCP tools);
 *   the JSON Schema is usually given directly. Its calls are marked `dynamic: true`.
 * - {@link ProviderTool} (`Tool.provider`): a provider-defined tool `{id: 'provider.name', args}`,
 *   executed by the provider (`isProviderExecuted: true`) or by the client.
 *
 * `execute` returns an `Effect` (one result) or a `Stream` (preliminary results, the last one is
 * final). Its services appear in the tool's `R` type and, through the toolkit, in the `R` of
 * execution and generation.
 *
 * @since 0.1.0
 */
import type { Effect } from "effect"
import { Schema } from "effect"
import type * as Stream from "effect/Stream"
import type { JsonSchema7 } from "../contract/CallOptions.ts"
import { type InputSchema, isJsonSchemaInput, jsonSchema } from "./internal/JsonSchemaInput.ts"
import type { JsonObject } from "../contract/Json.ts"
import type { ToolResultOutput } from "../contract/Prompt.ts"
import type { ProviderOptions } from "../contract/ProviderMetadata.ts"

/**
 * The messages of the step a tool call belongs to, as generation holds them (upstream passes
 * its `ModelMessage[]`). Kept opaque here so that tools do not depend on the message model.
 *
 * @since 0.1.0
 * @category models
 */
export type Messages = ReadonlyArray<unknown>

/**
 * What `execute` (and `needsApproval`) receive besides the input. There is no abort signal:
 * cancelling is interrupting the fiber that runs the tool.
 *
 * @since 0.1.0
 * @category models
 */
export interface ExecutionContext<Context = unknown> {
  readonly toolCallId: string
  readonly messages: Messages
  /**
   * The tool's entry of the generation's `toolsContext` (upstream `context`), decoded by the
   * tool's `contextSchema` when it has one (typed by it: upstream `ToolExecutionOptions<CONTEXT>`).
   */
  readonly context: Context
}

/**
 * What `execute` returns: one result (`Effect`) or preliminary results (`Stream`, the last
 * element is the final result). Failures and defects become `tool-error` values.
 *
 * @since 0.1.0
 * @category models
 */
export type ExecuteResult<Output, R> = Effect.Effect<Output, unknown, R> | Stream.Stream<Output, unknown, R>

export {
  /**
   * A tool input (or output) schema: an Effect Schema or a JSON Schema given directly.
   *
   * @since 0.1.0
   */
  type InputSchema,
  /**
   * True for a value made by {@link jsonSchema}.
   *
   * @since 0.1.0
   */
  isJsonSchemaInput,
  /**
   * Wraps a JSON Schema (and an optional validation Effect) as a tool input schema.
   *
   * @since 0.1.0
   */
  jsonSchema,
  /**
   * A JSON Schema given directly, with an optional validation.
   *
   * @since 0.1.0
   */
  type JsonSchemaInput
} from "./internal/JsonSchemaInput.ts"

/**
 * True for an Effect Schema (as opposed to a JSON Schema input).
 *
 * @since 0.1.0
 * @category guards
 */
export const isEffectSchema = (u: unknown): u is Schema.Decoder<unknown> => Schema.isSchema(u)

/**
 * What `toModelOutput` receives.
 *
 * @since 0.1.0
 * @category models
 */
export interface ToModelOutputOptions<Input, Output> {
  readonly toolCallId: string
  readonly input: Input
  readonly output: Output
}

/**
 * Fields shared by all tool kinds.
 *
 * @since 0.1.0
 * @category models
 */
export interface BaseTool<Input, Output, R, Context = unknown> {
  /** Optional title (upstream deprecates it in favour of metadata, but still copies it onto calls). */
  readonly title?: string | undefined
  /** Provider-specific options, passed to the provider with the tool definition. */
  readonly providerOptions?: ProviderOptions | undefined
  /** Metadata about the tool itself; not sent to the model, copied onto calls as `toolMetadata`. */
  readonly metadata?: JsonObject | undefined
  /**
   * Validates the tool's entry of the generation's `toolsContext` before each execution (upstream
   * `contextSchema`); a failure is a `TypeValidationError` "for tool context (<name>)".
   */
  readonly contextSchema?: InputSchema<Context> | undefined
  /** The schema of the output, for documentation and typing; not enforced at execution (as upstream). */
  readonly outputSchema?: InputSchema<Output> | undefined
  /** Runs the tool on the client. Absent: the tool is not executed automatically. */
  execute?(input: Input, context: ExecutionContext<Context>): ExecuteResult<Output, R>
  /** Maps the tool result to the output sent back to the model (default: text or JSON). */
  toModelOutput?(options: ToModelOutputOptions<Input, Output>): Effect.Effect<ToolResultOutput, unknown, R>
  /** Whether a call needs approval before it runs (upstream deprecated field, kept for parity). */
  readonly needsApproval?: boolean | NeedsApproval<Input, R, Context> | undefined
}

/**
 * Decides per call whether a tool call needs approval. Declared as a method type so that a tool
 * with a specific input stays assignable to {@link Any}.
 *
 * @since 0.1.0
 * @category models
 */
export type NeedsApproval<Input, R, Context = unknown> = {
  check(input: Input, context: ExecutionContext<Context>): Effect.Effect<boolean, unknown, R>
}["check"]

/**
 * Fields shared by function and dynamic tools.
 *
 * @since 0.1.0
 * @category models
 */
export interface BaseFunctionTool<Input, Output, R, Context = unknown> extends BaseTool<Input, Output, R, Context> {
  readonly description?: string | undefined
  /** Strict mode for providers that support it. */
  readonly strict?: boolean | undefined
  /** Example inputs shown to the model. */
  readonly inputExamples?: ReadonlyArray<{ readonly input: JsonObject }> | undefined
}

/**
 * A tool with a typed input, executed by the client.
 *
 * @since 0.1.0
 * @category models
 */
export interface FunctionTool<Input, Output, R, Context = unknown> extends BaseFunctionTool<Input, Output, R, Context> {
  readonly type: "function"
  readonly inputSchema: InputSchema<Input>
}

/**
 * A tool defined at runtime whose input type is unknown; its calls are `dynamic: true`.
 *
 * @since 0.1.0
 * @category models
 */
export interface DynamicTool<R, Context = unknown> extends BaseFunctionTool<unknown, unknown, R, Context> {
  readonly type: "dynamic"
  readonly inputSchema: InputSchema<unknown>
}

/**
 * A provider-defined tool (`id` is `<provider>.<tool>`); `args` configure it.
 *
 * @since 0.1.0
 * @category models
 */
export interface ProviderTool<Input, Output, R, Context = unknown> extends BaseTool<Input, Output, R, Context> {
  readonly type: "provider"
  readonly id: `${string}.${string}`
  readonly args: Readonly<Record<string, unknown>>
  /** Absent: every object is accepted (upstream `asSchema(undefined)`). */
  readonly inputSchema?: InputSchema<Input> | undefined
  /** Whether the provider executes the tool (no client `execute` then). */
  readonly isProviderExecuted: boolean
  /** The provider may send the result in a later turn than the call. */
  readonly supportsDeferredResults?: boolean | undefined
}

/**
 * Any tool.
 *
 * @since 0.1.0
 * @category models
 */
export type Tool<Input, Output, R, Context = unknown> =
  | FunctionTool<Input, Output, R, Context>
  | DynamicTool<R, Context>
  | ProviderTool<Input, Output, R, Context>

/**
 * The type every tool is assignable to.
 *
 * @since 0.1.0
 * @category models
 */
export type Any = Tool<unknown, unknown, unknown, unknown>

/**
 * The decoded input type of a tool.
 *
 * @since 0.1.0
 * @category models
 */
export type InputOf<T> = T extends DynamicTool<infer _R> ? unknown
  : T extends FunctionTool<infer I, infer _O, infer _R> ? I
  : T extends ProviderTool<infer I, infer _O, infer _R> ? I
  : never

/**
 * The output type of a tool.
 *
 * @since 0.1.0
 * @category models
 */
export type OutputOf<T> = T extends DynamicTool<infer _R> ? unknown
  : T extends FunctionTool<infer _I, infer O, infer _R> ? O
  : T extends ProviderTool<infer _I, infer O, infer _R> ? O
  : never

/**
 * The services a tool's handlers need.
 *
 * @since 0.1.0
 * @category models
 */
export type ServicesOf<T> = T extends DynamicTool<infer R> ? R
  : T extends FunctionTool<infer _I, infer _O, infer R> ? R
  : T extends ProviderTool<infer _I, infer _O, infer R> ? R
  : never

/**
 * The context type a tool's `execute` receives: what its `contextSchema` decodes to (`unknown`
 * without one).
 *
 * @since 0.1.0
 * @category models
 */
export type ContextOf<T> = T extends BaseTool<infer _I, infer _O, infer _R, infer C> ? C : never

/**
 * Options of {@link make}: a function tool without its `type`.
 *
 * @since 0.1.0
 * @category models
 */
export type MakeOptions<Input, Output, R, Context = unknown> = Omit<FunctionTool<Input, Output, R, Context>, "type">

/**
 * Defines a function tool (upstream `tool({...})`).
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = <Input, Output = unknown, R = never, Context = unknown>(
  options: MakeOptions<Input, Output, R, Context>
): FunctionTool<NoInfer<Input>, NoInfer<Output>, NoInfer<R>, Context> => ({ ...options, type: "function" })

/**
 * Options of {@link dynamic}.
 *
 * @since 0.1.0
 * @category models
 */
export type DynamicOptions<R, Context = unknown> = Omit<DynamicTool<R, Context>, "type" | "inputSchema"> & {
  /** A JSON Schema given directly (not validated), an Effect Schema or a {@link jsonSchema} input. */
  readonly inputSchema: InputSchema<unknown> | JsonSchema7
}

/**
 * Defines a dynamic tool (upstream `dynamicTool({...})`). A plain JSON Schema object as
 * `inputSchema` is sent as is and performs no validation.
 *
 * @since 0.1.0
 * @category constructors
 */
export const dynamic = <R = never, Context = unknown>(options: DynamicOptions<R, Context>): DynamicTool<NoInfer<R>, Context> => {
  const inputSchema = options.inputSchema
  return {
    ...options,
    type: "dynamic",
    inputSchema: isEffectSchema(inputSchema) || isJsonSchemaInput(inputSchema) ? inputSchema : jsonSchema(inputSchema)
  }
}

/**
 * Options of {@link provider}.
 *
 * @since 0.1.0
 * @category models
 */
export type ProviderOptionsOf<Input, Output, R, Context = unknown> = Omit<ProviderTool<Input, Output, R, Context>, "type">

/**
 * Defines a provider tool (what provider packages' tool factories return).
 *
 * @since 0.1.0
 * @category constructors
 */
export const provider = <Input = unknown, Output = unknown, R = never, Context = unknown>(
  options: ProviderOptionsOf<Input, Output, R, Context>
): ProviderTool<NoInfer<Input>, NoInfer<Output>, NoInfer<R>, Context> => ({ ...options, type: "provider" })
