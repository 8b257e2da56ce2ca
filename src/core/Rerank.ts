/**
 * `rerank` (upstream `ai/src/rerank/rerank.ts`, 7.0.173) over the {@link RerankingModel} service:
 * documents as strings or JSON objects (the type of the first decides what is sent), `topN`
 * passed to the model, the ranking mapped back to the original documents with their indices.
 *
 * Upstream semantics kept: no documents → no model call, an empty ranking, `onStart` / `onEnd`
 * still run; `maxRetries` (default 2) with upstream's backoff; a ranking index that is not an
 * integer in range fails with `InvalidResponseDataError`; the response's timestamp and model id
 * default to now and the model's id. No `ai/<version>` user agent is added (upstream adds none
 * here).
 *
 * @since 0.1.0
 */
import { Clock, Effect } from "effect"
import { RerankingModel } from "../RerankingModel.ts"
import type { CoreInvalidArgumentError } from "../contract/errors/CoreInvalidArgumentError.ts"
import { InvalidResponseDataError } from "../contract/errors/InvalidResponseDataError.ts"
import type { ModelError } from "../contract/errors/ModelError.ts"
import type { RetryError } from "../contract/errors/RetryError.ts"
import type { JsonObject } from "../contract/Json.ts"
import type { ProviderMetadata, ProviderOptions } from "../contract/ProviderMetadata.ts"
import type { RankedDocument, RerankingDocuments } from "../contract/Reranking.ts"
import type { Warning } from "../contract/Warning.ts"
import type {
  Ranked,
  RerankEndEvent,
  RerankingModelCallEndEvent,
  RerankingModelCallStartEvent,
  RerankResponse,
  RerankStartEvent
} from "./RerankEvents.ts"
import { callIds } from "./generation/Ids.ts"
import { type Callback, notify } from "./generation/Callbacks.ts"
import { prepareRetries, withRetries } from "./generation/CallRetry.ts"
import { traced } from "./generation/RerankTelemetry.ts"
import type { TracedOptions } from "./generation/OperationTracer.ts"

/**
 * Options of {@link rerank}.
 *
 * @since 0.1.0
 * @category models
 */
export interface RerankOptions<V extends JsonObject | string> extends TracedOptions<RerankStartEvent, RerankEndEvent> {
  readonly documents: ReadonlyArray<V>
  readonly query: string
  readonly topN?: number | undefined
  readonly maxRetries?: number | undefined
  readonly headers?: Readonly<Record<string, string | undefined>> | undefined
  readonly providerOptions?: ProviderOptions | undefined
  readonly runtimeContext?: Readonly<Record<string, unknown>> | undefined
  readonly onRerankStart?: Callback<RerankingModelCallStartEvent>
  readonly onRerankEnd?: Callback<RerankingModelCallEndEvent>
}

/**
 * The result of {@link rerank} (upstream `RerankResult`).
 *
 * @since 0.1.0
 * @category models
 */
export interface RerankResult<V> {
  readonly originalDocuments: ReadonlyArray<V>
  readonly ranking: ReadonlyArray<Ranked<V>>
  /** The documents in ranking order. */
  readonly rerankedDocuments: ReadonlyArray<V>
  readonly providerMetadata: ProviderMetadata | undefined
  readonly response: RerankResponse
}

/**
 * The failures of `rerank`.
 *
 * @since 0.1.0
 * @category errors
 */
export type RerankError = ModelError | CoreInvalidArgumentError | InvalidResponseDataError | RetryError

const isTexts = (documents: ReadonlyArray<JsonObject | string>): documents is ReadonlyArray<string> =>
  typeof documents[0] === "string"

const toSend = (documents: ReadonlyArray<JsonObject | string>): RerankingDocuments =>
  isTexts(documents)
    ? { type: "text", values: documents }
    : { type: "object", values: documents.filter((d): d is JsonObject => typeof d !== "string") }

const validateIndices = (ranking: ReadonlyArray<RankedDocument>, count: number): Effect.Effect<void, InvalidResponseDataError> => {
  for (const { index } of ranking) {
    if (!Number.isInteger(index) || index < 0 || index >= count) {
      return Effect.fail(
        new InvalidResponseDataError({
          data: ranking,
          message: `Invalid ranking index ${index}. Expected an integer between 0 and ${count - 1}.`
        })
      )
    }
  }
  return Effect.void
}

