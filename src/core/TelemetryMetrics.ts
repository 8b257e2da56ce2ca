/**
 * The metrics of traced calls, as Effect `Metric`s (so they reach any backend through
 * `@effect/opentelemetry`'s `OtelMetrics` / `NodeSdk.layer({ metricReader })`, or are read with
 * `Metric.value` / `Metric.snapshot`): model calls, tokens in and out, time to first chunk, model
 * call and operation durations, tool durations, errors by type. They are recorded for every call
 * the telemetry traces (`Telemetry.layer`, or `telemetry: { isEnabled: true }`), whatever its
 * `recordInputs` / `recordOutputs`.
 *
 * Every series is labelled with the operation (`ai.operationId`: `ai.streamText.doStream`,
 * `ai.embed.doEmbed`, `ai.toolCall`, ...), the provider (`gen_ai.system`), the model
 * (`gen_ai.request.model`) and, when the call sets one, `ai.telemetry.functionId`; tools add
 * `ai.toolCall.name`, errors `error.type` (the error's `_tag`, else its `name`). No label holds
 * an input, an output, a header or a credential. Durations are milliseconds.
 *
 * @since 0.1.0
 */
import { Effect, Metric } from "effect"

const boundaries = Metric.exponentialBoundaries({ start: 1, factor: 2, count: 20 })

/**
 * Model calls started (`doGenerate`, `doStream`, `doEmbed`, `doRerank`).
 *
 * @since 0.1.0
 * @category metrics
 */
export const requests: Metric.Counter<number> = Metric.counter("ai.requests", {
  description: "Model calls started",
  incremental: true
})

/**
 * Tokens used by model calls, with `gen_ai.token.type` `input` or `output`.
 *
 * @since 0.1.0
 * @category metrics
 */
export const tokens: Metric.Counter<number> = Metric.counter("ai.tokens", {
  description: "Tokens used by model calls (gen_ai.token.type: input, output)",
  incremental: true
})

/**
 * Milliseconds from a streaming model call's start to its first output part.
 *
 * @since 0.1.0
 * @category metrics
 */
export const timeToFirstChunk: Metric.Histogram<number> = Metric.histogram("ai.time_to_first_chunk", {
  description: "Milliseconds from a streaming model call's start to its first output part",
  boundaries
})

/**
 * Milliseconds of each model call that returned.
 *
 * @since 0.1.0
 * @category metrics
 */
export const callDuration: Metric.Histogram<number> = Metric.histogram("ai.call.duration", {
  description: "Milliseconds of each model call that returned",
  boundaries
})

/**
 * Milliseconds of each operation (`generateText`, `streamText`, `embed`, `embedMany`, `rerank`),
 * with `outcome` `success`, `error` or `aborted`.
 *
 * @since 0.1.0
 * @category metrics
 */
export const operationDuration: Metric.Histogram<number> = Metric.histogram("ai.operation.duration", {
  description: "Milliseconds of each operation (outcome: success, error, aborted)",
  boundaries
})

/**
 * Milliseconds of each client tool execution, with `outcome` `success` or `error`.
 *
 * @since 0.1.0
 * @category metrics
 */
export const toolDuration: Metric.Histogram<number> = Metric.histogram("ai.tool.duration", {
  description: "Milliseconds of each client tool execution (outcome: success, error)",
  boundaries
})

/**
 * Failures, with `error.type`: failed model calls (`ai.operationId` the model call's), failed
 * tools (`ai.toolCall`) and failed operations (the operation's id).
 *
 * @since 0.1.0
 * @category metrics
 */
export const errors: Metric.Counter<number> = Metric.counter("ai.errors", {
  description: "Failed model calls, tools and operations (error.type)",
  incremental: true
})

/**
 * The `error.type` label of an error: its `_tag`, else its `name`, else `unknown`.
 *
 * @since 0.1.0
 * @category utils
 */
export const errorType = (error: unknown): string => {
  if (typeof error === "object" && error !== null) {
    if ("_tag" in error && typeof error._tag === "string") return error._tag
    if ("name" in error && typeof error.name === "string") return error.name
  }
  return typeof error === "string" ? "string" : "unknown"
}

/**
 * The labels of one call's series (see the module documentation).
 *
 * @since 0.1.0
 * @category models
 */
export interface Labels {
  readonly operationId: string
  readonly provider: string
  readonly modelId: string
  readonly functionId: string | undefined
}

/**
 * The metric attributes of {@link Labels}, with extra labels.
 *
 * @since 0.1.0
 * @category utils
 */
export const attributesOf = (labels: Labels, extra: Readonly<Record<string, string>> = {}): Record<string, string> => ({
  "ai.operationId": labels.operationId,
  "gen_ai.system": labels.provider,
  "gen_ai.request.model": labels.modelId,
  ...(labels.functionId !== undefined ? { "ai.telemetry.functionId": labels.functionId } : {}),
  ...extra
})

/** A numeric metric of any state (every metric of this module). */
type NumberMetric = Metric.Metric<number, unknown>

/** The labelled metrics already built, by metric and label values (bounded: past it, built per update). */
const series = new WeakMap<NumberMetric, Map<string, NumberMetric>>()
const maxSeries = 1_000
let cached = 0

const labelled = (metric: NumberMetric, labels: Labels, extra: Readonly<Record<string, string>> | undefined): NumberMetric => {
  let key = `${labels.operationId}\u0000${labels.provider}\u0000${labels.modelId}\u0000${labels.functionId ?? "\u0001"}`
  if (extra !== undefined) for (const name in extra) key += `\u0000${name}\u0000${extra[name]}`
  let byKey = series.get(metric)
  const found = byKey?.get(key)
  if (found !== undefined) return found
  const made = Metric.withAttributes(metric, attributesOf(labels, extra))
  if (cached < maxSeries) {
    if (byKey === undefined) series.set(metric, byKey = new Map())
    byKey.set(key, made)
    cached++
  }
  return made
}

/**
 * Updates a metric for one series (the labelled metric is built once per series, so an update
 * does not compute the series key again).
 *
 * @since 0.1.0
 * @category utils
 */
export const record = (
  metric: NumberMetric,
  labels: Labels,
  value: number,
  extra?: Readonly<Record<string, string>>
): Effect.Effect<void> => Metric.update(labelled(metric, labels, extra), value)

/**
 * A model call's tokens (`input` and `output`, each when known).
 *
 * @since 0.1.0
 * @category utils
 */
export const recordTokens = (
  labels: Labels,
  usage: { readonly inputTokens?: number | undefined; readonly outputTokens?: number | undefined }
): Effect.Effect<void> =>
  Effect.andThen(
    usage.inputTokens === undefined ? Effect.void : record(tokens, labels, usage.inputTokens, { "gen_ai.token.type": "input" }),
    usage.outputTokens === undefined ? Effect.void : record(tokens, labels, usage.outputTokens, { "gen_ai.token.type": "output" })
  )

/**
 * One failure of `error` at the labels' operation.
 *
 * @since 0.1.0
 * @category utils
 */
export const recordError = (labels: Labels, error: unknown): Effect.Effect<void> =>
  record(errors, labels, 1, { "error.type": errorType(error) })
