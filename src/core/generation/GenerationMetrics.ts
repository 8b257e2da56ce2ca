/**
 * The metrics of one traced generateText / streamText call (see `TelemetryMetrics.ts`), fed by
 * the same lifecycle events as its spans: a model call per `onLanguageModelCallStart` (streamText:
 * each attempt), its duration, time to first chunk and tokens at `onLanguageModelCallEnd`, tool
 * durations and failures at `onToolExecutionEnd`, failed model calls at `onStepError`, the
 * operation's duration and outcome at its end, failure or interruption.
 *
 * @internal
 */
import { Clock, Effect } from "effect"
import type {
  LanguageModelCallEndEvent,
  LanguageModelCallStartEvent,
  StartEvent,
  StepErrorEvent,
  StepStartEvent,
  ToolExecutionEndEvent
} from "../GenerationEvents.ts"
import * as Metrics from "../TelemetryMetrics.ts"

/**
 * The metric state of one call.
 *
 * @internal
 */
export class GenerationMetrics {
  private root: Metrics.Labels | undefined = undefined
  private step: Metrics.Labels | undefined = undefined
  private startedAt = 0
  private readonly operationId: string
  private readonly stepOperationId: string
  private readonly functionId: string | undefined

  constructor(operationId: string, stepOperationId: string, functionId: string | undefined) {
    this.operationId = operationId
    this.stepOperationId = stepOperationId
    this.functionId = functionId
  }

  private labels(operationId: string, event: { readonly provider: string; readonly modelId: string }): Metrics.Labels {
    return { operationId, provider: event.provider, modelId: event.modelId, functionId: this.functionId }
  }

  readonly onStart = (event: StartEvent): Effect.Effect<void> =>
    Effect.map(Clock.currentTimeMillis, (now) => {
      this.root = this.labels(this.operationId, event)
      this.startedAt = now
    })

  readonly onStepStart = (event: StepStartEvent): Effect.Effect<void> =>
    Effect.sync(() => {
      this.step = this.labels(this.stepOperationId, event)
    })

  readonly onLanguageModelCallStart = (event: LanguageModelCallStartEvent): Effect.Effect<void> =>
    Metrics.record(Metrics.requests, this.labels(this.stepOperationId, event), 1)

  /** Labelled with the step's requested model (the event names the response's model). */
  readonly onLanguageModelCallEnd = (event: LanguageModelCallEndEvent): Effect.Effect<void> => {
    const labels = this.step ?? this.labels(this.stepOperationId, event)
    const firstChunk = event.performance.timeToFirstOutputMs
    return Effect.andThen(
      Effect.andThen(
        Metrics.record(Metrics.callDuration, labels, event.performance.responseTimeMs),
        firstChunk === undefined ? Effect.void : Metrics.record(Metrics.timeToFirstChunk, labels, firstChunk)
      ),
      Metrics.recordTokens(labels, event.usage)
    )
  }

  readonly onToolExecutionEnd = (event: ToolExecutionEndEvent): Effect.Effect<void> => {
    const step = this.step ?? this.root
    if (step === undefined) return Effect.void
    const labels: Metrics.Labels = { ...step, operationId: "ai.toolCall" }
    const tool = { "ai.toolCall.name": event.toolCall.toolName }
    const out = event.toolOutput
    const failed = out.type === "tool-error"
    return Effect.andThen(
      Metrics.record(Metrics.toolDuration, labels, event.toolExecutionMs, { ...tool, outcome: failed ? "error" : "success" }),
      failed ? Metrics.record(Metrics.errors, labels, 1, { ...tool, "error.type": Metrics.errorType(out.error) }) : Effect.void
    )
  }

  readonly onStepError = (event: StepErrorEvent): Effect.Effect<void> =>
    Metrics.recordError(this.labels(this.stepOperationId, event), event.error)

  private finish(outcome: "success" | "error" | "aborted"): Effect.Effect<void> {
    const root = this.root
    if (root === undefined) return Effect.void
    this.root = undefined
    return Effect.flatMap(
      Clock.currentTimeMillis,
      (now) => Metrics.record(Metrics.operationDuration, root, now - this.startedAt, { outcome })
    )
  }

  readonly onEnd: Effect.Effect<void> = Effect.suspend(() => this.finish("success"))

  readonly onError = (error: unknown): Effect.Effect<void> =>
    Effect.suspend(() =>
      this.root === undefined ? Effect.void : Effect.andThen(Metrics.recordError(this.root, error), this.finish("error"))
    )

  /** The run ended without an end or error event: an abort or an interruption. */
  readonly close: Effect.Effect<void> = Effect.suspend(() => this.finish("aborted"))
}
