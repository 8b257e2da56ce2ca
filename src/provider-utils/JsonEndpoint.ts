/**
 * A model's JSON endpoint on a given `HttpClient` (the request half of the
 * Cohere, Mistral, xAI and Hugging Face models): one URL, the configured
 * headers resolved per request as upstream's `headers()` function, the call's
 * headers over them, and the provider's failed-response handler.
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import type { Schema, Stream } from "effect"
import * as HttpClient from "effect/http/HttpClient"
import type { APICallError } from "../contract/errors/APICallError.ts"
import type { ModelError } from "../contract/errors/ModelError.ts"
import type { StreamPart } from "../contract/StreamPart.ts"
import type { Warning } from "../contract/Warning.ts"
import { generatorFromContext } from "../runtime/IdGenerator.ts"
import type { ParseResult } from "../runtime/ParseJson.ts"
import * as Http from "./Http.ts"
import * as RequestHeaders from "./RequestHeaders.ts"
import * as StreamStart from "./StreamStart.ts"

/**
 * Where and how the model posts.
 *
 * @since 0.1.0
 * @category models
 */
export interface Options<E> {
  readonly client: HttpClient.HttpClient
  readonly url: string
  /** The headers of every request (API key, user headers, user agent), resolved per request. */
  readonly headers: Effect.Effect<RequestHeaders.Input, ModelError>
  readonly failedResponseHandler: Http.ResponseHandler<APICallError, E>
}

/**
 * A started stream: the request body, the response headers and the parts
 * (assignable to `LanguageModel.StreamResponse`).
 *
 * @since 0.1.0
 * @category models
 */
export interface StreamResult<B, E> {
  readonly stream: Stream.Stream<B, E>
  readonly request: { readonly body: unknown }
  readonly response: { readonly headers: Record<string, string> }
}

/**
 * The endpoint's request: one JSON body, the response through a handler.
 *
 * @since 0.1.0
 * @category models
 */
export interface JsonEndpoint {
  /** Posts `body` as JSON (upstream `postJsonToApi`), the response through `successfulResponseHandler`. */
  readonly post: <A, E1>(
    body: unknown,
    callHeaders: RequestHeaders.Input | undefined,
    successfulResponseHandler: Http.ResponseHandler<A, E1>
  ) => Effect.Effect<Http.HandlerResult<A>, ModelError>
}

/**
 * A language model's endpoint: a whole response decoded with `Response`, or
 * the event stream of `Chunk`s as V4 parts.
 *
 * @since 0.1.0
 * @category models
 */
export interface ModelEndpoint<Response, Chunk> extends JsonEndpoint {
  /** Posts `body`, the response decoded (upstream `createJsonResponseHandler`). */
  readonly generate: (
    body: unknown,
    callHeaders: RequestHeaders.Input | undefined
  ) => Effect.Effect<Http.HandlerResult<Response>, ModelError>
  /**
   * Posts `body`, then the parts: `stream-start` with `warnings`, and the parsed events
   * (upstream `createEventSourceResponseHandler`) through a fresh transducer
   * (`StreamStart.prependTransducer`).
   */
  readonly stream: <E>(
    body: unknown,
    callHeaders: RequestHeaders.Input | undefined,
    warnings: ReadonlyArray<Warning>,
    makeTransducer: () => StreamStart.Transducer<ParseResult<Chunk>, StreamPart, E>
  ) => Effect.Effect<StreamResult<StreamPart, APICallError | Exclude<E, undefined>>, ModelError>
}

/**
 * The endpoint of `options`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = <E>(options: Options<E>): JsonEndpoint => {
  const { client, failedResponseHandler, url } = options
  return {
    post: (body, callHeaders, successfulResponseHandler) =>
      Effect.flatMap(options.headers, (headers) =>
        Effect.provideService(
          Http.postJsonToApi({
            url,
            headers: RequestHeaders.combineHeaders(headers, callHeaders),
            body,
            failedResponseHandler,
            successfulResponseHandler
          }),
          HttpClient.HttpClient,
          client
        ))
  }
}

/**
 * The language model endpoint of `options`, its responses decoded with `response` and its stream
 * chunks with `chunk`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const model = <
  E,
  R extends Schema.ConstraintDecoder<unknown>,
  C extends Schema.ConstraintDecoder<unknown>
>(options: Options<E> & { readonly response: R; readonly chunk: C }): ModelEndpoint<R["Type"], C["Type"]> => {
  const { post } = make(options)
  const successfulResponseHandler = Http.jsonResponseHandler(options.response)
  const eventSourceResponseHandler = Http.eventSourceResponseHandler(options.chunk)
  return {
    post,
    generate: (body, callHeaders) => post(body, callHeaders, successfulResponseHandler),
    stream: (body, callHeaders, warnings, makeTransducer) =>
      Effect.map(post(body, callHeaders, eventSourceResponseHandler), ({ responseHeaders, value }) => ({
        stream: StreamStart.prependTransducer(value, { type: "stream-start", warnings: [...warnings] }, makeTransducer),
        request: { body },
        response: { headers: responseHeaders }
      }))
  }
}

/**
 * The fields every JSON-endpoint model's `Config` has (embedding and reranking models too).
 *
 * @since 0.1.0
 * @category models
 */
export interface EndpointConfig {
  /** Provider name reported by the model (upstream's, e.g. `cohere.chat`). */
  readonly provider: string
  readonly modelId: string
  /** Base URL without trailing slash. */
  readonly baseURL: string
  /** The headers of every request (API key, user headers, user agent), resolved per request as upstream. */
  readonly headers: Effect.Effect<RequestHeaders.Input, ModelError>
}

/**
 * The fields every JSON-endpoint language model's `Config` has.
 *
 * @since 0.1.0
 * @category models
 */
export interface ModelConfig extends EndpointConfig {
  /** Generated ids; default the `IdGenerator` service, else random ids. */
  readonly generateId?: (() => string) | undefined
}

/**
 * A model's `make` from its `makeWith`: the `HttpClient` of the environment, and the `IdGenerator`
 * service (when present) for generated ids unless the config sets them.
 *
 * @since 0.1.0
 * @category constructors
 */
export const withEnvironment = <C extends ModelConfig, S>(
  config: C,
  makeWith: (client: HttpClient.HttpClient, config: C) => S
): Effect.Effect<S, never, HttpClient.HttpClient> =>
  Effect.gen(function*() {
    const client = yield* HttpClient.HttpClient
    const generateId = config.generateId ?? (yield* generatorFromContext)
    return makeWith(client, { ...config, generateId })
  })
