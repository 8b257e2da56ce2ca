/**
 * Client tool execution: upstream `executeToolCall` (`ai/src/generate-text/execute-tool-call.ts`)
 * with provider-utils `executeTool`. Outcomes are values of the core tool-result model
 * (`ToolResult.ts`): client results and errors, and preliminary results.
 *
 * - A tool without `execute` gives `Option.none()` (not executed).
 * - Success gives a `tool-result`, a failure or defect of the handler a `tool-error` whose `error`
 *   is the raw failure (never a failed Effect); `dynamic` is always the boolean
 *   `tool.type === "dynamic"`; `providerMetadata` / `toolMetadata` only when the call has them;
 *   no `providerExecuted`, `preliminary` or `title`.
 * - A `Stream` handler reports every element as a preliminary result
 *   `{...toolCall, type: "tool-result", output, preliminary: true}`; the final result carries
 *   the last element (`undefined` for an empty stream).
 * - A per-tool timeout (Effect's Clock, so `TestClock` drives it) interrupts the handler and
 *   gives a `tool-error` with a {@link ToolTimeoutError}.
 * - Interrupting the caller interrupts the handler; that stays an interruption.
 *
 * @since 0.1.0
 */
import { Cause, Clock, Duration, Effect, Option, Schema } from "effect"
import * as Stream from "effect/Stream"
import { TypeValidationError } from "../contract/errors/TypeValidationError.ts"
import { getOwn } from "./internal/GetOwn.ts"
import { loud } from "./internal/QuietTracer.ts"
import { safeValidate } from "./internal/ValidateJson.ts"
import type * as Tool from "./Tool.ts"
import type * as Toolkit from "./Toolkit.ts"
import type { ClientToolError, ClientToolResult, PreliminaryToolResult, TypedClientToolOutput } from "./ToolResult.ts"
import type { TypedToolCall } from "./TypedToolCall.ts"

/**
 * The timeout a tool execution ran into. Its `name` and `message` are those of the
 * `DOMException` that upstream's `AbortSignal.timeout` produces, so `getErrorMessage` renders
 * the same text for the model.
 *
 * @since 0.1.0
 * @category errors
 */
export class ToolTimeoutError extends Schema.TaggedError<ToolTimeoutError>("TimeoutError")("ToolTimeoutError", {
  toolName: Schema.String,
  timeout: Schema.Number
}) {
  override get message(): string {
    return "The operation was aborted due to timeout"
  }
}

/**
 * Timeouts for tool execution (upstream `timeout.toolMs` / `timeout.tools['<name>Ms']`):
 * `tools[name]` wins over `tool`.
 *
 * @since 0.1.0
 * @category models
 */
export interface TimeoutConfiguration<T extends Toolkit.Any> {
  readonly tool?: Duration.Input | undefined
  readonly tools?: { readonly [Name in Toolkit.Names<T>]?: Duration.Input | undefined } | undefined
}

/**
 * What {@link executeToolCall} takes.
 *
 * @since 0.1.0
 * @category models
 */
export interface ExecuteOptions<T extends Toolkit.Any, R = never> {
  readonly toolCall: TypedToolCall<NoInfer<T>>
  readonly tools: T | undefined
  readonly messages: Tool.Messages
  readonly timeout?: TimeoutConfiguration<T> | undefined
  /** The tool's context as `execute` receives it (see {@link validateToolContext}). */
  readonly context?: unknown
  /** Called for each preliminary result of a streaming tool, in order, before the final result. */
  readonly onPreliminaryToolResult?: ((result: PreliminaryToolResult<T>) => Effect.Effect<void, never, R>) | undefined
}

/**
 * The result of {@link executeToolCall}: the output and how long the handler ran (Clock time).
 *
 * @since 0.1.0
 * @category models
 */
export interface Executed<T extends Toolkit.Any> {
  readonly output: TypedClientToolOutput<T>
  readonly toolExecutionMs: number
}

const timeoutOf = (
  timeout: TimeoutConfiguration<Toolkit.Any> | undefined,
  toolName: string
): Duration.Duration | undefined => {
  if (timeout === undefined) return undefined
  const input = getOwn(timeout.tools, toolName) ?? timeout.tool
  return input === undefined ? undefined : Duration.fromInputUnsafe(input)
}

type LooseOptions = ExecuteOptions<Toolkit.Any, unknown>

