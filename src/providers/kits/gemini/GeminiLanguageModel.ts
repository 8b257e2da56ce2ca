/**
 * The Gemini language model as a `LanguageModel` service, shared by the
 * Google Generative AI and Vertex providers (upstream `GoogleLanguageModel`):
 * `generate` (`:generateContent`) and `stream`
 * (`:streamGenerateContent?alt=sse`), both following a `CONTINUATION`
 * finish with the same request plus its continuation token (Gemini 4 long
 * decode), as upstream's `doGenerate` loop and `continue-google-stream.ts`.
 *
 * @since 0.1.0
 */
import { Effect, Option, Stream } from "effect"
import * as HttpClient from "effect/http/HttpClient"
import type * as HttpClientError from "effect/http/HttpClientError"
import * as LanguageModel from "../../../LanguageModel.ts"
import * as Http from "../../../provider-utils/Http.ts"
import { IdGenerator, makeRandom } from "../../../runtime/IdGenerator.ts"
import { makeSafeParseJson } from "../../../runtime/ParseJson.ts"
import * as RequestHeaders from "../../../provider-utils/RequestHeaders.ts"
import * as StreamTransform from "../../../provider-utils/StreamTransform.ts"
import type { CallOptions } from "../../../contract/CallOptions.ts"
import type { Content } from "../../../contract/Content.ts"
import { APICallError } from "../../../contract/errors/APICallError.ts"
import type { ModelError } from "../../../contract/errors/ModelError.ts"
import { TypeValidationError } from "../../../contract/errors/TypeValidationError.ts"
import type { GenerateResult } from "../../../contract/Results.ts"
import type { StreamPart } from "../../../contract/StreamPart.ts"
import { Chunk, ErrorBody, type GroundingMetadata, Response, type UsageMetadata } from "./GeminiApi.ts"
import { convertResponse, unprintablePart } from "./internal/GenerateContent.ts"
import { type Refined, refine } from "./internal/Refine.ts"
import { makeJsonResponseToolMapper } from "../../../provider-utils/JsonResponseToolStream.ts"
import { type Continuation, type Item, makeStreamTransducer } from "./internal/StreamTransducer.ts"
import { addUsageMetadata } from "./internal/Usage.ts"
import { prepareRequest } from "./internal/RequestArgs.ts"

/**
 * Resolved model configuration.
 *
 * @since 0.1.0
 * @category models
 */
export interface Config {
  /** `google.generative-ai` (Gemini API) or `google.vertex.chat`: Vertex behaviour keys off the name, as upstream. */
  readonly provider: string
  readonly modelId: string
  /** Base URL without trailing slash; requests go to `${baseURL}/models/<id>:generateContent`. */
  readonly baseURL: string
  /** Headers of every request (user headers, user agent; the Gemini API key). */
  readonly headers: Effect.Effect<RequestHeaders.Input, ModelError>
  /** Headers set after the call's own (Vertex express mode's `x-goog-api-key`, set by upstream's fetch wrapper). */
  readonly finalHeaders?: Effect.Effect<RequestHeaders.Input, ModelError> | undefined
  readonly supportedUrls: LanguageModel.SupportedUrls
  /** Vertex: `gs://` URLs may stay references in Gemini 3 function responses. */
  readonly supportsGoogleCloudStorageUrls?: boolean | undefined
  /** Vertex: tool-result file URLs are downloaded (through the model's `HttpClient`) before conversion. */
  readonly toolResultDownloads?: { readonly maxBytes: number } | undefined
  readonly generateId?: (() => string) | undefined
}

/**
 * Upstream `getModelPath`: ids with a `/` are resource paths already.
 *
 * @since 0.1.0
 * @category utils
 */
export const modelPath = (modelId: string): string => modelId.includes("/") ? modelId : `models/${modelId}`

const failedResponseHandler = Http.jsonErrorResponseHandler({
  errorSchema: ErrorBody,
  errorToMessage: (data) => data.error.message
})
const parseResponse = makeSafeParseJson(Response)

// Upstream `createJsonResponseHandler(responseSchema)`, with the grounding and
// loose-usage step (`internal/Refine.ts`) inside the one validation.
const successfulResponseHandler: Http.ResponseHandler<
  { readonly response: Response; readonly refined: Refined },
  APICallError | HttpClientError.HttpClientError
