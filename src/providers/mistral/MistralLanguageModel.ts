/**
 * The Mistral chat model (`/chat/completions`) as a `LanguageModel` service:
 * `generate` and `stream` with upstream's request bodies and response mapping
 * (upstream `MistralChatLanguageModel`, `@ai-sdk/mistral` 4.0.87).
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import * as HttpClient from "effect/http/HttpClient"
import * as LanguageModel from "../../LanguageModel.ts"
import * as Http from "../../provider-utils/Http.ts"
import * as JsonEndpoint from "../../provider-utils/JsonEndpoint.ts"
import { createLanguageModelResponseMetadata } from "../../provider-utils/ResponseMetadata.ts"
import { makeRandom } from "../../runtime/IdGenerator.ts"
import type { CallOptions } from "../../contract/CallOptions.ts"
import { InvalidResponseDataError } from "../../contract/errors/InvalidResponseDataError.ts"
import type { GenerateResult } from "../../contract/Results.ts"
import { ChatChunk, ChatResponse, ErrorData } from "./MistralApi.ts"
import { mapFinishReason } from "./internal/FinishReason.ts"
import { mapContent } from "./internal/GenerateContent.ts"
import { getArgs } from "./internal/RequestArgs.ts"
import { makeTransducer } from "./internal/StreamTransducer.ts"
import { convertUsage } from "./internal/Usage.ts"

/**
 * Resolved model configuration (provider name upstream's `mistral.chat`; requests go to
 * `${baseURL}/chat/completions`).
 *
 * @since 0.1.0
 * @category models
 */
export interface Config extends JsonEndpoint.ModelConfig {}

/**
 * URLs the model reads itself: PDFs over https.
 *
 * @since 0.1.0
 * @category constants
 */
export const supportedUrls: LanguageModel.SupportedUrls = { "application/pdf": [/^https:\/\/.*$/] }

/**
 * Upstream `mistralFailedResponseHandler`: the error body's `message`.
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
  const endpoint = JsonEndpoint.model({
    client,
    url: `${config.baseURL}/chat/completions`,
    headers: config.headers,
    failedResponseHandler,
    response: ChatResponse,
    chunk: ChatChunk
  })

  const generate = Effect.fn("Mistral.generate")(function*(options: CallOptions) {
    const { body, warnings } = yield* getArgs(config.modelId, options)
    const { rawValue, responseHeaders, value: response } = yield* endpoint.generate(body, options.headers)
    const choice = response.choices[0]
    if (choice === undefined) {
      // upstream reads `choices[0].message` and throws a TypeError (docs/divergences.md)
      return yield* new InvalidResponseDataError({ data: rawValue, message: "Expected a response with at least one choice." })
    }
    const result: GenerateResult = {
      content: mapContent(choice),
      finishReason: { unified: mapFinishReason(choice.finish_reason), raw: choice.finish_reason ?? undefined },
      usage: convertUsage(response.usage),
      request: { body },
      response: { ...createLanguageModelResponseMetadata(response), headers: responseHeaders, body: rawValue },
      warnings
    }
    return result
  })

  const stream = Effect.fn("Mistral.stream")(function*(options: CallOptions) {
    const { body, warnings } = yield* getArgs(config.modelId, options)
    const includeRawChunks = options.includeRawChunks === true
    return yield* endpoint.stream({ ...body, stream: true }, options.headers, warnings, () =>
      makeTransducer({ includeRawChunks, generateId }))
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
