/**
 * Parses a provider tool call (`input` is JSON text) against a toolkit, with optional repair and
 * input refinement: exactly upstream `parseToolCall` (`ai/src/generate-text/parse-tool-call.ts`).
 *
 * Every parse or validation problem ends as an invalid call value (`invalid: true`,
 * `dynamic: true`, `error`), never as a failure: the error channel is `never`. Interruption (the
 * equivalent of upstream's abort signal) propagates as interruption.
 *
 * @since 0.1.0
 */
import { Cause, Context, Effect, Layer } from "effect"
import type { JsonSchema7 } from "../contract/CallOptions.ts"
import type { ToolCall } from "../contract/Content.ts"
import { InvalidToolInputError } from "../contract/errors/InvalidToolInputError.ts"
import { NoSuchToolError } from "../contract/errors/NoSuchToolError.ts"
import { ToolCallRepairError } from "../contract/errors/ToolCallRepairError.ts"
import type { SystemMessage } from "../contract/Prompt.ts"
import { getOwn } from "./internal/GetOwn.ts"
import { safeParseJson, safeParseJsonWith, safeValidate } from "./internal/ValidateJson.ts"
import type * as Tool from "./Tool.ts"
import { toolJsonSchema } from "./ToolJsonSchema.ts"
import type * as Toolkit from "./Toolkit.ts"
import type { DynamicToolCall, TypedToolCall } from "./TypedToolCall.ts"

/**
 * The instructions (system prompt) of the generation, as upstream `Instructions`.
 *
 * @since 0.1.0
 * @category models
 */
export type Instructions = string | SystemMessage | ReadonlyArray<SystemMessage>

/**
 * What a repair function receives (upstream `ToolCallRepairFunction` options; `system` is the
 * deprecated alias of `instructions`).
 *
 * @since 0.1.0
 * @category models
 */
export interface RepairOptions<T extends Toolkit.Any> {
  readonly toolCall: ToolCall
  readonly tools: T
  /** The JSON Schema of a tool's input (the empty object schema for an unknown name). */
  readonly inputSchema: (options: { readonly toolName: string }) => Effect.Effect<JsonSchema7>
  readonly instructions: Instructions | undefined
  readonly system: Instructions | undefined
  readonly messages: Tool.Messages
  readonly error: NoSuchToolError | InvalidToolInputError
}

/**
 * Repairs a tool call that failed to parse; it may call a model (services in `R`). Returning
 * `null`/`undefined` means "no repair": the original error stays. A failure (or defect) of the
 * returned Effect becomes `ToolCallRepairError { cause, originalError }`.
 *
 * @since 0.1.0
 * @category models
 */
export type RepairFunction<T extends Toolkit.Any, R = never> = (
  options: RepairOptions<T>
) => Effect.Effect<ToolCall | null | undefined, unknown, R>

/**
 * Per-tool refinement of a parsed input (upstream `ToolInputRefinement`); a failure makes the
 * call invalid with that failure as its error.
 *
 * @since 0.1.0
 * @category models
 */
export type InputRefinement<T extends Toolkit.Any, R = never> = {
  readonly [Name in keyof T]?: (input: Tool.InputOf<T[Name]>) => Effect.Effect<Tool.InputOf<T[Name]>, unknown, R>
}

/**
 * What {@link parseToolCall} takes.
 *
 * @since 0.1.0
 * @category models
 */
export interface ParseOptions<T extends Toolkit.Any, R = never> {
  readonly toolCall: ToolCall
  /** `undefined` means no tools at all: a call fails with NoSuchToolError and is not repaired. */
  readonly tools: T | undefined
  readonly repairToolCall?: RepairFunction<T, R> | undefined
  readonly refineToolInput?: InputRefinement<T, R> | undefined
  readonly instructions?: Instructions | undefined
  readonly messages: Tool.Messages
}

const inputSchemaInputKey: unique symbol = Symbol.for("aimux/TypedToolCall/inputSchemaInput")

/**
 * The value the tool's schema received before decoding (upstream keeps it under a private
 * symbol for approval replay, `inputSchemaInput`); absent for calls not validated by a tool.
 *
 * @since 0.1.0
 * @category getters
 */
