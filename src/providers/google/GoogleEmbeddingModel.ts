/**
 * The Gemini API embedding model (`@ai-sdk/google` 4.0.121 `GoogleEmbeddingModel`) as an
 * `EmbeddingModel` service: `gemini-embedding-*` (and `text-embedding-004`), 100 values per call,
 * parallel calls. One value goes to `:embedContent`, more to `:batchEmbedContents`; provider
 * options `google.outputDimensionality` (over the call's `dimensions`), `google.taskType` and
 * `google.content` (extra multimodal parts per value, sliced per chunk by `embedMany` through the
 * provider options transformer). Usage is not reported (upstream reports none).
 *
 * @since 0.1.0
 */
import { Effect, Schema } from "effect"
import type { HttpClient } from "effect/http"
import * as EmbeddingModel from "../../EmbeddingModel.ts"
import { Embedding, type EmbeddingCallOptions, type EmbeddingResult } from "../../contract/Embedding.ts"
import type { ModelError } from "../../contract/errors/ModelError.ts"
import { InvalidArgumentError } from "../../contract/errors/InvalidArgumentError.ts"
import { TooManyEmbeddingValuesForCallError } from "../../contract/errors/TooManyEmbeddingValuesForCallError.ts"
import type { JsonObject } from "../../contract/Json.ts"
import { ErrorBody } from "../kits/gemini/GeminiApi.ts"
import * as Http from "../../provider-utils/Http.ts"
import { parseProviderOptions } from "../../provider-utils/ParseProviderOptions.ts"
import * as RequestHeaders from "../../provider-utils/RequestHeaders.ts"

const ContentPart = Schema.Union([
  Schema.Struct({ text: Schema.String }),
  Schema.Struct({ inlineData: Schema.Struct({ mimeType: Schema.String, data: Schema.String }) }),
  Schema.Struct({ fileData: Schema.Struct({ fileUri: Schema.String, mimeType: Schema.String }) })
])

/**
 * The task types of Gemini embeddings.
 *
 * @since 0.1.0
 * @category schemas
 */
export const TaskType = Schema.Literals([
  "SEMANTIC_SIMILARITY",
  "CLASSIFICATION",
  "CLUSTERING",
  "RETRIEVAL_DOCUMENT",
  "RETRIEVAL_QUERY",
  "QUESTION_ANSWERING",
  "FACT_VERIFICATION",
  "CODE_RETRIEVAL_QUERY"
])

/**
 * Provider options (`providerOptions.google`, upstream `googleEmbeddingModelOptions`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const Options = Schema.Struct({
  outputDimensionality: Schema.optional(Schema.Number),
  taskType: Schema.optional(TaskType),
  content: Schema.optional(Schema.Array(Schema.NullOr(Schema.NonEmptyArray(ContentPart))))
})

/**
 * Provider options of the embedding model.
 *
 * @since 0.1.0
 * @category models
 */
export type Options = typeof Options.Type

const SingleResponse = Schema.Struct({ embedding: Schema.Struct({ values: Embedding }) })
const BatchResponse = Schema.Struct({ embeddings: Schema.Array(Schema.Struct({ values: Embedding })) })

/**
 * What the model needs besides the `HttpClient`.
 *
 * @since 0.1.0
 * @category models
 */
export interface Config {
  readonly provider: string
  readonly modelId: string
  readonly baseURL: string
  readonly headers: Effect.Effect<RequestHeaders.Input, ModelError>
}

/**
 * Values per call.
 *
 * @since 0.1.0
 * @category constants
 */
export const maxEmbeddingsPerCall = 100

const failedResponseHandler = Http.jsonErrorResponseHandler({ errorSchema: ErrorBody, errorToMessage: (data) => data.error.message })

// upstream throws a plain Error here; a typed argument error keeps the channel typed
const contentLengthError = (content: ReadonlyArray<unknown>, values: ReadonlyArray<string>) =>
  new InvalidArgumentError({
    argument: "providerOptions",
    message: `The number of multimodal content entries (${content.length}) must match the number of values (${values.length}).`
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
    const single = Http.jsonResponseHandler(SingleResponse)
    const batch = Http.jsonResponseHandler(BatchResponse)
    const embed = Effect.fn("GoogleEmbedding.embed")(function*(call: EmbeddingCallOptions) {
      const options = yield* parseProviderOptions("google", call.providerOptions, Options)
      const values = call.values
      if (values.length > maxEmbeddingsPerCall) {
        return yield* new TooManyEmbeddingValuesForCallError({ provider: config.provider, modelId: config.modelId, maxEmbeddingsPerCall, values })
      }
      const headers = RequestHeaders.combineHeaders(yield* config.headers, call.headers)
      const content = options?.content
      if (content != null && content.length !== values.length) return yield* contentLengthError(content, values)
      const partsOf = (value: string, index: number) => {
        const extra = content?.[index]
        return extra != null ? [...(value ? [{ text: value }] : []), ...extra] : [{ text: value }]
      }
      const outputDimensionality = options?.outputDimensionality ?? call.dimensions
      if (values.length === 1) {
        const { responseHeaders, value, rawValue } = yield* Http.postJsonToApi({
          url: `${config.baseURL}/models/${config.modelId}:embedContent`,
          headers,
          body: {
            model: `models/${config.modelId}`,
            content: { parts: partsOf(values[0], 0) },
            outputDimensionality,
            taskType: options?.taskType
          },
          failedResponseHandler,
          successfulResponseHandler: single
        })
        const result: EmbeddingResult = {
          warnings: [],
          embeddings: [value.embedding.values],
          response: { headers: responseHeaders, body: rawValue }
        }
        return result
      }
      const { responseHeaders, value, rawValue } = yield* Http.postJsonToApi({
        url: `${config.baseURL}/models/${config.modelId}:batchEmbedContents`,
        headers,
        body: {
          requests: values.map((v, index) => ({
            model: `models/${config.modelId}`,
            content: { role: "user", parts: partsOf(v, index) },
            outputDimensionality,
            taskType: options?.taskType
          }))
        },
        failedResponseHandler,
        successfulResponseHandler: batch
      })
      const result: EmbeddingResult = {
        warnings: [],
        embeddings: value.embeddings.map((item) => item.values),
        response: { headers: responseHeaders, body: rawValue }
      }
      return result
    }, Effect.provideContext(services))
    return EmbeddingModel.make({
      provider: config.provider,
      modelId: config.modelId,
      maxEmbeddingsPerCall,
      supportsParallelCalls: true,
      // upstream's transformer: each chunk gets its slice of `google.content`
      providerOptionsTransformer: ({ providerOptions, values, startIndex, endIndex }) => {
        const google = providerOptions?.google
        const multimodal = google?.content
        if (!Array.isArray(multimodal)) return Effect.succeed(providerOptions)
        if (multimodal.length !== values.length) return Effect.fail(contentLengthError(multimodal, values))
        const sliced: JsonObject = { ...google, content: multimodal.slice(startIndex, endIndex) }
        return Effect.succeed({ ...providerOptions, google: sliced })
      },
      embed
    })
  })
