/**
 * The Anthropic messages model as a `LanguageModel` service: `generate` and
 * `stream` with upstream's request bodies, headers and response mapping
 * (upstream `AnthropicLanguageModel`).
 *
 * @since 0.1.0
 */
import { Effect, Option, Stream } from "effect"
import * as HttpClient from "effect/http/HttpClient"
import * as LanguageModel from "../../../LanguageModel.ts"
import * as EarlyError from "../../../provider-utils/EarlyError.ts"
import * as Http from "../../../provider-utils/Http.ts"
import { IdGenerator, makeRandom } from "../../../runtime/IdGenerator.ts"
import * as RequestHeaders from "../../../provider-utils/RequestHeaders.ts"
import * as StreamTransform from "../../../provider-utils/StreamTransform.ts"
import type { CallOptions } from "../../../contract/CallOptions.ts"
import { APICallError } from "../../../contract/errors/APICallError.ts"
import { InvalidResponseDataError } from "../../../contract/errors/InvalidResponseDataError.ts"
import type { ParseResult } from "../../../runtime/ParseJson.ts"
import type { ModelError } from "../../../contract/errors/ModelError.ts"
import { isProviderStreamError } from "../../../contract/errors/ProviderStreamError.ts"
import type { Prompt } from "../../../contract/Prompt.ts"
import type { ProviderMetadata, ProviderOptions } from "../../../contract/ProviderMetadata.ts"
import type { GenerateResult } from "../../../contract/Results.ts"
import type { StreamPart } from "../../../contract/StreamPart.ts"
import { ErrorBody, MessagesResponse, StreamEvent, type StreamEvent as StreamEventType } from "./AnthropicApi.ts"
import type { CitationDocument } from "./internal/Citations.ts"
import { mapResponse } from "./internal/GenerateContent.ts"
import { makeStreamTransducer } from "./internal/StreamTransducer.ts"
import { type PreparedRequest, prepareRequest } from "./internal/RequestArgs.ts"
import * as WireJson from "../../../runtime/WireJson.ts"

/**
 * Resolved model configuration.
 *
 * @since 0.1.0
 * @category models
 */
export interface Config {
  /** Provider name reported by the model; upstream default `anthropic.messages`. */
  readonly provider: string
  readonly modelId: string
  /** Base URL without trailing slash; requests go to `${baseURL}/messages`. */
  readonly baseURL: string
  /** Resolved headers of every request (API key, `anthropic-version`, user headers, user agent). */
  readonly headers: Effect.Effect<RequestHeaders.Input, ModelError>
  readonly generateId?: (() => string) | undefined
  /** Upstream `buildRequestUrl`: the URL of a call; default `${baseURL}/messages`. */
  readonly buildRequestUrl?: ((baseURL: string, isStreaming: boolean) => string) | undefined
  /**
   * Upstream `transformRequestBody`: the body sent, from the prepared
   * arguments and betas; the result's `request.body` stays the arguments, as upstream's.
   */
  readonly transformRequestBody?: ((args: RequestArgs, betas: ReadonlySet<string>) => RequestArgs) | undefined
  /** Upstream `transformRequestHeaders`: the call's final headers, given its provider options. */
  readonly transformRequestHeaders?:
    | ((
      headers: RequestHeaders.Input,
      providerOptions: ProviderOptions | undefined
    ) => Effect.Effect<RequestHeaders.Input, ModelError>)
    | undefined
  /** URLs the model reads itself; default the Anthropic API's (`supportedUrls`). */
  readonly supportedUrls?: LanguageModel.SupportedUrls | undefined
  /** Native structured output in `structuredOutputMode: "auto"`; default `true`. */
  readonly supportsNativeStructuredOutput?: boolean | undefined
  /** Strict tool input schemas; default `true`. */
  readonly supportsStrictTools?: boolean | undefined
  /** The host's side of the exchange (signing, error bodies, stream framing); default the Anthropic API's. */
  readonly transport?: Transport | undefined
}

/**
 * A request body as sent (a JSON object).
 *
 * @since 0.1.0
 * @category models
 */
export type RequestArgs = { readonly [key: string]: unknown }

