/**
 * The metrics of one traced embed / embedMany / rerank call (see `TelemetryMetrics.ts`): a
 * model call per attempt start, its duration and tokens when it returns; at a failure the open
 * model calls and the operation count an error; the operation's duration and outcome at its end.
 *
 * @internal
 */
import { Clock, Effect } from "effect"
import * as Metrics from "../TelemetryMetrics.ts"

interface Model {
  readonly provider: string
  readonly modelId: string
}

/**
 * The metric state of one operation.
 *
 * @internal
 */
export class OperationMetrics {
  private root: Metrics.Labels | undefined = undefined
  private startedAt = 0
  private readonly calls = new Map<string, { readonly labels: Metrics.Labels; readonly startedAt: number }>()
  private readonly functionId: string | undefined

  constructor(functionId: string | undefined) {
    this.functionId = functionId
  }

  private labels(operationId: string, model: Model): Metrics.Labels {
    return { operationId, provider: model.provider, modelId: model.modelId, functionId: this.functionId }
  }

  readonly start = (operationId: string, model: Model): Effect.Effect<void> =>
    Effect.map(Clock.currentTimeMillis, (now) => {
      this.root = this.labels(operationId, model)
      this.startedAt = now
    })

  /** A model call attempt starts (a retried attempt replaces the failed one under the same id). */
  readonly callStart = (id: string, operationId: string, model: Model): Effect.Effect<void> =>
    Effect.flatMap(Clock.currentTimeMillis, (now) => {
      const labels = this.labels(operationId, model)
      this.calls.set(id, { labels, startedAt: now })
      return Metrics.record(Metrics.requests, labels, 1)
    })

  readonly callEnd = (id: string, usage: { readonly inputTokens?: number | undefined }): Effect.Effect<void> =>
    Effect.flatMap(Clock.currentTimeMillis, (now) => {
      const call = this.calls.get(id)
      if (call === undefined) return Effect.void
      this.calls.delete(id)
      return Effect.andThen(
        Metrics.record(Metrics.callDuration, call.labels, now - call.startedAt),
        Metrics.recordTokens(call.labels, usage)
      )
    })

  private finish(outcome: "success" | "error" | "aborted"): Effect.Effect<void> {
    const root = this.root
    this.root = undefined
    this.calls.clear()
    if (root === undefined) return Effect.void
    return Effect.flatMap(
      Clock.currentTimeMillis,
      (now) => Metrics.record(Metrics.operationDuration, root, now - this.startedAt, { outcome })
    )
  }

  readonly end: Effect.Effect<void> = Effect.suspend(() => this.finish("success"))

  readonly error = (error: unknown): Effect.Effect<void> =>
    Effect.suspend(() => {
      const failed = [...[...this.calls.values()].map((call) => call.labels), ...(this.root ? [this.root] : [])]
      return Effect.andThen(
        Effect.forEach(failed, (labels) => Metrics.recordError(labels, error), { discard: true }),
        this.finish("error")
      )
    })

  readonly close: Effect.Effect<void> = Effect.suspend(() => this.finish("aborted"))
}