const runHandler = (
  tool: Tool.Any,
  options: LooseOptions
): Effect.Effect<unknown, unknown, unknown> => {
  const { toolCall } = options
  // the handler sees its span as the tracer's active one even when the execution around it is quiet
  return loud(Effect.suspend(() => {
    const execute = tool.execute
    if (execute === undefined) return Effect.void
    const result = execute.call(tool, toolCall.input, {
      toolCallId: toolCall.toolCallId,
      // read through: the step loop makes its copy of the messages only for a tool that reads them
      get messages() {
        return options.messages
      },
      context: options.context
    })
    if (!Stream.isStream(result)) return result
    const onPreliminary = options.onPreliminaryToolResult
    let last: unknown = undefined
    return Stream.runForEach(result, (output) => {
      last = output
      return onPreliminary === undefined
        ? Effect.void
        : onPreliminary({ ...toolCall, type: "tool-result", output, preliminary: true })
    }).pipe(Effect.map(() => last))
  }))
}

/**
 * Executes one client tool call (upstream `executeToolCall`). Never fails: a handler failure or
 * defect (or a timeout) is a `tool-error` value.
 *
 * @since 0.1.0
 * @category generation
 */
export function executeToolCall<T extends Toolkit.Any, R = never>(
  options: ExecuteOptions<T, R>
): Effect.Effect<Option.Option<Executed<T>>, never, Toolkit.Services<T> | R>
export function executeToolCall(
  options: LooseOptions
): Effect.Effect<Option.Option<Executed<Toolkit.Any>>, never, unknown> {
  const { toolCall, tools } = options
  const tool = getOwn(tools, toolCall.toolName)
  if (tool === undefined || typeof tool.execute !== "function") return Effect.succeed(Option.none())
  const { input, toolCallId, toolName } = toolCall
  const dynamic = tool.type === "dynamic"
  const metadata = {
    ...(toolCall.providerMetadata != null ? { providerMetadata: toolCall.providerMetadata } : {}),
    ...(toolCall.toolMetadata != null ? { toolMetadata: toolCall.toolMetadata } : {})
  }
  const timeout = timeoutOf(options.timeout, toolName)
  const handler = runHandler(tool, options)
  const bounded = timeout === undefined ? handler : handler.pipe(
    Effect.timeoutOrElse({
      duration: timeout,
      orElse: () => Effect.fail(new ToolTimeoutError({ toolName, timeout: Duration.toMillis(timeout) }))
    })
  )
  return Effect.gen(function*() {
    const start = yield* Clock.currentTimeMillis
    const exit = yield* Effect.exit(bounded)
    const toolExecutionMs = (yield* Clock.currentTimeMillis) - start
    if (exit._tag === "Success") {
      const output: ClientToolResult = {
        type: "tool-result",
        toolCallId,
        toolName,
        input,
        output: exit.value,
        dynamic,
        ...metadata
      }
      return Option.some({ output, toolExecutionMs })
    }
    if (Cause.hasInterrupts(exit.cause)) return yield* Effect.interrupt
    const output: ClientToolError = {
      type: "tool-error",
      toolCallId,
      toolName,
      input,
      error: Cause.squash(exit.cause),
      dynamic,
      ...metadata
    }
    return Option.some({ output, toolExecutionMs })
  })
}

/**
 * The context a tool's execution receives (upstream `validateToolContext`): its entry of
 * `toolsContext` as is, or validated by its `contextSchema`, failing with upstream's
 * `TypeValidationError` "for tool context (<name>)".
 *
 * @since 0.1.0
 * @category validation
 */
export const validateToolContext = (
  tool: Tool.Any | undefined,
  toolName: string,
  toolsContext: Readonly<Record<string, unknown>> | undefined
): Effect.Effect<unknown, TypeValidationError> => {
  const context = getOwn(toolsContext, toolName)
  const schema = tool?.contextSchema
  if (schema === undefined) return Effect.succeed(context)
  return Effect.flatMap(safeValidate(context, schema), (result) =>
    result.success
      ? Effect.succeed(result.value)
      : Effect.fail(
        new TypeValidationError({
          value: context,
          cause: TypeValidationError.isInstance(result.error) ? result.error.cause : result.error,
          context: { field: "tool context", entityName: toolName }
        })
      ))
}
