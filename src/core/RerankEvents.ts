/**
 * The events of `rerank` (upstream `ai/src/rerank/rerank-events.ts`, 7.0.173): `onStart` / `onEnd`
 * for the operation, `onRerankStart` / `onRerankEnd` (upstream's telemetry integration callbacks)
 * for each model call attempt; and the ranked documents and response info they carry.
 *
 * @since 0.1.0
 */
import type { JsonObject } from "../contract/Json.ts"
import type { ProviderMetadata, ProviderOptions } from "../contract/ProviderMetadata.ts"
import type { RankedDocument } from "../contract/Reranking.ts"
import type { Warning } from "../contract/Warning.ts"

/**
 * One ranked document of the result.
 *
 * @since 0.1.0
 * @category models
 */
export interface Ranked<V> {
  readonly originalIndex: number
  readonly score: number
  readonly document: V
}

/**
 * The response information of the result (timestamp and model id always set).
 *
 * @since 0.1.0
 * @category models
 */
export interface RerankResponse {
  readonly id?: string | undefined
  readonly timestamp: Date
  readonly modelId: string
  readonly headers?: Readonly<Record<string, string>> | undefined
  readonly body?: unknown
}

/**
 * `onStart`: before the model is called.
 *
 * @since 0.1.0
 * @category models
 */
export interface RerankStartEvent {
  readonly runtimeContext: Readonly<Record<string, unknown>>
  readonly callId: string
  readonly operationId: "ai.rerank"
  readonly provider: string
  readonly modelId: string
  readonly documents: ReadonlyArray<JsonObject | string>
  readonly query: string
  readonly topN: number | undefined
  readonly maxRetries: number
  readonly headers: Readonly<Record<string, string | undefined>> | undefined
  readonly providerOptions: ProviderOptions | undefined
}

/**
 * `onEnd`: after the model returned.
 *
 * @since 0.1.0
 * @category models
 */
export interface RerankEndEvent {
  readonly runtimeContext: Readonly<Record<string, unknown>>
  readonly callId: string
  readonly operationId: "ai.rerank"
  readonly provider: string
  readonly modelId: string
  readonly documents: ReadonlyArray<JsonObject | string>
  readonly query: string
  readonly ranking: ReadonlyArray<Ranked<JsonObject | string>>
  readonly warnings: ReadonlyArray<Warning>
  readonly providerMetadata: ProviderMetadata | undefined
  readonly response: RerankResponse
}

/**
 * `onRerankStart`: each model call attempt (upstream's telemetry integration callback).
 *
 * @since 0.1.0
 * @category models
 */
export interface RerankingModelCallStartEvent {
  readonly callId: string
  readonly operationId: "ai.rerank.doRerank"
  readonly provider: string
  readonly modelId: string
  readonly documents: ReadonlyArray<JsonObject | string>
  readonly documentsType: string
  readonly query: string
  readonly topN: number | undefined
}

/**
 * `onRerankEnd`: a model call returned.
 *
 * @since 0.1.0
 * @category models
 */
export interface RerankingModelCallEndEvent {
  readonly callId: string
  readonly operationId: "ai.rerank.doRerank"
  readonly provider: string
  readonly modelId: string
  readonly documentsType: string
  readonly ranking: ReadonlyArray<RankedDocument>
}
