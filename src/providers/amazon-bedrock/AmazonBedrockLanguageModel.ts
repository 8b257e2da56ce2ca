/**
 * The Bedrock Converse model as a `LanguageModel` service: `generate`
 * (`/converse`) and `stream` (`/converse-stream`, AWS event-stream frames)
 * with upstream's request bodies, authentication and response mapping
 * (upstream `AmazonBedrockChatLanguageModel`).
 *
 * @since 0.1.0
 */
import { Effect, Option, Stream } from "effect"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as LanguageModel from "../../LanguageModel.ts"
import * as Http from "../../provider-utils/Http.ts"
import * as RequestHeaders from "../../provider-utils/RequestHeaders.ts"
import * as StreamStart from "../../provider-utils/StreamStart.ts"
import * as StreamTransform from "../../provider-utils/StreamTransform.ts"
import { IdGenerator, makeRandom } from "../../runtime/IdGenerator.ts"
import type { ParseResult } from "../../runtime/ParseJson.ts"
import type { CallOptions } from "../../contract/CallOptions.ts"
import type { APICallError } from "../../contract/errors/APICallError.ts"
import { EmptyResponseBodyError } from "../../contract/errors/EmptyResponseBodyError.ts"
import type { ModelError } from "../../contract/errors/ModelError.ts"
import type { GenerateResult } from "../../contract/Results.ts"
import type { StreamPart } from "../../contract/StreamPart.ts"
import { ConverseResponse, ErrorBody, StreamEvent } from "./AmazonBedrockApi.ts"
import * as EventStream from "./EventStream.ts"
import { fastStreamEvent } from "./internal/FastStreamEvent.ts"
import { mapResponse } from "./internal/GenerateContent.ts"
import { isMistralModel } from "./internal/ModelSupport.ts"
import { prepareArgs } from "./internal/RequestArgs.ts"
import * as StreamTransducer from "./internal/StreamTransducer.ts"
import * as WireJson from "../../runtime/WireJson.ts"

/**
 * What an authorizer signs: the request as it will be sent.
 *
 * @since 0.1.0
 * @category models
 */
export interface AuthRequest {
  readonly url: string
  /** Lower-case names; the `content-type` and every config and call header. */
  readonly headers: Readonly<Record<string, string>>
  readonly body: string
}

/**
 * Resolved model configuration.
 *
 * @since 0.1.0
 * @category models
 */
export interface Config {
  /** Provider name reported by the model (`amazon-bedrock`). */
  readonly provider: string
  readonly modelId: string
  /** Set when the model id does not name the family (an inference profile ARN). */
  readonly modelFamily?: "anthropic" | undefined
  /** The runtime base URL, resolved per request as upstream (region from the environment). */
  readonly baseURL: Effect.Effect<string, ModelError>
  /** Headers of every request (user headers with the user agent suffix). */
  readonly headers: RequestHeaders.Input
  /** The authentication headers of one request (bearer token or SigV4). */
  readonly authorize: (request: AuthRequest) => Effect.Effect<RequestHeaders.Input, ModelError>
  readonly generateId?: (() => string) | undefined
}

/**
 * URLs the model reads itself (upstream `supportedUrls`).
 *
 * @since 0.1.0
 * @category constants
 */
