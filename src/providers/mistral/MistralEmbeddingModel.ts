/**
 * The Mistral embedding model (`@ai-sdk/mistral` 4.0.87 `MistralEmbeddingModel`) as an
 * `EmbeddingModel` service: `<baseURL>/embeddings` with `encoding_format: "float"`, 32 values
 * per call, no parallel calls; provider options `metadata`, `outputDimension` (over the call's
 * `dimensions`) and `outputDtype`; usage from `usage.prompt_tokens` when present.
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
import { EmbeddingResponse } from "./MistralApi.ts"
import { failedResponseHandler } from "./MistralLanguageModel.ts"
import { EmbeddingOptions } from "./MistralOptions.ts"

/**
 * What the model needs besides the `HttpClient` (provider name upstream's `mistral.embedding`).
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
    const client = yield* HttpClient.HttpClient
    const endpoint = JsonEndpoint.make({ client, url: `${config.baseURL}/embeddings`, headers: config.headers, failedResponseHandler })
    const embed = Effect.fn("MistralEmbedding.embed")(function*(call: EmbeddingCallOptions) {
      // the count first, then the options, as upstream
      yield* MaxEmbeddingsPerCall.check(config, maxEmbeddingsPerCall, call.values)
      const options = (yield* parseProviderOptions("mistral", call.providerOptions, EmbeddingOptions)) ?? {}
      const body = {
        model: config.modelId,
        input: call.values,
        metadata: options.metadata,
        output_dimension: options.outputDimension ?? call.dimensions,
        output_dtype: options.outputDtype,
        encoding_format: "float"
      }
      const { responseHeaders, value, rawValue } = yield* endpoint.post(body, call.headers, successfulResponseHandler)
      const result: EmbeddingResult = {
        warnings: [],
        embeddings: value.data.map((item) => item.embedding),
        usage: value.usage ? { tokens: value.usage.prompt_tokens } : undefined,
        response: { headers: responseHeaders, body: rawValue }
      }
      return result
    })
    return EmbeddingModel.make({
      provider: config.provider,
      modelId: config.modelId,
      maxEmbeddingsPerCall,
      supportsParallelCalls: false,
      embed
    })
  })