> = ({ requestBodyValues, response, url }) =>
  Effect.flatMap(Http.readBodyText(response), (responseBody) => {
    const parsed = parseResponse(responseBody)
    const responseHeaders = Http.responseHeadersOf(response)
    const refined = parsed.success ? refine(parsed.value, parsed.rawValue) : undefined
    // tool arguments too deep to print fail here, typed, as an invalid response (issue 31)
    const unprintable = parsed.success && refined !== undefined && !(refined instanceof TypeValidationError)
      ? unprintablePart(parsed.value)
      : undefined
    if (parsed.success && refined !== undefined && !(refined instanceof TypeValidationError) && unprintable === undefined) {
      return Effect.succeed({ value: { response: parsed.value, refined }, rawValue: parsed.rawValue, responseHeaders })
    }
    return Effect.fail(
      new APICallError({
        message: "Invalid JSON response",
        cause: parsed.success ? unprintable ?? refined : parsed.error,
        statusCode: response.status,
        responseHeaders,
        responseBody,
        url,
        requestBodyValues
      })
    )
  })
const eventSourceResponseHandler = Http.eventSourceResponseHandler(Chunk)

const continuationStart: Item = { type: "continuation-start" }

// Upstream `continueGoogleStream`: once a response whose last chunk asked for
// continuation ends, the next request's events follow a marker; a failed
// continuation request is one failed item, then the end.
const continued = (
  events: Stream.Stream<Item, ModelError>,
  state: Continuation,
  next: (token: string) => Effect.Effect<Stream.Stream<Item, ModelError>, ModelError>
): Stream.Stream<Item, ModelError> =>
  Stream.concat(
    events,
    Stream.unwrap(Effect.suspend(() => {
      const token = state.pendingToken
      if (token === undefined) return Effect.succeed(Stream.empty)
      state.pendingToken = undefined
      return Effect.match(next(token), {
        onFailure: (error): Stream.Stream<Item, ModelError> =>
          Stream.make({ success: false, error, rawValue: undefined }),
        onSuccess: (stream) => {
          state.groundingMetadataPerRequest.push(state.requestGroundingMetadata)
          state.requestGroundingMetadata = null
          return Stream.concat(Stream.make(continuationStart), continued(stream, state, next))
        }
      })
    }))
  )