export const getInputSchemaInput = (call: object): { readonly value: unknown } | undefined =>
  inputSchemaInputKey in call ? { value: Reflect.get(call, inputSchemaInputKey) } : undefined

const setInputSchemaInput = <A extends object>(call: A, value: unknown): A => {
  Object.defineProperty(call, inputSchemaInputKey, { value })
  return call
}

// The loose shape used inside; the exported signature narrows it to `TypedToolCall<T>`.
type Parsed = TypedToolCall<Toolkit.Any>

const parseProviderExecutedDynamic = (toolCall: ToolCall): Effect.Effect<DynamicToolCall, InvalidToolInputError> => {
  const result = toolCall.input.trim() === "" ? { success: true as const, value: {} } : safeParseJson(toolCall.input)
  if (!result.success) {
    return Effect.fail(
      new InvalidToolInputError({ toolName: toolCall.toolName, toolInput: toolCall.input, cause: result.error })
    )
  }
  return Effect.succeed({
    type: "tool-call",
    toolCallId: toolCall.toolCallId,
    toolName: toolCall.toolName,
    input: result.value,
    providerExecuted: true,
    dynamic: true,
    providerMetadata: toolCall.providerMetadata
  })
}

const doParse = (
  toolCall: ToolCall,
  tools: Toolkit.Any
): Effect.Effect<Parsed, NoSuchToolError | InvalidToolInputError> =>
  Effect.suspend((): Effect.Effect<Parsed, NoSuchToolError | InvalidToolInputError> => {
    const tool = getOwn(tools, toolCall.toolName)
    if (tool === undefined) {
      if (toolCall.providerExecuted && toolCall.dynamic) return parseProviderExecutedDynamic(toolCall)
      return Effect.fail(new NoSuchToolError({ toolName: toolCall.toolName, availableTools: Object.keys(tools) }))
    }
    // many models send an empty string for tools without arguments: validate `{}` instead
    const parse = toolCall.input.trim() === ""
      ? safeValidate({}, tool.inputSchema)
      : safeParseJsonWith(toolCall.input, tool.inputSchema)
    return Effect.flatMap(parse, (result): Effect.Effect<Parsed, InvalidToolInputError> => {
      if (!result.success) {
        return Effect.fail(
          new InvalidToolInputError({ toolName: toolCall.toolName, toolInput: toolCall.input, cause: result.error })
        )
      }
      const toolMetadata = tool.metadata != null ? { toolMetadata: tool.metadata } : {}
      const call: Parsed = tool.type === "dynamic"
        ? {
          type: "tool-call",
          toolCallId: toolCall.toolCallId,
          toolName: toolCall.toolName,
          input: result.value,
          providerExecuted: toolCall.providerExecuted,
          providerMetadata: toolCall.providerMetadata,
          ...toolMetadata,
          dynamic: true,
          title: tool.title
        }
        : {
          type: "tool-call",
          toolCallId: toolCall.toolCallId,
          toolName: toolCall.toolName,
          input: result.value,
          providerExecuted: toolCall.providerExecuted,
          providerMetadata: toolCall.providerMetadata,
          ...toolMetadata,
          title: tool.title
        }
      return Effect.succeed(setInputSchemaInput(call, result.rawValue))
    })
  })

const refine = <R>(
  call: Parsed,
  refinements: InputRefinement<Toolkit.Any, R> | undefined
): Effect.Effect<Parsed, unknown, R> => {
  const refineInput = getOwn(refinements, call.toolName)
  if (refineInput === undefined) return Effect.succeed(call)
  return Effect.map(Effect.suspend(() => refineInput(call.input)), (input) => {
    const refined: Parsed = { ...call, input }
    const raw = getInputSchemaInput(call)
    return raw === undefined ? refined : setInputSchemaInput(refined, raw.value)
  })
}

