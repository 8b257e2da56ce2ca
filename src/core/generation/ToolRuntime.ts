/**
 * What generation needs of a toolkit, in one interface: the V4 tool options, lookups, parsing a
 * provider call (upstream `parseToolCall`) and running a client call (upstream `executeToolCall`).
 *
 * The runtime is built once per generation in the caller's context and captures it, so the
 * generation loops stay free of the handlers' service types: the `R` of the tools and of the
 * repair/refine functions is required once, by {@link makeToolRuntime}.
 *
 * @internal
 */
import { Effect, Option } from "effect"
import { quiet, withoutTracing } from "../internal/QuietTracer.ts"
import type { CallTool, ToolChoice as V4ToolChoice } from "../../contract/CallOptions.ts"
import type * as Content from "../../contract/Content.ts"
import type { Prompt } from "../../contract/Prompt.ts"
import * as ExecuteTool from "../ExecuteTool.ts"
import type { ToolCall, ToolInfo, ToolInfoSet } from "../StepContent.ts"
import type * as Tool from "../Tool.ts"
import { type InputRefinement, type Instructions, parseToolCall, type RepairFunction, ToolCallParser } from "../ToolCallParser.ts"
import * as Toolkit from "../Toolkit.ts"
import { type TimeoutOption, toolTimeoutsOf } from "./Timeouts.ts"
import type { TypeValidationError } from "../../contract/errors/TypeValidationError.ts"
import { getOwn } from "../internal/GetOwn.ts"
import type { ClientToolOutput, PreliminaryToolResult } from "../ToolResult.ts"

/**
 * The tool options shared by generateText and streamText.
 *
 * @internal
 */
export interface ToolOptions<T extends Toolkit.Any, R> {
  /** The tools the model may call (upstream `tools`). */
  readonly tools?: T | undefined
  /** How the model may choose tools (default `auto`); `none`, `required` and `{type:'tool'}` are enforced. */
  readonly toolChoice?: Toolkit.ToolChoice<NoInfer<T>> | undefined
  /** Only these tools are sent to the model and parsed against (upstream `activeTools`). */
  readonly activeTools?: ReadonlyArray<Toolkit.Names<NoInfer<T>>> | undefined
  /** Repairs calls that fail to parse (upstream `experimental_repairToolCall`). */
  readonly repairToolCall?: RepairFunction<NoInfer<T>, R> | undefined
  /** Refines parsed inputs per tool (upstream `experimental_refineToolInput`). */
  readonly refineToolInput?: InputRefinement<NoInfer<T>, R> | undefined
  /** Upstream's name of `refineToolInput` (used when `refineToolInput` is absent). */
  readonly experimental_refineToolInput?: InputRefinement<NoInfer<T>, R> | undefined
  /**
   * The order of the tools sent to the model (upstream `toolOrder`): these first, in this order,
   * then the others sorted by name. Without it, the toolkit's own order.
   */
  readonly toolOrder?: ReadonlyArray<Toolkit.Names<NoInfer<T>>> | undefined
  /** Most tool calls of one step running at once (default unbounded). */
  readonly toolCallConcurrency?: number | undefined
  /**
   * Upstream's `timeout`: a number is the total; `totalMs`, `stepMs`, `firstChunkMs`, `chunkMs`
   * (the last two for streams), `toolMs` and `tools['<name>Ms']` for tool executions (Effect
   * Clock). generateText fails with the typed timeout error; streamText ends as on an abort, with
   * the error's text as the reason.
   */
  readonly timeout?: TimeoutOption<NoInfer<T>> | undefined
  /**
   * Tool execution timeouts as Durations (`tool`, `tools[name]`): aimux's earlier name, used when
   * `timeout` sets no tool timeout (upstream: `timeout.toolMs` / `timeout.tools`).
   */
  readonly toolTimeout?: ExecuteTool.TimeoutConfiguration<NoInfer<T>> | undefined
  /**
   * Per-tool context (upstream `toolsContext`): each tool's entry is passed to its `execute` as
   * `context`, validated by the tool's `contextSchema` when it has one.
   */
  readonly toolsContext?: Toolkit.ToolsContext<NoInfer<T>> | undefined
}

/**
 * The outcome of a client tool run.
 *
 * @internal
 */
export interface Executed {
  readonly output: ClientToolOutput
  readonly toolExecutionMs: number
}

/**
 * The tools of a generation, with the caller's services captured.
 *
 * @internal
 */
export interface ToolRuntime {
  readonly info: ToolInfoSet | undefined
  readonly callTools: ReadonlyArray<CallTool> | undefined
  readonly toolChoice: V4ToolChoice
  /**
   * Parses a provider call; never fails: failures are invalid calls. `messages` is read only if
   * a repair function reads them (see `StepMessages`).
   */
  readonly parse: (call: Content.ToolCall, messages: () => Prompt) => Effect.Effect<ToolCall>
  /** True when the call is a valid client call to a tool with an `execute` (and tools are not withheld). */
  readonly isExecutable: (call: ToolCall) => boolean
  /** The context of a client call's tool (upstream `validateToolContext`). */
  readonly toolContext: (call: ToolCall) => Effect.Effect<unknown, TypeValidationError>
  /**
   * Runs a client call; preliminary results go to `onPreliminary` in order. `context` is what
   * `toolContext` gave (absent: the tool's `toolsContext` entry as is). `messages` is read only
   * if the tool reads them.
   */
  readonly execute: (
    call: ToolCall,
    messages: () => Prompt,
    onPreliminary: (part: PreliminaryToolResult) => Effect.Effect<void>,
    context?: { readonly value: unknown }
  ) => Effect.Effect<Executed | undefined>
}