/**
 * Builds the model service on a given `HttpClient`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeWith = (client: HttpClient.HttpClient, config: Config): LanguageModel.Service => {
  const generateId = config.generateId ?? makeRandom()
  const base = `${config.baseURL}/${modelPath(config.modelId)}`
  const withClient = <A, E>(effect: Effect.Effect<A, E, HttpClient.HttpClient>) =>
    Effect.provideService(effect, HttpClient.HttpClient, client)
  const requestHeaders = Effect.fnUntraced(function*(options: CallOptions, extra: Record<string, string> | undefined) {
    const configHeaders = yield* config.headers
    const final = config.finalHeaders === undefined ? undefined : yield* config.finalHeaders
    return RequestHeaders.combineHeaders(configHeaders, options.headers, extra, final)
  })

  const generate = Effect.fn("Gemini.generate")(function*(options: CallOptions) {
    const prepared = yield* withClient(prepareRequest(config, options, false))
    const { args } = prepared
    const post = (body: Record<string, unknown>) =>
      Effect.flatMap(requestHeaders(options, prepared.extraHeaders), (headers) =>
        withClient(Http.postJsonToApi({
          url: `${base}:generateContent`,
          headers,
          body,
          failedResponseHandler,
          successfulResponseHandler
        })))
    const convertOptions = {
      providerOptionsNames: prepared.providerOptionsNames,
      codeExecutionToolName: prepared.codeExecutionToolName,
      jsonResponseToolName: prepared.jsonResponseToolName,
      generateId
    }
    let { rawValue, responseHeaders, value: { refined, response } } = yield* post(args)
    // Long decode: a request that hits the per-request cap with budget left
    // finishes with CONTINUATION; resend with the token and join the content.
    // Usage is summed (as billed); the first prompt count is kept apart.
    const content: Array<Content> = []
    const groundingMetadataPerRequest: Array<GroundingMetadata | null> = []
    let usageMetadata: UsageMetadata | undefined
    const firstPromptTokenCount = refined.usage?.promptTokenCount
    let isContinued = false
    while (true) {
      const candidate = response.candidates?.[0]
      groundingMetadataPerRequest.push(refined.grounding ?? null)
      const continuationToken = candidate?.finishReason === "CONTINUATION" ? candidate.continuationToken : undefined
      usageMetadata = addUsageMetadata(usageMetadata, refined.usage ?? undefined)
      if (continuationToken == null) break
      content.push(...convertResponse(response, refined, convertOptions).content)
      isContinued = true
      const next = yield* post({ ...args, continuationToken })
      rawValue = next.rawValue
      responseHeaders = next.responseHeaders
      response = next.value.response
      refined = next.value.refined
    }
    const last = convertResponse(response, { grounding: refined.grounding, usage: usageMetadata }, {
      ...convertOptions,
      responseHeaders,
      initialPromptTokenCount: isContinued ? firstPromptTokenCount : undefined,
      groundingMetadataPerRequest: isContinued ? groundingMetadataPerRequest : undefined
    })
    const result: GenerateResult = {
      content: [...content, ...last.content],
      finishReason: last.finishReason,
      usage: last.usage,
      warnings: prepared.warnings,
      providerMetadata: last.providerMetadata,
      request: { body: args },
      response: { id: response.responseId ?? undefined, headers: responseHeaders, body: rawValue }
    }
    return result
  })

  const stream = Effect.fn("Gemini.stream")(function*(options: CallOptions) {
    const prepared = yield* withClient(prepareRequest(config, options, true))
    const { args } = prepared
    const post = (body: Record<string, unknown>) =>
      Effect.flatMap(requestHeaders(options, prepared.extraHeaders), (headers) =>
        withClient(Http.postJsonToApi({
          url: `${base}:streamGenerateContent?alt=sse`,
          headers,
          body,
          failedResponseHandler,
          successfulResponseHandler: eventSourceResponseHandler
        })))
    const { responseHeaders, value: first } = yield* post(args)
    const transducer = makeStreamTransducer({
      warnings: prepared.warnings,
      providerOptionsNames: prepared.providerOptionsNames,
      includeRawChunks: options.includeRawChunks === true,
      codeExecutionToolName: prepared.codeExecutionToolName,
      generateId,
      responseHeaders
    })
    const items = (events: typeof first) => continued(
      events,
      transducer.continuation,
      (continuationToken) => Effect.map(post({ ...args, continuationToken }), (result) => result.value)
    )
    const jsonTool = prepared.jsonResponseToolName === undefined
      ? undefined
      : makeJsonResponseToolMapper(prepared.jsonResponseToolName)
    const parts = (events: typeof first) => StreamTransform.transform(
      items(events),
      (): StreamTransform.Transformer<Item, StreamPart, never> => {
        if (jsonTool === undefined) {
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
        const staged: Array<StreamPart> = []
        const drain = (out: Array<StreamPart>) => {
          for (let i = 0; i < staged.length; i++) jsonTool(staged[i], out)
          staged.length = 0
        }
        return {
          onChunk: (chunk, out) => {
            for (let i = 0; i < chunk.length; i++) transducer.push(chunk[i], staged)
            drain(out)
            return undefined
          },
          onEnd: (out) => {
            transducer.end(staged)
            drain(out)
            return undefined
          }
        }
      }
    )
    const start = transducer.start()
    const result: LanguageModel.StreamResponse = {
      // the body's pull is taken in the stream's scope before the start parts are emitted, so a
      // consumer that stops after `stream-start` still cancels the response body (as StreamStart.prepend)
      stream: Stream.unwrap(Effect.map(Stream.toPull(first), (pull) =>
        Stream.concat(
          Stream.fromArray(jsonTool === undefined ? start : start.flatMap((part) => {
            const out: Array<StreamPart> = []
            jsonTool(part, out)
            return out
          })),
          parts(Stream.fromPull(Effect.succeed(pull)))
        ))),
      request: { body: args },
      response: { headers: responseHeaders }
    }
    return result
  })

  return LanguageModel.make({
    provider: config.provider,
    modelId: config.modelId,
    supportedUrls: config.supportedUrls,
    generate,
    stream
  })
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
