/**
 * The Vertex text embedding model (`@ai-sdk/google-vertex` 5.0.141 `GoogleVertexEmbeddingModel`)
 * as an `EmbeddingModel` service: `:predict` with 250 values per call (`instances` with
 * `task_type` and `title`, `parameters` with `outputDimensionality` and `autoTruncate`, usage the
 * sum of the predictions' token counts), and for `gemini-embedding-2*` `:embedContent` with one
 * value per call. Provider options from `googleVertex`, else `vertex`, else `google`.
 *
 * @since 0.1.0
 */
import { Effect, Schema } from "effect"
import type { HttpClient } from "effect/http"
import * as EmbeddingModel from "../../EmbeddingModel.ts"
import { Embedding, type EmbeddingCallOptions, type EmbeddingResult } from "../../contract/Embedding.ts"
import type { ModelError } from "../../contract/errors/ModelError.ts"
import { TooManyEmbeddingValuesForCallError } from "../../contract/errors/TooManyEmbeddingValuesForCallError.ts"
import * as Http from "../../provider-utils/Http.ts"
import { parseProviderOptions } from "../../provider-utils/ParseProviderOptions.ts"
import * as RequestHeaders from "../../provider-utils/RequestHeaders.ts"

/**
 * Provider options (upstream `googleVertexEmbeddingModelOptions`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const Options = Schema.Struct({
  outputDimensionality: Schema.optional(Schema.Number),
  taskType: Schema.optional(Schema.Literals([
    "SEMANTIC_SIMILARITY",
    "CLASSIFICATION",
    "CLUSTERING",
    "RETRIEVAL_DOCUMENT",
    "RETRIEVAL_QUERY",
    "QUESTION_ANSWERING",
    "FACT_VERIFICATION",
    "CODE_RETRIEVAL_QUERY"
  ])),
  title: Schema.optional(Schema.String),
  autoTruncate: Schema.optional(Schema.Boolean)
})

/**
 * Provider options of the embedding model.
 *
 * @since 0.1.0
 * @category models
 */
export type Options = typeof Options.Type

const PredictResponse = Schema.Struct({
  predictions: Schema.Array(Schema.Struct({
    embeddings: Schema.Struct({ values: Embedding, statistics: Schema.Struct({ token_count: Schema.Number }) })
  }))
})
const EmbedContentResponse = Schema.Struct({
  embedding: Schema.Struct({ values: Embedding }),
  usageMetadata: Schema.optional(Schema.NullOr(Schema.Struct({ promptTokenCount: Schema.optional(Schema.NullOr(Schema.Number)) })))
})
const VertexErrorBody = Schema.Struct({
  error: Schema.Struct({ code: Schema.NullOr(Schema.Number), message: Schema.String, status: Schema.String })
})
const failedResponseHandler = Http.jsonErrorResponseHandler({ errorSchema: VertexErrorBody, errorToMessage: (data) => data.error.message })

/**
 * What the model needs besides the `HttpClient`.
 *
 * @since 0.1.0
 * @category models
 */
export interface Config {
  /** `google.vertex.embedding`. */
  readonly provider: string
  readonly modelId: string
  readonly baseURL: string
  readonly headers: Effect.Effect<RequestHeaders.Input, ModelError>
  /** Set over every other header (express mode's API key). */
  readonly finalHeaders?: Effect.Effect<RequestHeaders.Input, ModelError> | undefined
}

/**
 * Whether the model takes `:embedContent` (one value per call) rather than `:predict`.
 *
 * @since 0.1.0
 * @category utils
 */
export const usesEmbedContent = (modelId: string): boolean => modelId === "gemini-embedding-2" || modelId === "gemini-embedding-2-preview"

const parseOptions = (call: EmbeddingCallOptions) =>
  Effect.gen(function*() {
    const vertex = (yield* parseProviderOptions("googleVertex", call.providerOptions, Options)) ??
      (yield* parseProviderOptions("vertex", call.providerOptions, Options)) ??
      (yield* parseProviderOptions("google", call.providerOptions, Options))
    return vertex ?? {}
  })

/**
 * Builds the model on the environment's `HttpClient`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (config: Config): Effect.Effect<EmbeddingModel.Service, never, HttpClient.HttpClient> =>
  Effect.gen(function*() {
    const services = yield* Effect.context<HttpClient.HttpClient>()
    const embedContent = usesEmbedContent(config.modelId)
    const maxEmbeddingsPerCall = embedContent ? 1 : 250
    const predict = Http.jsonResponseHandler(PredictResponse)
    const single = Http.jsonResponseHandler(EmbedContentResponse)
    const embed = Effect.fn("GoogleVertexEmbedding.embed")(function*(call: EmbeddingCallOptions) {
      const options = yield* parseOptions(call)
      const values = call.values
      if (values.length > maxEmbeddingsPerCall) {
        return yield* new TooManyEmbeddingValuesForCallError({ provider: config.provider, modelId: config.modelId, maxEmbeddingsPerCall, values })
      }
      const final = config.finalHeaders === undefined ? undefined : yield* config.finalHeaders
      const headers = RequestHeaders.combineHeaders(yield* config.headers, call.headers, final)
      const outputDimensionality = options.outputDimensionality ?? call.dimensions
      if (embedContent) {
        const { responseHeaders, value, rawValue } = yield* Http.postJsonToApi({
          url: `${config.baseURL}/models/${config.modelId}:embedContent`,
          headers,
          body: {
            content: { parts: [{ text: values[0] }] },
            embedContentConfig: { outputDimensionality, taskType: options.taskType, title: options.title, autoTruncate: options.autoTruncate }
          },
          failedResponseHandler,
          successfulResponseHandler: single
        })
        const tokens = value.usageMetadata?.promptTokenCount
        const result: EmbeddingResult = {
          warnings: [],
          embeddings: [value.embedding.values],
          ...(tokens == null ? {} : { usage: { tokens } }),
          response: { headers: responseHeaders, body: rawValue }
        }
        return result
      }
      const { responseHeaders, value, rawValue } = yield* Http.postJsonToApi({
        url: `${config.baseURL}/models/${config.modelId}:predict`,
        headers,
        body: {
          instances: values.map((content) => ({ content, task_type: options.taskType, title: options.title })),
          parameters: { outputDimensionality, autoTruncate: options.autoTruncate }
        },
        failedResponseHandler,
        successfulResponseHandler: predict
      })
      let tokens = 0
      for (const prediction of value.predictions) tokens += prediction.embeddings.statistics.token_count
      const result: EmbeddingResult = {
        warnings: [],
        embeddings: value.predictions.map((prediction) => prediction.embeddings.values),
        usage: { tokens },
        response: { headers: responseHeaders, body: rawValue }
      }
      return result
    }, Effect.provideContext(services))
    return EmbeddingModel.make({
      provider: config.provider,
      modelId: config.modelId,
      maxEmbeddingsPerCall,
      supportsParallelCalls: true,
      embed
    })
  })
