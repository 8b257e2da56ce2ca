/**
 * The xAI Responses model as a `LanguageModel` service: `generate` and
 * `stream` with upstream's request bodies, headers and response mapping
 * (upstream `XaiResponsesLanguageModel`, `@ai-sdk/xai` 5.0.12).
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
import type { ModelError } from "../../contract/errors/ModelError.ts"
import type { GenerateResult } from "../../contract/Results.ts"
import type { StreamPart } from "../../contract/StreamPart.ts"
import { mapResponse } from "./internal/GenerateContent.ts"
import { prepareRequest } from "./internal/RequestArgs.ts"
import { makeTransducer } from "./internal/StreamTransducer.ts"
import { ErrorData, errorToMessage, ResponsesChunk, ResponsesResponse } from "./XAIApi.ts"

/**
 * Resolved model configuration.
 *
 * @since 0.1.0
 * @category models
 */
export interface Config {
  /** Provider name reported by the model; upstream `xai.responses`. */
  readonly provider: string
  readonly modelId: string
  /** Base URL without trailing slash; requests go to `${baseURL}/responses`. */
  readonly baseURL: string
  /** The headers of every request (API key, user headers, user agent), resolved per request as upstream. */
  readonly headers: Effect.Effect<RequestHeaders.Input, ModelError>
  readonly generateId?: (() => string) | undefined
}

/**
 * URLs the model reads itself: images, PDFs and text documents over http(s).
 *
 * @since 0.1.0
 * @category constants
 */
export const supportedUrls: LanguageModel.SupportedUrls = {
  "image/*": [/^https?:\/\/.*$/],
  "application/pdf": [/^https?:\/\/.*$/],
  "text/*": [/^https?:\/\/.*$/]
}

const failedResponseHandler = Http.jsonErrorResponseHandler({ errorSchema: ErrorData, errorToMessage })
const successfulResponseHandler = Http.jsonResponseHandler(ResponsesResponse)
const eventSourceResponseHandler = Http.eventSourceResponseHandler(ResponsesChunk)

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

  const generate = Effect.fn("XAI.generate")(function*(options: CallOptions) {
    const { body, toolNames, warnings } = yield* prepareRequest(config.modelId, options)
    const headers = RequestHeaders.combineHeaders(yield* config.headers, options.headers)
    const { rawValue, responseHeaders, value: response } = yield* withClient(Http.postJsonToApi({
      url,
      headers,
      body,
      failedResponseHandler,
      successfulResponseHandler
    }))
    const mapped = mapResponse(response, toolNames, generateId)
    const result: GenerateResult = {
      ...mapped,
      request: { body },
      response: {
        ...createLanguageModelResponseMetadata({ id: response.id, model: response.model, created: response.created_at }),
        headers: responseHeaders,
        body: rawValue
      },
      warnings
    }
    return result
  })

  const stream = Effect.fn("XAI.stream")(function*(options: CallOptions) {
    const prepared = yield* prepareRequest(config.modelId, options)
    const body = { ...prepared.body, stream: true }
    const headers = RequestHeaders.combineHeaders(yield* config.headers, options.headers)
    const { responseHeaders, value: events } = yield* withClient(Http.postJsonToApi({
      url,
      headers,
      body,
      failedResponseHandler,
      successfulResponseHandler: eventSourceResponseHandler
    }))
    const transducer = makeTransducer({
      warnings: prepared.warnings,
      includeRawChunks: options.includeRawChunks === true,
      toolNames: prepared.toolNames,
      generateId
    })
    const parts = StreamStart.prepend(events, transducer.start, () =>
      ElementTransformer.make<ParseResult<ResponsesChunk>, StreamPart, never>({
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