/**
 * What a host authorizes: the request as it will be sent.
 *
 * @since 0.1.0
 * @category models
 */
export interface AuthRequest {
  readonly url: string
  /** Lower-case names; the `content-type` and every config, call and beta header. */
  readonly headers: Readonly<Record<string, string>>
  /** The exact body text. */
  readonly body: string
}

/**
 * The host's side of the exchange, where upstream's hosted variants wrap
 * `fetch`: headers computed from the request as sent (SigV4), the error body
 * handler and the stream body decoder.
 *
 * @since 0.1.0
 * @category models
 */
export interface Transport {
  /** Headers added to the request as sent (bearer token or SigV4 signature). */
  readonly authorize?: ((request: AuthRequest) => Effect.Effect<RequestHeaders.Input, ModelError>) | undefined
  /** The handler of a non-2xx response; default Anthropic's error body. */
  readonly failedResponseHandler?: Http.ResponseHandler<APICallError, unknown> | undefined
  /** The stream body's decoder into events; default SSE. */
  readonly streamResponseHandler?:
    | Http.ResponseHandler<Stream.Stream<ParseResult<StreamEventType>, ModelError>, ModelError>
    | undefined
}

/**
 * URLs the model reads itself (upstream's provider `supportedUrls`).
 *
 * @since 0.1.0
 * @category constants
 */
export const supportedUrls: LanguageModel.SupportedUrls = {
  "image/*": [/^https?:\/\/.*$/],
  "application/pdf": [/^https?:\/\/.*$/]
}

const betaHeader = (headers: RequestHeaders.Input | undefined): string => {
  const value = headers?.["anthropic-beta"]
  return typeof value === "string" ? value : ""
}

const betasFromHeaders = (
  configHeaders: RequestHeaders.Input,
  requestHeaders: RequestHeaders.Input | undefined
): Set<string> =>
  new Set(
    [...betaHeader(configHeaders).toLowerCase().split(","), ...betaHeader(requestHeaders).toLowerCase().split(",")]
      .map((beta) => beta.trim()).filter((beta) => beta !== "")
  )

// Upstream `getHeaders`: config headers, call headers, then the computed
// betas (postToApi normalizes the names and appends its user agent parts).
const requestHeaders = (
  configHeaders: RequestHeaders.Input,
  callHeaders: RequestHeaders.Input | undefined,
  betas: Set<string>
): RequestHeaders.Input =>
  RequestHeaders.combineHeaders(
    configHeaders,
    callHeaders,
    betas.size > 0 ? { "anthropic-beta": Array.from(betas).join(",") } : {}
  )

/**
 * Upstream `anthropicFailedResponseHandler`: the Anthropic error body's message.
 *
 * @since 0.1.0
 * @category requests
 */
export const failedResponseHandler = Http.jsonErrorResponseHandler({
  errorSchema: ErrorBody,
  errorToMessage: (data) => data.error.message
})
const successfulResponseHandler = Http.jsonResponseHandler(MessagesResponse)

/**
 * The stream body as the Anthropic API sends it: SSE events of `StreamEvent`.
 *
 * @since 0.1.0
 * @category requests
 */
export const eventSourceResponseHandler = Http.eventSourceResponseHandler(StreamEvent)

const plainHeaders = (headers: RequestHeaders.Input): Record<string, string> => {
  const out: Record<string, string> = { "content-type": "application/json" }
  const revealed = RequestHeaders.reveal(RequestHeaders.normalizeHeaders(headers))
  for (const key of Object.keys(revealed)) out[key] = revealed[key]
  return out
}

// Upstream adds the metadata under the custom key too when the call used it.
const withCustomKey = (metadata: ProviderMetadata | undefined, name: string): ProviderMetadata | undefined =>
  metadata?.["anthropic"] === undefined ? metadata : { ...metadata, [name]: metadata["anthropic"] }