const infoOf = (tool: Tool.Any, provide: <A, E>(effect: Effect.Effect<A, E, unknown>) => Effect.Effect<A, E>): ToolInfo => {
  const toModelOutput = tool.toModelOutput
  return {
    type: tool.type,
    title: tool.title,
    metadata: tool.metadata,
    supportsDeferredResults: tool.type === "provider" ? tool.supportsDeferredResults : undefined,
    toModelOutput: toModelOutput === undefined
      ? undefined
      // upstream: a throwing toModelOutput rejects the generation; here it is a defect
      : (options) => Effect.orDie(provide(Effect.suspend(() => toModelOutput.call(tool, options))))
  }
}

/** Upstream `orderToolEntries`: the ordered names first, then the rest by name. */
const orderTools = (tools: Toolkit.Any | undefined, toolOrder: ReadonlyArray<string> | undefined): Toolkit.Any | undefined => {
  if (tools === undefined || toolOrder === undefined) return tools
  const entries = Object.entries(tools)
  const ordered = entries
    .filter(([name]) => toolOrder.includes(name))
    .sort(([a], [b]) => toolOrder.indexOf(a) - toolOrder.indexOf(b))
  const rest = entries.filter(([name]) => !toolOrder.includes(name)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return Object.fromEntries([...ordered, ...rest])
}

/**
 * Builds the runtime of a generation's tools in the caller's context, parsing calls with the
 * `ToolCallParser` service when one is provided (upstream's `parseToolCall` otherwise).
 * `toolChoice: 'none'` disables repair, refinement and execution, as upstream 7.0.173.
 *
 * @internal
 */
export function makeToolRuntime<T extends Toolkit.Any, R>(
  options: ToolOptions<T, R>,
  instructions: Instructions | undefined,
  toolsContext?: Readonly<Record<string, unknown>>
): Effect.Effect<ToolRuntime, never, Toolkit.Services<T> | R>
export function makeToolRuntime(
  options: ToolOptions<Toolkit.Any, unknown>,
  instructions: Instructions | undefined,
  // prepareStep's tools' context, over the generation's
  toolsContext: Readonly<Record<string, unknown>> | undefined = options.toolsContext
): Effect.Effect<ToolRuntime, never, unknown> {
  return Effect.gen(function*() {
    // the caller's services; where they are provided keeps its own span and tracer (a tool's
    // `ai.toolCall` span; a quiet loop's tracer), without re-parenting per call
    const context = withoutTracing(yield* Effect.context<unknown>())
    // the ToolCallParser service when one is provided, else upstream's parser
    const parser = Option.match(yield* Effect.serviceOption(ToolCallParser), {
      onNone: () => parseToolCall,
      onSome: (service) => service.parse
    })
    const provide = <A, E>(effect: Effect.Effect<A, E, unknown>): Effect.Effect<A, E> => Effect.provideContext(effect, context)
    const tools = options.tools
    const toolTimeouts = toolTimeoutsOf(options.timeout) ?? options.toolTimeout
    const activeTools = options.activeTools
    // parsing uses the active tools, as upstream (`stepModelTools`)
    const parseTools: Toolkit.Any | undefined = tools === undefined || activeTools === undefined
      ? tools
      : Object.fromEntries(Object.entries(tools).filter(([name]) => activeTools.includes(name)))
    const callTools = yield* Toolkit.prepareTools(orderTools(tools, options.toolOrder), { activeTools })
    const toolChoice = Toolkit.prepareToolChoice(options.toolChoice)
    const withheld = toolChoice.type === "none"
    const info: ToolInfoSet | undefined = tools === undefined
      ? undefined
      : Object.fromEntries(Object.entries(tools).map(([name, tool]) => [name, infoOf(tool, provide)]))
    const executable = (call: ToolCall): boolean => {
      if (withheld || call.invalid === true || call.providerExecuted === true) return false
      const tool = Toolkit.getTool(tools, call.toolName)
      return tool !== undefined && typeof tool.execute === "function"
    }
    const runtime: ToolRuntime = {
      info,
      callTools,
      toolChoice,
      parse: (toolCall, messages) =>
        provide(parser({
          toolCall,
          tools: parseTools,
          repairToolCall: withheld ? undefined : options.repairToolCall,
          refineToolInput: withheld ? undefined : options.refineToolInput ?? options.experimental_refineToolInput,
          instructions,
          get messages() {
            return messages()
          }
        })),
      isExecutable: executable,
      toolContext: (toolCall) =>
        ExecuteTool.validateToolContext(Toolkit.getTool(tools, toolCall.toolName), toolCall.toolName, toolsContext),
      execute: (toolCall, messages, onPreliminary, context) => {
        if (!executable(toolCall)) return Effect.succeed(undefined)
        // the bookkeeping around the handler skips the tracer's context propagation (QuietTracer)
        return provide(quiet(ExecuteTool.executeToolCall({
          toolCall,
          tools,
          get messages() {
            return messages()
          },
          timeout: toolTimeouts,
          context: context === undefined ? getOwn(toolsContext, toolCall.toolName) : context.value,
          onPreliminaryToolResult: (part) => onPreliminary(part)
        }))).pipe(Effect.map(Option.getOrUndefined))
      }
    }
    return runtime
  })
}
