/**
 * `embed` and `embedMany` (upstream `ai/src/embed/embed.ts` and `embed-many.ts`, 7.0.173) over the
 * {@link EmbeddingModel} service, and `embedManyStream`, the Effect-native variant for inputs too
 * large to hold: a `Stream` of values in, a `Stream` of embedded chunks out, at most
 * `maxParallelCalls` requests in flight, memory proportional to those.
 *
 * Upstream semantics kept: `dimensions` must be a positive integer; `maxRetries` (default 2) per
 * model call with upstream's backoff; without any limit on the model (`maxEmbeddingsPerCall` and
 * `maxInputBytesPerCall` unset or `Infinity`) one call gets every value; else the values are split
 * by both limits and the chunks run in batches of `maxParallelCalls` (1 when the model does not
 * support parallel calls), each batch waiting for its slowest call; usage tokens are summed (a
 * chunk without usage counts `NaN`, as upstream), warnings concatenated, provider metadata merged,
 * one response per chunk; a chunk whose embedding count differs fails with
 * `InvalidResponseDataError`. Interrupting the fiber interrupts every call in flight.
 *
 * @since 0.1.0
 */
import { Effect, Option, Stream } from "effect"
import { EmbeddingModel } from "../EmbeddingModel.ts"
import type { EmbeddingError, Service as EmbeddingModelService } from "../EmbeddingModel.ts"
import type { Embedding, EmbeddingResponse, EmbeddingUsage } from "../contract/Embedding.ts"
import { CoreInvalidArgumentError } from "../contract/errors/CoreInvalidArgumentError.ts"
import { InvalidResponseDataError } from "../contract/errors/InvalidResponseDataError.ts"
import type { RetryError } from "../contract/errors/RetryError.ts"
import type { ProviderMetadata, ProviderOptions } from "../contract/ProviderMetadata.ts"
import type { Warning } from "../contract/Warning.ts"
import type {
  EmbeddingModelCallEndEvent,
  EmbeddingModelCallStartEvent,
  EmbedEndEvent,
  EmbedStartEvent
} from "./EmbedEvents.ts"
import {
  Chunker,
  hasLimit,
  mergeProviderMetadata,
  splitArray,
  splitByEmbeddingLimits,
  validateCount,
  validateDimensions,
  validateLimits,
  withAiUserAgent
} from "./internal/EmbedChunks.ts"
import { callIds } from "./generation/Ids.ts"
import { traced } from "./generation/EmbedTelemetry.ts"
import type { TracedOptions } from "./generation/OperationTracer.ts"
import { type Callback, notify } from "./generation/Callbacks.ts"
import { prepareRetries, withRetries } from "./generation/CallRetry.ts"

/**
 * Options both `embed` and `embedMany` take (upstream names; `experimental_*` are upstream's
 * deprecated aliases, used when the new name is absent).
 *
 * @since 0.1.0
 * @category models
 */
export interface CommonOptions extends TracedOptions<EmbedStartEvent, EmbedEndEvent> {
  /** Requested output dimensions: a positive integer. */
  readonly dimensions?: number | undefined
  /** Retries per model call (default 2; 0 disables). */
  readonly maxRetries?: number | undefined
  /** Extra request headers (sent with the `ai/<version>` user agent). */
  readonly headers?: Readonly<Record<string, string | undefined>> | undefined
  readonly providerOptions?: ProviderOptions | undefined
  /** User data passed to the callbacks (default `{}`). */
  readonly runtimeContext?: Readonly<Record<string, unknown>> | undefined
  /** Before each model call attempt (upstream's telemetry integration `onEmbedStart`). */
  readonly onEmbedStart?: Callback<EmbeddingModelCallStartEvent>
  /** After each model call (upstream's telemetry integration `onEmbedEnd`). */
  readonly onEmbedEnd?: Callback<EmbeddingModelCallEndEvent>
}

/**
 * Options of {@link embed}.
 *
 * @since 0.1.0
 * @category models
 */
export interface EmbedOptions extends CommonOptions {
  readonly value: string
}

/**
 * Options of {@link embedMany}.
 *
 * @since 0.1.0
 * @category models
 */
export interface EmbedManyOptions extends CommonOptions {
  readonly values: ReadonlyArray<string>
  /** Calls in flight when the values are split (default `Infinity`; must be > 0). */
  readonly maxParallelCalls?: number | undefined
}

/**
 * The result of {@link embed} (upstream `EmbedResult`).
 *
 * @since 0.1.0
 * @category models
 */
