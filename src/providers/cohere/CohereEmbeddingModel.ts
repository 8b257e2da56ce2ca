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
import * as HttpClient from "effect/http/HttpClient"
import * as EmbeddingModel from "../../EmbeddingModel.ts"
import type { EmbeddingCallOptions, EmbeddingResult } from "../../contract/Embedding.ts"
import * as Http from "../../provider-utils/Http.ts"
import * as JsonEndpoint from "../../provider-utils/JsonEndpoint.ts"
import * as MaxEmbeddingsPerCall from "../../provider-utils/MaxEmbeddingsPerCall.ts"
import { parseProviderOptions } from "../../provider-utils/ParseProviderOptions.ts"
import { EmbedResponse } from "./CohereApi.ts"
import { failedResponseHandler } from "./CohereLanguageModel.ts"
import { EmbeddingOptions } from "./CohereOptions.ts"

/**
 * What the model needs besides the `HttpClient` (provider name upstream's `cohere.textEmbedding`).
 *
 * @since 0.1.0
 * @category models
 */
export interface Config extends JsonEndpoint.EndpointConfig {}

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
    const client = yield* HttpClient.HttpClient
    const endpoint = JsonEndpoint.make({ client, url: `${config.baseURL}/embed`, headers: config.headers, failedResponseHandler })
    const embed = Effect.fn("CohereEmbedding.embed")(function*(call: EmbeddingCallOptions) {
      // options first, then the count, as upstream
      const options = yield* parseProviderOptions("cohere", call.providerOptions, EmbeddingOptions)
      yield* MaxEmbeddingsPerCall.check(config, maxEmbeddingsPerCall, call.values)
      const body = {
        model: config.modelId,
        // upstream asks for float embeddings only
        embedding_types: ["float"],
        texts: call.values,
        input_type: options?.inputType ?? "search_query",
        truncate: options?.truncate,
        output_dimension: options?.outputDimension
      }
      const { responseHeaders, value, rawValue } = yield* endpoint.post(body, call.headers, successfulResponseHandler)
      const result: EmbeddingResult = {
        warnings: [],
        embeddings: value.embeddings.float,
        usage: { tokens: value.meta.billed_units.input_tokens },
        response: { headers: responseHeaders, body: rawValue }
      }
      return result
    })
    return EmbeddingModel.make({
      provider: config.provider,
      modelId: config.modelId,
      maxEmbeddingsPerCall,
      supportsParallelCalls: true,
      embed
    })
  })
