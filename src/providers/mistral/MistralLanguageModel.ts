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
import * as ElementTransformer from "../../provider-utils/ElementTransformer.ts"
import * as Http from "../../provider-utils/Http.ts"
import * as RequestHeaders from "../../provider-utils/RequestHeaders.ts"
import { createLanguageModelResponseMetadata } from "../../provider-utils/ResponseMetadata.ts"
import * as StreamStart from "../../provider-utils/StreamStart.ts"
import { generatorFromContext, makeRandom } from "../../runtime/IdGenerator.ts"
import type { ParseResult } from "../../runtime/ParseJson.ts"
import type { CallOptions } from "../../contract/CallOptions.ts"
import { InvalidResponseDataError } from "../../contract/errors/InvalidResponseDataError.ts"
import type { ModelError } from "../../contract/errors/ModelError.ts"
import type { GenerateResult } from "../../contract/Results.ts"
import type { StreamPart } from "../../contract/StreamPart.ts"
import { ChatChunk, ChatResponse, ErrorData } from "./MistralApi.ts"
import { mapFinishReason } from "./internal/FinishReason.ts"
import { mapContent } from "./internal/GenerateContent.ts"
import { getArgs } from "./internal/RequestArgs.ts"
import { type Failure, makeTransducer } from "./internal/StreamTransducer.ts"
import { convertUsage } from "./internal/Usage.ts"

/**
 * Resolved model configuration.
 *
 * @since 0.1.0
 * @category models
 */
export interface Config {
  /** Provider name reported by the model; upstream `mistral.chat`. */
  readonly provider: string
  readonly modelId: string
  /** Base URL without trailing slash; requests go to `${baseURL}/chat/completions`. */
  readonly baseURL: string
  /** The headers of every request (API key, user headers, user agent), resolved per request as upstream. */
  readonly headers: Effect.Effect<RequestHeaders.Input, ModelError>
  /** Reasoning block ids and missing tool-call ids. */
  readonly generateId?: (() => string) | undefined
}

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
const successfulResponseHandler = Http.jsonResponseHandler(ChatResponse)
const eventSourceResponseHandler = Http.eventSourceResponseHandler(ChatChunk)

/**
 * Builds the model service on a given `HttpClient`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeWith = (client: HttpClient.HttpClient, config: Config): LanguageModel.Service => {
  const generateId = config.generateId ?? makeRandom()
  const url = `${config.baseURL}/chat/completions`
  const withClient = <A, E>(effect: Effect.Effect<A, E, HttpClient.HttpClient>) =>
    Effect.provideService(effect, HttpClient.HttpClient, client)

  const generate = Effect.fn("Mistral.generate")(function*(options: CallOptions) {
    const { body, warnings } = yield* getArgs(config.modelId, options)
    const headers = RequestHeaders.combineHeaders(yield* config.headers, options.headers)
    const { rawValue, responseHeaders, value: response } = yield* withClient(Http.postJsonToApi({
      url,
      headers,
      body,
      failedResponseHandler,
      successfulResponseHandler
    }))
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
    const prepared = yield* getArgs(config.modelId, options)
    const body = { ...prepared.body, stream: true }
    const headers = RequestHeaders.combineHeaders(yield* config.headers, options.headers)
    const { responseHeaders, value: chunks } = yield* withClient(Http.postJsonToApi({
      url,
      headers,
      body,
      failedResponseHandler,
      successfulResponseHandler: eventSourceResponseHandler
    }))
    const parts = StreamStart.prepend(
      chunks,
      { type: "stream-start", warnings: [...prepared.warnings] },
      () => {
        const transducer = makeTransducer({
          includeRawChunks: options.includeRawChunks === true,
          generateId
        })
        return ElementTransformer.make<ParseResult<ChatChunk>, StreamPart, Failure>({
          onElement: transducer.push,
          onEnd: (out) => {
            transducer.end(out)
            return undefined
          }
        })
      }
    )
    const result: LanguageModel.StreamResponse = {
      stream: parts,
      request: { body },
      response: { headers: responseHeaders }
    }
    return result
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
  Effect.gen(function*() {
    const client = yield* HttpClient.HttpClient
    const generateId = config.generateId ?? (yield* generatorFromContext)
    return makeWith(client, { ...config, generateId })
  })