export const supportedUrls: LanguageModel.SupportedUrls = {
  "image/*": [/^s3:\/\//],
  "video/*": [/^s3:\/\//]
}

const generateFailedHandler = Http.jsonErrorResponseHandler({
  errorSchema: ErrorBody,
  errorToMessage: (error) => `${error.message ?? "Unknown error"}`
})

const streamFailedHandler = Http.jsonErrorResponseHandler({
  errorSchema: ErrorBody,
  errorToMessage: (error) => error.type == null ? error.message : `${error.type}: ${error.message}`
})

const generateHandler = Http.jsonResponseHandler(ConverseResponse)

const parseEvents = EventStream.parse(StreamEvent, fastStreamEvent)

const hasBody = (response: HttpClientResponse.HttpClientResponse): boolean => {
  const web = HttpClientResponse.toWeb(response)
  return Option.isNone(web) || web.value.body !== null
}

// Upstream `createAmazonBedrockEventStreamResponseHandler`.
const eventStreamHandler = (codec: EventStream.Codec): Http.ResponseHandler<
  Stream.Stream<ParseResult<StreamEvent>, ModelError>,
  EmptyResponseBodyError
> =>
(info) =>
  hasBody(info.response)
    ? Effect.succeed({ responseHeaders: Http.responseHeadersOf(info.response), value: parseEvents(Http.bodyStream(info), codec) })
    : Effect.fail(new EmptyResponseBodyError({}))

const plainHeaders = (headers: RequestHeaders.Input): Record<string, string> => {
  const out: Record<string, string> = { "content-type": "application/json" }
  const revealed = RequestHeaders.reveal(RequestHeaders.normalizeHeaders(headers))
  for (const key of Object.keys(revealed)) out[key] = revealed[key]
  return out
}

/**
 * Builds the model service on a given `HttpClient`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeWith = (client: HttpClient.HttpClient, config: Config): LanguageModel.Service => {
  const generateId = config.generateId ?? makeRandom()
  const modelPath = `/model/${encodeURIComponent(config.modelId)}`
  const withClient = <A, E>(effect: Effect.Effect<A, E, HttpClient.HttpClient>) =>
    Effect.provideService(effect, HttpClient.HttpClient, client)

  // Upstream's order: arguments, URL (region), headers, then the signer
  // inside fetch (credentials); the signed body is the body sent.
  const post = Effect.fnUntraced(function*<A, E1>(
    options: CallOptions,
    endpoint: string,
    successfulResponseHandler: Http.ResponseHandler<A, E1>,
    failedResponseHandler: Http.ResponseHandler<APICallError, unknown>
  ) {
    const prepared = yield* prepareArgs(options, config.modelId, config.modelFamily)
    const url = `${yield* config.baseURL}${modelPath}/${endpoint}`
    const headers = RequestHeaders.combineHeaders(config.headers, options.headers)
    const content = yield* Effect.fromResult(WireJson.stringify(prepared.command))
    const auth = yield* config.authorize({ url, headers: plainHeaders(headers), body: content })
    const response = yield* withClient(Http.postToApi({
      url,
      headers: { "Content-Type": "application/json", ...headers, ...auth },
      body: { content, values: prepared.command },
      successfulResponseHandler,
      failedResponseHandler
    }))
    return { prepared, response }
  })

  const generate = Effect.fn("AmazonBedrock.generate")(function*(options: CallOptions) {
    const { prepared, response } = yield* post(options, "converse", generateHandler, generateFailedHandler)
    const { responseHeaders, value } = response
    const mapped = mapResponse(value, {
      modelId: config.modelId,
      usesJsonInstruction: prepared.usesJsonInstruction,
      usesJsonResponseTool: prepared.usesJsonResponseTool,
      generateId
    })
    const date = responseHeaders["date"]
    const result: GenerateResult = {
      content: mapped.content,
      finishReason: mapped.finishReason,
      usage: mapped.usage,
      response: {
        id: responseHeaders["x-amzn-requestid"] ?? undefined,
        timestamp: date != null ? new Date(date) : undefined,
        modelId: config.modelId,
        headers: responseHeaders
      },
      warnings: prepared.warnings,
      request: { body: prepared.command },
      ...(mapped.providerMetadata && { providerMetadata: mapped.providerMetadata })
    }
    return result
  })

  const stream = Effect.fn("AmazonBedrock.stream")(function*(options: CallOptions) {
    // the codec is an optional peer: a missing one fails before the request is sent
    const codec = yield* EventStream.loadCodec
    const { prepared, response } = yield* post(options, "converse-stream", eventStreamHandler(codec), streamFailedHandler)
    const { responseHeaders, value: events } = response
    const transducerOptions: StreamTransducer.Options = {
      warnings: prepared.warnings,
      modelId: config.modelId,
      isMistral: isMistralModel(config.modelId),
      includeRawChunks: options.includeRawChunks === true,
      usesJsonInstruction: prepared.usesJsonInstruction,
      usesJsonResponseTool: prepared.usesJsonResponseTool,
      responseHeaders
    }
    // The body's pull is taken in the stream's scope before the start parts are emitted: a consumer
    // that stops (or is interrupted) during `stream-start` / `response-metadata` still cancels the
    // body. Emitting them ahead of the body left the connection open for good (the fault suite),
    // since the client no longer aborts a body that was handed over as a web stream.
    const parts = StreamStart.prependAll(
      events,
      StreamTransducer.make(transducerOptions).start(),
      (): StreamTransform.Transformer<ParseResult<StreamEvent>, StreamPart, never> => {
        const transducer = StreamTransducer.make(transducerOptions)
        return {
          onChunk: (chunk, out) => {
            for (let i = 0; i < chunk.length; i++) transducer.push(chunk[i], out)
            return undefined
          },
          onEnd: (out) => {
            transducer.end(out)
            return undefined
          }
        }
      }
    )
    const result: LanguageModel.StreamResponse = {
      stream: parts,
      request: { body: prepared.command },
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
    const ids = yield* Effect.serviceOption(IdGenerator)
    return makeWith(client, {
      ...config,
      generateId: config.generateId ?? Option.getOrUndefined(Option.map(ids, (service) => service.generate))
    })
  })