export interface EmbedResult {
  readonly value: string
  readonly embedding: Embedding
  readonly usage: EmbeddingUsage
  readonly warnings: ReadonlyArray<Warning>
  readonly providerMetadata: ProviderMetadata | undefined
  readonly response: EmbeddingResponse | undefined
}

/**
 * The result of {@link embedMany} (upstream `EmbedManyResult`).
 *
 * @since 0.1.0
 * @category models
 */
export interface EmbedManyResult {
  readonly values: ReadonlyArray<string>
  readonly embeddings: ReadonlyArray<Embedding>
  readonly usage: EmbeddingUsage
  readonly warnings: ReadonlyArray<Warning>
  readonly providerMetadata: ProviderMetadata | undefined
  readonly responses: ReadonlyArray<EmbeddingResponse | undefined>
}

/**
 * The failures of `embed` / `embedMany`.
 *
 * @since 0.1.0
 * @category errors
 */
export type EmbedError = EmbeddingError | CoreInvalidArgumentError | InvalidResponseDataError | RetryError

interface CallResult {
  readonly embeddings: ReadonlyArray<Embedding>
  readonly usage: EmbeddingUsage
  readonly warnings: ReadonlyArray<Warning>
  readonly providerMetadata: ProviderMetadata | undefined
  readonly response: EmbeddingResponse | undefined
}

interface Setup {
  readonly model: EmbeddingModelService
  readonly callId: string
  readonly nextId: () => string
  readonly maxRetries: number
  readonly headers: Record<string, string>
  readonly runtimeContext: Readonly<Record<string, unknown>>
}

const setup = (options: CommonOptions): Effect.Effect<Setup, CoreInvalidArgumentError, EmbeddingModel> =>
  Effect.gen(function*() {
    yield* validateDimensions(options.dimensions)
    const model = yield* EmbeddingModel
    const maxRetries = yield* prepareRetries(options.maxRetries)
    const nextId = yield* callIds
    return {
      model,
      callId: nextId(),
      nextId,
      maxRetries,
      headers: withAiUserAgent(options.headers),
      runtimeContext: options.runtimeContext ?? {}
    }
  })

/** One model call with its retries and its `onEmbedStart` / `onEmbedEnd` per attempt. */
const callModel = (
  s: Setup,
  options: CommonOptions,
  operationId: "ai.embed.doEmbed" | "ai.embedMany.doEmbed",
  values: ReadonlyArray<string>,
  providerOptions: ProviderOptions | undefined
): Effect.Effect<CallResult, EmbedError> =>
  withRetries(
    Effect.gen(function*() {
      const embedCallId = s.nextId()
      const common = { callId: s.callId, embedCallId, operationId, provider: s.model.provider, modelId: s.model.modelId, values }
      yield* notify(options.onEmbedStart, { ...common, dimensions: options.dimensions })
      const response = yield* s.model.embed({
        values,
        dimensions: options.dimensions,
        headers: s.headers,
        providerOptions
      })
      const usage = response.usage ?? { tokens: NaN }
      yield* notify(options.onEmbedEnd, { ...common, embeddings: response.embeddings, usage })
      return {
        embeddings: response.embeddings,
        usage,
        warnings: response.warnings,
        providerMetadata: response.providerMetadata,
        response: response.response
      }
    }),
    s.maxRetries
  )

const logWarnings = (warnings: ReadonlyArray<Warning>, model: EmbeddingModelService): Effect.Effect<void> =>
  warnings.length === 0 ? Effect.void : Effect.logWarning(
    `AI SDK Warning (${model.provider} / ${model.modelId}):`,
    ...warnings
  )

const startEvent = (
  s: Setup,
  options: CommonOptions,
  operationId: "ai.embed" | "ai.embedMany",
  value: string | ReadonlyArray<string>
): EmbedStartEvent => ({
  callId: s.callId,
  operationId,
  runtimeContext: s.runtimeContext,
  provider: s.model.provider,
  modelId: s.model.modelId,
  value,
  dimensions: options.dimensions,
  maxRetries: s.maxRetries,
  headers: s.headers,
  providerOptions: options.providerOptions
})

/**
 * Embeds one value with the {@link EmbeddingModel} service (upstream `embed`).
 *
 * @since 0.1.0
 * @category generation
 */
export const embed = Effect.fn("Embed.embed")(function*(options: EmbedOptions) {
  return yield* traced(options, embedTraced)
})