const result = <V>(
  originalDocuments: ReadonlyArray<V>,
  ranking: ReadonlyArray<Ranked<V>>,
  providerMetadata: ProviderMetadata | undefined,
  response: RerankResponse
): RerankResult<V> => ({
  originalDocuments,
  ranking,
  get rerankedDocuments() {
    return ranking.map((r) => r.document)
  },
  providerMetadata,
  response
})

/**
 * Reranks documents against a query with the {@link RerankingModel} service (upstream `rerank`).
 *
 * @since 0.1.0
 * @category generation
 */
export const rerank = <V extends JsonObject | string>(
  options: RerankOptions<V>
): Effect.Effect<RerankResult<V>, RerankError, RerankingModel> =>
  traced(options, rerankTraced).pipe(Effect.withSpan("Rerank.rerank"))

const rerankTraced = <V extends JsonObject | string>(
  options: RerankOptions<V>
): Effect.Effect<RerankResult<V>, RerankError, RerankingModel> =>
  Effect.gen(function*() {
    const model = yield* RerankingModel
    const callId = (yield* callIds)()
    const documents = options.documents
    const runtimeContext = options.runtimeContext ?? {}
    const onStart = options.onStart ?? options.experimental_onStart
    const onEnd = options.onEnd ?? options.experimental_onEnd
    const base = { callId, operationId: "ai.rerank" as const, runtimeContext, provider: model.provider, modelId: model.modelId }
    if (documents.length === 0) {
      yield* notify(onStart, {
        ...base,
        documents,
        query: options.query,
        topN: options.topN,
        maxRetries: options.maxRetries ?? 2,
        headers: options.headers,
        providerOptions: options.providerOptions
      })
      const now = new Date(yield* Clock.currentTimeMillis)
      yield* notify(onEnd, {
        ...base,
        documents,
        query: options.query,
        ranking: [],
        warnings: [],
        providerMetadata: undefined,
        response: { timestamp: now, modelId: model.modelId }
      })
      return result<V>([], [], undefined, { timestamp: new Date(yield* Clock.currentTimeMillis), modelId: model.modelId })
    }
    const maxRetries = yield* prepareRetries(options.maxRetries)
    const sent = toSend(documents)
    yield* notify(onStart, {
      ...base,
      documents,
      query: options.query,
      topN: options.topN,
      maxRetries,
      headers: options.headers,
      providerOptions: options.providerOptions
    })
    const call = Effect.gen(function*() {
      const common = { callId, operationId: "ai.rerank.doRerank" as const, provider: model.provider, modelId: model.modelId }
      yield* notify(options.onRerankStart, { ...common, documents, documentsType: sent.type, query: options.query, topN: options.topN })
      const response = yield* model.rerank({
        documents: sent,
        query: options.query,
        topN: options.topN,
        providerOptions: options.providerOptions,
        headers: options.headers
      })
      yield* notify(options.onRerankEnd, { ...common, documentsType: sent.type, ranking: response.ranking })
      return response
    })
    const response = yield* withRetries(call, maxRetries)
    yield* validateIndices(response.ranking, documents.length)
    const warnings = response.warnings ?? []
    if (warnings.length > 0) yield* Effect.logWarning(`AI SDK Warning (${model.provider} / ${model.modelId}):`, ...warnings)
    const ranking = response.ranking.map((r): Ranked<V> => ({
      originalIndex: r.index,
      score: r.relevanceScore,
      document: documents[r.index]
    }))
    const now = new Date(yield* Clock.currentTimeMillis)
    const responseInfo: RerankResponse = {
      id: response.response?.id,
      timestamp: response.response?.timestamp ?? now,
      modelId: response.response?.modelId ?? model.modelId,
      headers: response.response?.headers,
      body: response.response?.body
    }
    yield* notify(onEnd, {
      ...base,
      documents,
      query: options.query,
      ranking,
      warnings,
      providerMetadata: response.providerMetadata,
      response: responseInfo
    })
    return result(documents, ranking, response.providerMetadata, responseInfo)
  })