const extractCitationDocuments = (prompt: Prompt): Array<CitationDocument> => {
  const documents: Array<CitationDocument> = []
  for (const message of prompt) {
    if (message.role !== "user") continue
    for (const part of message.content) {
      if (part.type !== "file") continue
      if (part.mediaType !== "application/pdf" && part.mediaType !== "text/plain") continue
      const citations = part.providerOptions?.["anthropic"]?.["citations"]
      const enabled = typeof citations === "object" && citations !== null && !Array.isArray(citations)
        ? Reflect.get(citations, "enabled")
        : undefined
      if (!(enabled ?? false)) continue
      documents.push({ title: part.filename ?? "Untitled Document", filename: part.filename, mediaType: part.mediaType })
    }
  }
  return documents
}

// Upstream `getHeaders` (then `transformRequestHeaders`), `transformRequestBody`
// and `postJsonToApi`; a host's authorizer sees the request as sent.
const makePost = (client: HttpClient.HttpClient, config: Config) => {
  const withClient = <A, E>(effect: Effect.Effect<A, E, HttpClient.HttpClient>) =>
    Effect.provideService(effect, HttpClient.HttpClient, client)
  const transport = config.transport ?? {}
  const failed = transport.failedResponseHandler ?? failedResponseHandler
  return Effect.fnUntraced(function*<A, E1>(
    options: CallOptions,
    isStreaming: boolean,
    configHeaders: RequestHeaders.Input,
    prepared: { readonly args: RequestArgs; readonly betas: Set<string> },
    successful: Http.ResponseHandler<A, E1>
  ) {
    const url = config.buildRequestUrl?.(config.baseURL, isStreaming) ?? `${config.baseURL}/messages`
    const combined = requestHeaders(configHeaders, options.headers, prepared.betas)
    const headers = config.transformRequestHeaders === undefined
      ? combined
      : yield* config.transformRequestHeaders(combined, options.providerOptions)
    const body = config.transformRequestBody?.(prepared.args, prepared.betas) ?? prepared.args
    if (transport.authorize === undefined) {
      const response = yield* withClient(Http.postJsonToApi({
        url,
        headers,
        body,
        failedResponseHandler: failed,
        successfulResponseHandler: successful
      }))
      return { url, response }
    }
    const content = yield* Effect.fromResult(WireJson.stringify(body))
    const auth = yield* transport.authorize({ url, headers: plainHeaders(headers), body: content })
    const response = yield* withClient(Http.postToApi({
      url,
      headers: { "Content-Type": "application/json", ...headers, ...auth },
      body: { content, values: body },
      failedResponseHandler: failed,
      successfulResponseHandler: successful
    }))
    return { url, body, response }
  })
}

// The config's headers and the prepared request of a call.
const prepareCall = Effect.fnUntraced(function*(config: Config, options: CallOptions, stream: boolean) {
  const configHeaders = yield* config.headers
  const prepared = yield* prepareRequest({
    modelId: config.modelId,
    callOptions: options,
    stream,
    userSuppliedBetas: betasFromHeaders(configHeaders, options.headers),
    host: {
      provider: config.provider,
      supportsNativeStructuredOutput: config.supportsNativeStructuredOutput,
      supportsStrictTools: config.supportsStrictTools
    }
  })
  return { configHeaders, prepared }
})

// The custom options key the call used, other than `anthropic`: its metadata is repeated under it.
const customKeyOf = (prepared: PreparedRequest): string | undefined =>
  prepared.usedCustomProviderKey && prepared.providerOptionsName !== "anthropic" ? prepared.providerOptionsName : undefined

// The finish parts of the body's events carry the provider's custom metadata key too
// (not the interrupted finish the end adds).
const withCustomKeyOnFinish = <A, E>(
  transformer: StreamTransform.Transformer<A, StreamPart, E>,
  customKey: string
): StreamTransform.Transformer<A, StreamPart, E> => ({
  onChunk: (chunk, out) => {
    const from = out.length
    const failure = transformer.onChunk(chunk, out)
    for (let i = from; i < out.length; i++) {
      const part = out[i]
      if (part.type === "finish") out[i] = { ...part, providerMetadata: withCustomKey(part.providerMetadata, customKey) }
    }
    return failure
  },
  onEnd: transformer.onEnd
})

