/**
 * The Cohere embedding model (`@ai-sdk/cohere` 4.0.52 `CohereEmbeddingModel`) as an
 * `EmbeddingModel` service: `<baseURL>/embed` with float embeddings, 96 values per call,
 * parallel calls; provider options `inputType` (default `search_query`), `truncate` and
 * `outputDimension` (the call's `dimensions` is not read, as upstream); usage from
 * `meta.billed_units.input_tokens`.
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
import { EmbedResponse } from "./CohereApi.ts"
import { failedResponseHandler } from "./CohereLanguageModel.ts"
import { EmbeddingOptions } from "./CohereOptions.ts"

/**
 * What the model needs besides the `HttpClient`.
 *
 * @since 0.1.0
 * @category models
 */
export interface Config {
  /** Upstream `cohere.textEmbedding`. */
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
export const maxEmbeddingsPerCall = 96

const successfulResponseHandler = Http.jsonResponseHandler(EmbedResponse)

/**
 * Builds the model on the environment's `HttpClient`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (config: Config): Effect.Effect<EmbeddingModel.Service, never, HttpClient.HttpClient> =>
  Effect.gen(function*() {
    const services = yield* Effect.context<HttpClient.HttpClient>()
    const url = `${config.baseURL}/embed`
    const embed = Effect.fn("CohereEmbedding.embed")(function*(call: EmbeddingCallOptions) {
      // options first, then the count, as upstream
      const options = yield* parseProviderOptions("cohere", call.providerOptions, EmbeddingOptions)
      if (call.values.length > maxEmbeddingsPerCall) {
        return yield* new TooManyEmbeddingValuesForCallError({
          provider: config.provider,
          modelId: config.modelId,
          maxEmbeddingsPerCall,
          values: call.values
        })
      }
      const { responseHeaders, value, rawValue } = yield* Http.postJsonToApi({
        url,
        headers: RequestHeaders.combineHeaders(yield* config.headers, call.headers),
        body: {
          model: config.modelId,
          // upstream asks for float embeddings only
          embedding_types: ["float"],
          texts: call.values,
          input_type: options?.inputType ?? "search_query",
          truncate: options?.truncate,
          output_dimension: options?.outputDimension
        },
        failedResponseHandler,
        successfulResponseHandler
      })
      const result: EmbeddingResult = {
        warnings: [],
        embeddings: value.embeddings.float,
        usage: { tokens: value.meta.billed_units.input_tokens },
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
