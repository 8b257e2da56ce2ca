/**
 * `AnthropicTransport`: what upstream's `createAmazonBedrockAnthropicFetch`
 * does around the Anthropic messages model on Bedrock, as the kit's
 * `Transport` hooks. An error response's body becomes an Anthropic error
 * body (`{ type: "error", error: { type: "error", message } }`, the message
 * being Bedrock's `message` or the whole text); an
 * `application/vnd.amazon.eventstream` stream body is decoded frame by frame
 * (both CRCs checked, `@smithy/eventstream-codec`) into the Anthropic stream
 * events the SSE transcoding upstream performs would give: a `chunk` event's
 * base64 `bytes` are the event's JSON, `messageStop` ends (`[DONE]`), an
 * exception frame is an Anthropic `error` event with Bedrock's status and
 * retryability. Other bodies are read as SSE.
 *
 * @since 0.1.0
 */
import { Effect, Option, Result as EffectResult, Schema, Stream } from "effect"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as Http from "../../provider-utils/Http.ts"
import * as Sse from "../../provider-utils/Sse.ts"
import * as StreamTransform from "../../provider-utils/StreamTransform.ts"
import { decodeBase64 } from "../../provider-utils/Base64.ts"
import { makeBatchSafeParseJson, makeSafeValidate, makeShapes, type ParseResult, safeParseJson, type Shapes } from "../../runtime/ParseJson.ts"
import { APICallError } from "../../contract/errors/APICallError.ts"
import { InvalidResponseDataError } from "../../contract/errors/InvalidResponseDataError.ts"
import type { ModelError } from "../../contract/errors/ModelError.ts"
import { StreamEvent } from "../kits/anthropic/AnthropicApi.ts"
import * as AnthropicLanguageModel from "../kits/anthropic/AnthropicLanguageModel.ts"
import { type Codec, type DecodedEvent, FrameDecoder, incompleteFrameMessage, loadCodec } from "./EventStream.ts"
import { sliceFirstChunk } from "./internal/FirstChunkFrames.ts"
import { streamErrorMetadata } from "./internal/StreamError.ts"
import * as WireJson from "../../runtime/WireJson.ts"

type Result = ParseResult<StreamEvent>

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/**
 * The message upstream takes from a Bedrock error body: a non-empty string
 * `message` of a JSON object, else the whole text.
 *
 * @since 0.1.0
 * @category getters
 */
export const errorMessageOf = (text: string): string => {
  const parsed = safeParseJson(text)
  if (!parsed.success || !isRecord(parsed.value)) return text
  const message = parsed.value["message"]
  if (message !== undefined && typeof message !== "string") return text
  return message !== undefined && message !== "" ? message : text
}

/**
 * The failed-response handler: the Bedrock error body rewritten as an
 * Anthropic error body, then upstream's Anthropic error handling (the
 * rewritten body is the error's `responseBody`).
 *
 * @since 0.1.0
 * @category requests
 */
export const failedResponseHandler: Http.ResponseHandler<APICallError, unknown> = (info) =>
  Effect.map(Http.readBodyText(info.response), (text) => {
    const message = errorMessageOf(text)
    const data = { type: "error", error: { type: "error", message } }
    const responseHeaders = Http.responseHeadersOf(info.response)
    return {
      responseHeaders,
      value: new APICallError({
        message,
        url: info.url,
        requestBodyValues: info.requestBodyValues,
        statusCode: info.response.status,
        responseHeaders,
        responseBody: WireJson.render(data),
        data
      })
    }
  })

const events = makeBatchSafeParseJson(StreamEvent)
const payloads = makeBatchSafeParseJson(Schema.Unknown)
const validateEvent = makeSafeValidate(StreamEvent)
const encoder = new TextEncoder()
const utf8 = new TextDecoder()

// One stream run's learned JSON layouts (`ParseJson.Shapes`): the frame payloads
// (`{"bytes":…,"p":…}`) and the Anthropic events they carry.
interface RunShapes {
  readonly payloads: Shapes
  readonly events: Shapes
}

// Upstream writes `data: <text>\n\n` and parses it as SSE: a text without a
// line break (the norm) is the event's data as it is; one with line breaks
// goes through the SSE parser, as upstream's would.
const pushData = (text: string, out: Array<Result>, shapes: RunShapes): void => {
  if (text !== "" && !/[\r\n]/.test(text)) {
    out.push(events.parse(text, shapes.events))
    return
  }
  const decoder = Sse.makeDecoder()
  decoder.push(encoder.encode(`data: ${text}\n\n`), (event) => {
    if (event.data !== "[DONE]") out.push(events.parse(event.data))
  })
}

// Upstream `convertBase64ToUint8Array` (URL-safe characters accepted) and a
// UTF-8 decode; `undefined` where upstream's `atob` throws.
const decodeBytes = (bytes: unknown): string | undefined => {
  if (typeof bytes !== "string") return undefined
  const decoded = decodeBase64(bytes)
  return decoded === undefined ? undefined : utf8.decode(decoded)
}