/**
 * Builds the model service on a given `HttpClient`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeWith = (client: HttpClient.HttpClient, config: Config): LanguageModel.Service => {
  const generateId = config.generateId ?? makeRandom()
  const post = makePost(client, config)

  const generate = Effect.fn("Anthropic.generate")(function*(options: CallOptions) {
    const { configHeaders, prepared } = yield* prepareCall(config, options, false)
    const body = prepared.args
    const citationDocuments = extractCitationDocuments(options.prompt)
    const { rawValue, responseHeaders, value: response } =
      (yield* post(options, false, configHeaders, prepared, successfulResponseHandler)).response
    const mapped = mapResponse(response, {
      toolNameMapping: prepared.toolNameMapping,
      citationDocuments,
      markCodeExecutionDynamic: prepared.markCodeExecutionDynamic,
      usesJsonResponseTool: prepared.usesJsonResponseTool,
      preparedTools: prepared.preparedTools,
      generateId
    })
    if (mapped instanceof InvalidResponseDataError) return yield* mapped
    const customKey = customKeyOf(prepared)
    const result: GenerateResult = {
      ...mapped,
      ...(customKey !== undefined && { providerMetadata: withCustomKey(mapped.providerMetadata, customKey) }),
      request: { body },
      response: {
        id: response.id ?? undefined,
        modelId: response.model ?? undefined,
        headers: responseHeaders,
        body: rawValue
      },
      warnings: prepared.warnings
    }
    return result
  })

  const stream = Effect.fn("Anthropic.stream")(function*(options: CallOptions) {
    const { configHeaders, prepared } = yield* prepareCall(config, options, true)
    const body = prepared.args
    const sent = yield* post(
      options,
      true,
      configHeaders,
      prepared,
      config.transport?.streamResponseHandler ?? eventSourceResponseHandler
    )
    const { url } = sent
    const { responseHeaders, value: events } = sent.response
    const customKey = customKeyOf(prepared)
    const transducer = makeStreamTransducer({
      warnings: prepared.warnings,
      usesJsonResponseTool: prepared.usesJsonResponseTool,
      preparedTools: prepared.preparedTools,
      markCodeExecutionDynamic: prepared.markCodeExecutionDynamic,
      includePings: prepared.includePings,
      includeRawChunks: options.includeRawChunks === true,
      toolNameMapping: prepared.toolNameMapping,
      citationDocuments: extractCitationDocuments(options.prompt),
      generateId
    })
    const start = transducer.start()
    const parts = StreamTransform.transform(events, () => {
      const transformer = transducer.transformer()
      return customKey === undefined ? transformer : withCustomKeyOnFinish(transformer, customKey)
    })
    const checked = yield* EarlyError.peek(parts, {
      failure: (part) => part.type === "error" ? earlyStreamError(part.error, url, body, responseHeaders) : undefined,
      isOutput: (part) => part.type !== "raw" && part.type !== "ping"
    })
    const result: LanguageModel.StreamResponse = {
      // The finalizer covers the whole stream: a consumer that stops right
      // after `stream-start` must still close the body peeked above.
      stream: Stream.concat(Stream.fromArray(start), checked.stream).pipe(Stream.ensuring(checked.close)),
      request: { body },
      response: { headers: responseHeaders }
    }
    return result
  })

  return LanguageModel.make({
    provider: config.provider,
    modelId: config.modelId,
    supportedUrls: config.supportedUrls ?? supportedUrls,
    generate,
    stream
  })
}

// Upstream pulls the first provider part before returning: an `error` part
// there (Anthropic answers overload with a 200 stream) rejects the call.
const earlyStreamError = (
  error: unknown,
  url: string,
  body: unknown,
  responseHeaders: Record<string, string> | undefined
): APICallError | InvalidResponseDataError => {
  if (!isProviderStreamError(error)) {
    return new InvalidResponseDataError({ data: error, message: "Expected a normalized Anthropic stream error" })
  }
  return new APICallError({
    message: error.message,
    url,
    requestBodyValues: body,
    statusCode: error.statusCode ?? 500,
    responseHeaders,
    responseBody: WireJson.render(error.data),
    isRetryable: error.isRetryable ?? false
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
