/**
 * The Mistral embedding model (`@ai-sdk/mistral` 4.0.87 `MistralEmbeddingModel`) as an
 * `EmbeddingModel` service: `<baseURL>/embeddings` with `encoding_format: "float"`, 32 values
 * per call, no parallel calls; provider options `metadata`, `outputDimension` (over the call's
 * `dimensions`) and `outputDtype`; usage from `usage.prompt_tokens` when present.
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import type { HttpClient } from "effect/http"
import * as EmbeddingModel from "../../EmbeddingModel.ts"
import type { EmbeddingCallOptions, EmbeddingResult } from "../../contract/Embedding.ts"
import type { ModelError } from "../../contract/errors/ModelError.ts"
import { TooManyEmbeddingValuesForCallError } from "../../contract/errors/TooManyEmbeddingValuesForCallError.ts"
import * as Http from "../../provider-utils/Http.ts"
import { parseProviderOptions } from "../../provider-utils/ParseProviderOptions.ts"
import * as RequestHeaders from "../../provider-utils/RequestHeaders.ts"
import { EmbeddingResponse } from "./MistralApi.ts"
import { failedResponseHandler } from "./MistralLanguageModel.ts"
import { EmbeddingOptions } from "./MistralOptions.ts"

/**
 * What the model needs besides the `HttpClient`.
 *
 * @since 0.1.0
 * @category models
 */
export interface Config {
  /** Upstream `mistral.embedding`. */
  readonly provider: string
  readonly modelId: string
  readonly baseURL: string
  /** The headers of every request, resolved per request as upstream. */
  readonly headers: Effect.Effect<RequestHeaders.Input, ModelError>
}

/**
 * Values per call (upstream `maxEmbeddingsPerCall`).
 *
 * @since 0.1.0
 * @category constants
 */
export const maxEmbeddingsPerCall = 32

const successfulResponseHandler = Http.jsonResponseHandler(EmbeddingResponse)

/**
 * Builds the model on the environment's `HttpClient`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (config: Config): Effect.Effect<EmbeddingModel.Service, never, HttpClient.HttpClient> =>
  Effect.gen(function*() {
    const services = yield* Effect.context<HttpClient.HttpClient>()
    const url = `${config.baseURL}/embeddings`
    const embed = Effect.fn("MistralEmbedding.embed")(function*(call: EmbeddingCallOptions) {
      // the count first, then the options, as upstream
      if (call.values.length > maxEmbeddingsPerCall) {
        return yield* new TooManyEmbeddingValuesForCallError({
          provider: config.provider,
          modelId: config.modelId,
          maxEmbeddingsPerCall,
          values: call.values
        })
      }
      const options = (yield* parseProviderOptions("mistral", call.providerOptions, EmbeddingOptions)) ?? {}
      const { responseHeaders, value, rawValue } = yield* Http.postJsonToApi({
        url,
        headers: RequestHeaders.combineHeaders(yield* config.headers, call.headers),
        body: {
          model: config.modelId,
          input: call.values,
          metadata: options.metadata,
          output_dimension: options.outputDimension ?? call.dimensions,
          output_dtype: options.outputDtype,
          encoding_format: "float"
        },
        failedResponseHandler,
        successfulResponseHandler
      })
      const result: EmbeddingResult = {
        warnings: [],
        embeddings: value.data.map((item) => item.embedding),
        usage: value.usage ? { tokens: value.usage.prompt_tokens } : undefined,
        response: { headers: responseHeaders, body: rawValue }
      }
      return result
    }, Effect.provideContext(services))
    return EmbeddingModel.make({
      provider: config.provider,
      modelId: config.modelId,
      maxEmbeddingsPerCall,
      supportsParallelCalls: false,
      embed
    })
  })
