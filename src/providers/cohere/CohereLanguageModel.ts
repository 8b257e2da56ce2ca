/**
 * The Cohere v2 chat model (`/chat`) as a `LanguageModel` service:
 * `generate` and `stream` with upstream's request bodies and response
 * mapping (upstream `CohereChatLanguageModel`, `@ai-sdk/cohere` 4.0.52).
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import * as HttpClient from "effect/http/HttpClient"
import * as LanguageModel from "../../LanguageModel.ts"
import * as Http from "../../provider-utils/Http.ts"
import * as JsonEndpoint from "../../provider-utils/JsonEndpoint.ts"
import { makeRandom } from "../../runtime/IdGenerator.ts"
import type { CallOptions } from "../../contract/CallOptions.ts"
import type { GenerateResult } from "../../contract/Results.ts"
import { ChatChunk, ChatResponse, ErrorData } from "./CohereApi.ts"
import { mapFinishReason } from "./internal/FinishReason.ts"
import { mapContent } from "./internal/GenerateContent.ts"
import { getArgs } from "./internal/RequestArgs.ts"
import { makeTransducer } from "./internal/StreamTransducer.ts"
import { convertUsage } from "./internal/Usage.ts"

/**
 * Resolved model configuration (provider name upstream's `cohere.chat`; requests go to
 * `${baseURL}/chat`).
 *
 * @since 0.1.0
 * @category models
 */
export interface Config extends JsonEndpoint.ModelConfig {}

/**
 * URLs the model reads itself: images over http(s).
 *
 * @since 0.1.0
 * @category constants
 */
export const supportedUrls: LanguageModel.SupportedUrls = { "image/*": [/^https?:\/\/.*$/] }

/**
 * Upstream `cohereFailedResponseHandler`: the error body's `message`.
 *
 * @since 0.1.0
 * @category requests
 */
export const failedResponseHandler = Http.jsonErrorResponseHandler({
  errorSchema: ErrorData,
  errorToMessage: (data) => data.message
})

/**
 * Builds the model service on a given `HttpClient`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeWith = (client: HttpClient.HttpClient, config: Config): LanguageModel.Service => {
  const generateId = config.generateId ?? makeRandom()
  const url = `${config.baseURL}/chat`
  const endpoint = JsonEndpoint.model({ client, url, headers: config.headers, failedResponseHandler, response: ChatResponse, chunk: ChatChunk })

  const generate = Effect.fn("Cohere.generate")(function*(options: CallOptions) {
    const { body, warnings } = yield* getArgs(config.modelId, options)
    const { rawValue, responseHeaders, value: response } = yield* endpoint.generate(body, options.headers)
    const result: GenerateResult = {
      content: mapContent(response, generateId),
      finishReason: { unified: mapFinishReason(response.finish_reason), raw: response.finish_reason },
      usage: convertUsage(response.usage),
      request: { body },
      response: { id: response.generation_id ?? undefined, headers: responseHeaders, body: rawValue },
      warnings
    }
    return result
  })

  const stream = Effect.fn("Cohere.stream")(function*(options: CallOptions) {
    const { body, warnings } = yield* getArgs(config.modelId, options)
    const includeRawChunks = options.includeRawChunks === true
    return yield* endpoint.stream({ ...body, stream: true }, options.headers, warnings, () =>
      makeTransducer({ includeRawChunks }))
  })

  return LanguageModel.make({ provider: config.provider, modelId: config.modelId, supportedUrls, generate, stream })
}

/**
 * Builds the model service with the `HttpClient` of the environment; the
 * `IdGenerator` service, when present, supplies generated ids.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (config: Config): Effect.Effect<LanguageModel.Service, never, HttpClient.HttpClient> =>
  JsonEndpoint.withEnvironment(config, makeWith)