const embedTraced = Effect.fnUntraced(function*(options: EmbedOptions) {
  const s = yield* setup(options)
  yield* notify(options.onStart ?? options.experimental_onStart, startEvent(s, options, "ai.embed", options.value))
  const result = yield* callModel(s, options, "ai.embed.doEmbed", [options.value], options.providerOptions).pipe(
    Effect.flatMap((r) => {
      const embedding = r.embeddings[0]
      return embedding == null
        ? Effect.fail(new InvalidResponseDataError({ data: r.embeddings, message: "No embedding generated." }))
        : Effect.succeed({ ...r, embedding })
    })
  )
  yield* logWarnings(result.warnings, s.model)
  yield* notify(options.onEnd ?? options.experimental_onEnd, {
    callId: s.callId,
    operationId: "ai.embed",
    runtimeContext: s.runtimeContext,
    provider: s.model.provider,
    modelId: s.model.modelId,
    value: options.value,
    embedding: result.embedding,
    usage: result.usage,
    warnings: result.warnings,
    providerMetadata: result.providerMetadata,
    response: result.response
  })
  const out: EmbedResult = {
    value: options.value,
    embedding: result.embedding,
    usage: result.usage,
    warnings: result.warnings,
    providerMetadata: result.providerMetadata,
    response: result.response
  }
  return out
})

const chunkProviderOptions = (
  model: EmbeddingModelService,
  providerOptions: ProviderOptions | undefined,
  values: ReadonlyArray<string>,
  startIndex: number,
  length: number
): Effect.Effect<ProviderOptions | undefined, EmbeddingError> =>
  model.providerOptionsTransformer === undefined
    ? Effect.succeed(providerOptions)
    : model.providerOptionsTransformer({ providerOptions, values, startIndex, endIndex: startIndex + length })

/**
 * Embeds many values with the {@link EmbeddingModel} service (upstream `embedMany`): split by the
 * model's limits, batches of `maxParallelCalls`, results in the order of the values.
 *
 * @since 0.1.0
 * @category generation
 */
export const embedMany = Effect.fn("Embed.embedMany")(function*(options: EmbedManyOptions) {
  return yield* traced(options, embedManyTraced)
})

const embedManyTraced = Effect.fnUntraced(function*(options: EmbedManyOptions) {
  const s = yield* setup(options)
  const { model } = s
  const values = options.values
  yield* notify(options.onStart ?? options.experimental_onStart, startEvent(s, options, "ai.embedMany", values))
  const onEnd = options.onEnd ?? options.experimental_onEnd
  const finish = (result: EmbedManyResult) =>
    Effect.as(
      notify(onEnd, {
        callId: s.callId,
        operationId: "ai.embedMany",
        runtimeContext: s.runtimeContext,
        provider: model.provider,
        modelId: model.modelId,
        value: values,
        embedding: result.embeddings,
        usage: result.usage,
        warnings: result.warnings,
        providerMetadata: result.providerMetadata,
        response: result.responses
      }),
      result
    )
  const limitCount = hasLimit(model.maxEmbeddingsPerCall)
  const limitBytes = hasLimit(model.maxInputBytesPerCall)
  if (!limitCount && !limitBytes) {
    const r = yield* callModel(s, options, "ai.embedMany.doEmbed", values, options.providerOptions)
    yield* validateCount(r.embeddings, values)
    yield* logWarnings(r.warnings, model)
    return yield* finish({
      values,
      embeddings: r.embeddings,
      usage: r.usage,
      warnings: r.warnings,
      providerMetadata: r.providerMetadata,
      responses: [r.response]
    })
  }
  const maxPerCall = limitCount && model.maxEmbeddingsPerCall !== undefined ? model.maxEmbeddingsPerCall : Infinity
  const maxBytes = limitBytes && model.maxInputBytesPerCall !== undefined ? model.maxInputBytesPerCall : Infinity
  yield* validateLimits(maxPerCall, maxBytes)
  const chunks = values.length === 0 ? [] : splitByEmbeddingLimits(values, maxPerCall, maxBytes)
  const batches = yield* splitArray(chunks, model.supportsParallelCalls ? options.maxParallelCalls ?? Infinity : 1)
  const embeddings: Array<Embedding> = []
  const warnings: Array<Warning> = []
  const responses: Array<EmbeddingResponse | undefined> = []
  let tokens = 0
  let providerMetadata: Record<string, ProviderMetadata[string]> | undefined
  let startIndex = 0
  for (const batch of batches) {
    const calls = batch.map((chunk) => {
      const start = startIndex
      startIndex += chunk.length
      return chunkProviderOptions(model, options.providerOptions, values, start, chunk.length).pipe(
        Effect.flatMap((providerOptions) => callModel(s, options, "ai.embedMany.doEmbed", chunk, providerOptions)),
        Effect.tap((r) => validateCount(r.embeddings, chunk))
      )
    })
    const results = yield* Effect.all(calls, { concurrency: "unbounded" })
    for (const r of results) {
      for (const e of r.embeddings) embeddings.push(e)
      for (const w of r.warnings) warnings.push(w)
      responses.push(r.response)
      tokens += r.usage.tokens
      providerMetadata = mergeProviderMetadata(providerMetadata, r.providerMetadata)
    }
  }
  yield* logWarnings(warnings, model)
  return yield* finish({ values, embeddings, usage: { tokens }, warnings, providerMetadata, responses })
})

