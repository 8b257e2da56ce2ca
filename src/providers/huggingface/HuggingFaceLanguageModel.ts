/**
 * The Hugging Face Responses model (the router's `/responses`) as a
 * `LanguageModel` service: `generate` and `stream` with upstream's request
 * bodies and response mapping (upstream `HuggingFaceResponsesLanguageModel`,
 * `@ai-sdk/huggingface` 2.0.48).
 *
 * @since 0.1.0
 */
import { Effect, Predicate } from "effect"
import * as HttpClient from "effect/http/HttpClient"
import * as LanguageModel from "../../LanguageModel.ts"
import * as ElementTransformer from "../../provider-utils/ElementTransformer.ts"
import * as Http from "../../provider-utils/Http.ts"
import * as RequestHeaders from "../../provider-utils/RequestHeaders.ts"
import * as StreamStart from "../../provider-utils/StreamStart.ts"
import { generatorFromContext, makeRandom } from "../../runtime/IdGenerator.ts"
import type { ParseResult } from "../../runtime/ParseJson.ts"
import type { CallOptions } from "../../contract/CallOptions.ts"
import { APICallError } from "../../contract/errors/APICallError.ts"
import type { ModelError } from "../../contract/errors/ModelError.ts"
import type { GenerateResult } from "../../contract/Results.ts"
import type { StreamPart } from "../../contract/StreamPart.ts"
import { type Envelope as EnvelopeType, Envelope, ErrorData, Response } from "./HuggingFaceApi.ts"
import { mapContent } from "./internal/GenerateContent.ts"
import { getArgs } from "./internal/RequestArgs.ts"
import { makeTransducer } from "./internal/StreamTransducer.ts"
import { convertUsage } from "./internal/Usage.ts"
import { mapFinishReason } from "./internal/FinishReason.ts"
import * as WireJson from "../../runtime/WireJson.ts"

/**
 * Resolved model configuration.
 *
 * @since 0.1.0
 * @category models
 */
export interface Config {
  /** Provider name reported by the model; upstream `huggingface.responses`. */
  readonly provider: string
  readonly modelId: string
  /** Base URL without trailing slash; requests go to `${baseURL}/responses`. */
  readonly baseURL: string
  /** The headers of every request (API key, user headers), resolved per request as upstream. */
  readonly headers: Effect.Effect<RequestHeaders.Input, ModelError>
  readonly generateId?: (() => string) | undefined
}

/**
 * URLs the model reads itself: images over http(s).
 *
 * @since 0.1.0
 * @category constants
 */
export const supportedUrls: LanguageModel.SupportedUrls = { "image/*": [/^https?:\/\/.*$/] }

const failedResponseHandler = Http.jsonErrorResponseHandler({
  errorSchema: ErrorData,
  errorToMessage: (data) => data.error.message
})
const successfulResponseHandler = Http.jsonResponseHandler(Response)
const eventSourceResponseHandler = Http.eventSourceResponseHandler(Envelope)

/**
 * Builds the model service on a given `HttpClient`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeWith = (client: HttpClient.HttpClient, config: Config): LanguageModel.Service => {
  const generateId = config.generateId ?? makeRandom()
  const url = `${config.baseURL}/responses`
  const withClient = <A, E>(effect: Effect.Effect<A, E, HttpClient.HttpClient>) =>
    Effect.provideService(effect, HttpClient.HttpClient, client)

  const generate = Effect.fn("HuggingFace.generate")(function*(options: CallOptions) {
    const { body: args, warnings } = yield* getArgs(config.modelId, options)
    const body = { ...args, stream: false }
    const headers = RequestHeaders.combineHeaders(yield* config.headers, options.headers)
    const { rawValue, responseHeaders, value: response } = yield* withClient(Http.postJsonToApi({
      url,
      headers,
      body,
      failedResponseHandler,
      successfulResponseHandler
    }))
    // A 200 whose body reports an error is a failed call, as upstream (which
    // puts the parsed body in `responseBody`; aimux puts its JSON text).
    if (response.error) {
      return yield* new APICallError({
        message: Predicate.isObject(response.error) && typeof Reflect.get(response.error, "message") === "string"
          ? String(Reflect.get(response.error, "message"))
          : "",
        url,
        requestBodyValues: body,
        statusCode: 400,
        responseHeaders,
        responseBody: WireJson.render(rawValue),
        isRetryable: false
      })
    }
    const reason = response.incomplete_details?.reason
    const result: GenerateResult = {
      content: mapContent(response, generateId),
      finishReason: { unified: mapFinishReason(reason ?? "stop"), raw: reason ?? undefined },
      usage: convertUsage(response.usage),
      request: { body },
      response: {
        id: response.id,
        timestamp: new Date(response.created_at * 1000),
        modelId: response.model,
        headers: responseHeaders,
        body: rawValue
      },
      providerMetadata: { huggingface: { responseId: response.id } },
      warnings
    }
    return result
  })

  const stream = Effect.fn("HuggingFace.stream")(function*(options: CallOptions) {
    const { body: args, warnings } = yield* getArgs(config.modelId, options)
    const body = { ...args, stream: true }
    const headers = RequestHeaders.combineHeaders(yield* config.headers, options.headers)
    const { responseHeaders, value: events } = yield* withClient(Http.postJsonToApi({
      url,
      headers,
      body,
      failedResponseHandler,
      successfulResponseHandler: eventSourceResponseHandler
    }))
    const transducer = makeTransducer({ warnings })
    const parts = StreamStart.prepend(events, transducer.start, () =>
      ElementTransformer.make<ParseResult<EnvelopeType>, StreamPart, never>({
        onElement: (chunk, out) => {
          transducer.push(chunk, out)
          return undefined
        },
        onEnd: (out) => {
          transducer.end(out)
          return undefined
        }
      }))
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