// Failures and defects are both "thrown" in upstream's terms; interruption is not.
const catchNonInterrupt = <A, E, R, A2, E2, R2>(
  self: Effect.Effect<A, E, R>,
  f: (error: unknown) => Effect.Effect<A2, E2, R2>
): Effect.Effect<A | A2, E2, R | R2> =>
  Effect.catchCause(self, (cause) => Cause.hasInterrupts(cause) ? Effect.interrupt : f(Cause.squash(cause)))

const isRepairable = (error: unknown): error is NoSuchToolError | InvalidToolInputError =>
  error instanceof NoSuchToolError || error instanceof InvalidToolInputError

/**
 * Parses one provider tool call (upstream `parseToolCall`). Never fails: problems give an
 * invalid call with the ORIGINAL id, name and input (JSON-parsed when possible, else the raw
 * text) and the error — after a failed repair, the repaired call's own error, unwrapped.
 *
 * @since 0.1.0
 * @category generation
 */
export function parseToolCall<T extends Toolkit.Any, R = never>(
  options: ParseOptions<T, R>
): Effect.Effect<TypedToolCall<T>, never, R>
export function parseToolCall(options: ParseOptions<Toolkit.Any, unknown>): Effect.Effect<Parsed, never, unknown> {
  // `options.messages` is read only by a repair (the step loop makes its copy of them on read)
  const { refineToolInput, repairToolCall, toolCall, tools } = options
  const instructions = options.instructions

  const attempt: Effect.Effect<Parsed, unknown, unknown> = tools == null
    ? toolCall.providerExecuted && toolCall.dynamic
      ? Effect.flatMap(parseProviderExecutedDynamic(toolCall), (call) => refine(call, refineToolInput))
      : Effect.fail(new NoSuchToolError({ toolName: toolCall.toolName }))
    : catchNonInterrupt(
      Effect.flatMap(doParse(toolCall, tools), (call) => refine(call, refineToolInput)),
      (error) => {
        if (repairToolCall === undefined || !isRepairable(error)) return Effect.fail(error)
        const repair = Effect.suspend(() =>
          repairToolCall({
            toolCall,
            tools,
            inputSchema: ({ toolName }) => toolJsonSchema(getOwn(tools, toolName)?.inputSchema),
            instructions,
            system: instructions,
            messages: options.messages,
            error
          })
        )
        return catchNonInterrupt(
          repair,
          (repairError) => Effect.fail(new ToolCallRepairError({ cause: repairError, originalError: error }))
        ).pipe(
          Effect.flatMap((repaired) =>
            repaired == null
              ? Effect.fail(error)
              : Effect.flatMap(doParse(repaired, tools), (call) => refine(call, refineToolInput))
          )
        )
      }
    )

  return catchNonInterrupt(attempt, (error) => {
    const parsed = safeParseJson(toolCall.input)
    const tool = getOwn(tools, toolCall.toolName)
    const invalid: DynamicToolCall = {
      type: "tool-call",
      toolCallId: toolCall.toolCallId,
      toolName: toolCall.toolName,
      input: parsed.success ? parsed.value : toolCall.input,
      dynamic: true,
      invalid: true,
      error,
      title: tool?.title,
      providerExecuted: toolCall.providerExecuted,
      providerMetadata: toolCall.providerMetadata,
      ...(tool?.metadata != null ? { toolMetadata: tool.metadata } : {})
    }
    return Effect.succeed(invalid)
  })
}

/**
 * The tool-call parser service shape.
 *
 * @since 0.1.0
 * @category models
 */
export interface Service {
  readonly parse: <T extends Toolkit.Any, R = never>(
    options: ParseOptions<T, R>
  ) => Effect.Effect<TypedToolCall<T>, never, R>
}

/**
 * The tool-call parser (upstream `parseToolCall`) as a service, so generation can be given a
 * different parser in tests; {@link ToolCallParser.layer} is the upstream-exact default.
 *
 * @since 0.1.0
 * @category services
 */
export class ToolCallParser extends Context.Service<ToolCallParser, Service>()("aimux/ToolCallParser") {
  /**
   * The default parser.
   *
   * @since 0.1.0
   */
  static readonly layer: Layer.Layer<ToolCallParser> = Layer.succeed(ToolCallParser)({ parse: parseToolCall })
}