/**
 * One embedded chunk of {@link embedManyStream}: the values of one model call, their embeddings
 * (same order), the call's usage, warnings, metadata and response, and where the chunk starts in
 * the input.
 *
 * @since 0.1.0
 * @category models
 */
export interface EmbeddedChunk {
  readonly startIndex: number
  readonly values: ReadonlyArray<string>
  readonly embeddings: ReadonlyArray<Embedding>
  readonly usage: EmbeddingUsage
  readonly warnings: ReadonlyArray<Warning>
  readonly providerMetadata: ProviderMetadata | undefined
  readonly response: EmbeddingResponse | undefined
}

/**
 * Options of {@link embedManyStream}.
 *
 * @since 0.1.0
 * @category models
 */
export interface EmbedManyStreamOptions extends Omit<CommonOptions, "onStart" | "experimental_onStart" | "onEnd" | "experimental_onEnd"> {
  /** Calls in flight (default 1 when the model does not support parallel calls, else 4). */
  readonly maxParallelCalls?: number | undefined
}

/**
 * Embeds a `Stream` of values: chunked by the model's limits exactly as {@link embedMany} chunks,
 * at most `maxParallelCalls` calls in flight (a sliding window: a new call starts as soon as one
 * ends, unlike `embedMany`'s batches), chunks emitted in input order. The input is pulled only as
 * calls free up, so memory holds the calls in flight and the chunks not yet consumed, not the
 * input; interrupting the consumer interrupts the calls in flight and starts no new one. A model
 * without limits gets chunks of 2048 values (OpenAI's limit), as a stream has no "all values".
 *
 * @since 0.1.0
 * @category generation
 */
export const embedManyStream = <E, R>(
  values: Stream.Stream<string, E, R>,
  options: EmbedManyStreamOptions = {}
): Stream.Stream<EmbeddedChunk, E | EmbedError, R | EmbeddingModel> =>
  Stream.unwrap(Effect.gen(function*() {
    const s = yield* setup(options)
    const { model } = s
    const maxPerCall = hasLimit(model.maxEmbeddingsPerCall) ? model.maxEmbeddingsPerCall : hasLimit(model.maxInputBytesPerCall) ? Infinity : 2048
    const maxBytes = hasLimit(model.maxInputBytesPerCall) ? model.maxInputBytesPerCall : Infinity
    yield* validateLimits(maxPerCall, maxBytes)
    const parallel = model.supportsParallelCalls ? options.maxParallelCalls ?? 4 : 1
    if (!(parallel > 0)) {
      return yield* new CoreInvalidArgumentError({ parameter: "maxParallelCalls", value: parallel, message: "maxParallelCalls must be greater than 0" })
    }
    // provider options transformers see indices, not the whole input (a stream has none)
    const chunks = values.pipe(
      Stream.mapAccum(() => new Chunker(maxPerCall, maxBytes), (chunker, value) => {
        const closed = chunker.push(value)
        return [chunker, closed === undefined ? [] : [closed]] as const
      }, { onHalt: (chunker) => Option.match(Option.fromNullishOr(chunker.flush()), { onNone: () => [], onSome: (c) => [c] }) }),
      Stream.mapAccum(() => 0, (start, chunk: Array<string>) => [start + chunk.length, [{ start, chunk }]] as const)
    )
    return Stream.mapEffect(chunks, ({ chunk, start }) =>
      chunkProviderOptions(model, options.providerOptions, chunk, 0, chunk.length).pipe(
        Effect.flatMap((providerOptions) => callModel(s, options, "ai.embedMany.doEmbed", chunk, providerOptions)),
        Effect.tap((r) => validateCount(r.embeddings, chunk)),
        Effect.map((r): EmbeddedChunk => ({
          startIndex: start,
          values: chunk,
          embeddings: r.embeddings,
          usage: r.usage,
          warnings: r.warnings,
          providerMetadata: r.providerMetadata,
          response: r.response
        }))
      ), { concurrency: parallel })
  }))