// One frame → the parse results of the SSE events upstream writes for it;
// an `InvalidResponseDataError` where upstream's transcoder throws.
const pushFrame = (event: DecodedEvent, out: Array<Result>, shapes: RunShapes): InvalidResponseDataError | undefined => {
  if (event.messageType === "event") {
    if (event.eventType !== "chunk") return undefined // `messageStop` is `[DONE]`, others nothing
    const parsed = payloads.parse(event.data, shapes.payloads)
    if (!parsed.success) {
      pushData(event.data, out, shapes)
      return undefined
    }
    const bytes = isRecord(parsed.value) ? parsed.value["bytes"] : undefined
    if (!bytes) {
      pushData(event.data, out, shapes)
      return undefined
    }
    const text = decodeBytes(bytes)
    if (text === undefined) {
      return new InvalidResponseDataError({ data: bytes, message: "Invalid base64 in an Amazon Bedrock chunk event." })
    }
    pushData(text, out, shapes)
    return undefined
  }
  if (event.messageType === "exception") {
    const parsed = safeParseJson(event.data)
    const data = parsed.success ? parsed.value : event.data
    const message = isRecord(data) && typeof data["message"] === "string" ? data["message"] : event.data
    const type = event.eventType ?? event.exceptionType ?? "error"
    // Upstream serializes this event and parses it back: the JSON round trip
    // is kept (it drops what JSON cannot hold, e.g. `undefined`).
    const printed = WireJson.stringify({ type: "error", error: { type, message, ...streamErrorMetadata(type), data } })
    // a payload too deep or too large to print is that typed failure, as an event that did not parse
    if (EffectResult.isFailure(printed)) out.push({ success: false, error: printed.failure, rawValue: undefined })
    else out.push(validateEvent(JSON.parse(printed.success), printed.success))
  }
  return undefined
}

/**
 * Event-stream bytes → Anthropic stream events, per network chunk. A frame
 * the codec rejects or bytes left at the end fail the stream with
 * `InvalidResponseDataError` carrying upstream's message.
 *
 * @since 0.1.0
 * @category parsing
 */
export const parseEventStream = <E, R>(
  self: Stream.Stream<Uint8Array, E, R>,
  codec: Codec
): Stream.Stream<Result, E | InvalidResponseDataError, R> =>
  StreamTransform.transform(
    sliceFirstChunk(self),
    (): StreamTransform.Transformer<Uint8Array, Result, InvalidResponseDataError> => {
      const frames = new FrameDecoder(codec)
      const decoded: Array<DecodedEvent> = []
      const shapes: RunShapes = { payloads: makeShapes(), events: makeShapes() }
      const drain = (out: Array<Result>): InvalidResponseDataError | undefined => {
        for (let i = 0; i < decoded.length; i++) {
          const failure = pushFrame(decoded[i], out, shapes)
          if (failure !== undefined) {
            decoded.length = 0
            return failure
          }
        }
        decoded.length = 0
        return undefined
      }
      const onChunk = (chunk: ReadonlyArray<Uint8Array>, out: Array<Result>): InvalidResponseDataError | undefined => {
        for (let i = 0; i < chunk.length; i++) {
          const failure = frames.push(chunk[i], decoded)
          const broken = drain(out)
          if (broken !== undefined) return broken
          if (failure !== undefined) return new InvalidResponseDataError({ data: undefined, message: failure })
        }
        return undefined
      }
      return {
        // one stack-trace-limit toggle per network chunk, not per event (`ParseJson` batches)
        onChunk: (chunk, out) => events.batch(() => payloads.batch(() => onChunk(chunk, out))),
        onEnd: () => {
          const left = frames.buffered()
          return left > 0
            ? new InvalidResponseDataError({ data: undefined, message: incompleteFrameMessage(left) })
            : undefined
        }
      }
    }
  )

const hasBody = (response: HttpClientResponse.HttpClientResponse): boolean => {
  const web = HttpClientResponse.toWeb(response)
  return Option.isNone(web) || web.value.body !== null
}

const isEventStream = (info: Http.ResponseInfo): boolean =>
  info.response.headers["content-type"]?.includes("application/vnd.amazon.eventstream") === true &&
  hasBody(info.response)

/**
 * The stream handler: event-stream bodies decoded as above (the response
 * headers say `content-type: text/event-stream`, as upstream's rewritten
 * response does), any other body as the Anthropic API's SSE. A decoding
 * failure ends the stream as upstream's body read failure:
 * `APICallError("Failed to process successful response")` with the decoder's
 * error as `cause`.
 *
 * @since 0.1.0
 * @category requests
 */
export const streamResponseHandler: Http.ResponseHandler<Stream.Stream<Result, ModelError>, ModelError> = (info) => {
  if (!isEventStream(info)) return AnthropicLanguageModel.eventSourceResponseHandler(info)
  const responseHeaders = { ...Http.responseHeadersOf(info.response), "content-type": "text/event-stream" }
  // the codec is an optional peer: loaded here, on the first event-stream body
  return Effect.map(loadCodec, (codec) => ({ responseHeaders, value: withBodyError(info, responseHeaders, parseEventStream(Http.bodyStream(info), codec)) }))
}

const withBodyError = (
  info: Http.ResponseInfo,
  responseHeaders: Record<string, string>,
  stream: Stream.Stream<Result, ModelError | InvalidResponseDataError>
): Stream.Stream<Result, ModelError> =>
  stream.pipe(
    Stream.mapError((error) =>
      error instanceof APICallError ? error : new APICallError({
        message: "Failed to process successful response",
        cause: error,
        statusCode: info.response.status,
        url: info.url,
        responseHeaders,
        requestBodyValues: info.requestBodyValues
      })
    )
  )
