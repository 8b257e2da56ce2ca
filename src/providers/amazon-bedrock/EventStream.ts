/**
 * `EventStream`: the AWS event-stream framing of a ConverseStream body
 * (upstream `createAmazonBedrockEventStreamDecoder` and
 * `createAmazonBedrockEventStreamResponseHandler`). Frames are decoded with
 * `@smithy/eventstream-codec` (both CRCs checked), the same library and the
 * same buffering rule as upstream: a frame is decoded once its 4-byte total
 * length has arrived in full; bytes left at the end fail the stream. The codec
 * is an optional peer dependency, imported on the first event-stream call
 * (`loadCodec`): without it that call fails with `LoadSettingError`.
 *
 * @since 0.1.0
 */
import type { Effect, Schema, Stream } from "effect"
import * as OptionalPeer from "../../provider-utils/OptionalPeer.ts"
import * as StreamTransform from "../../provider-utils/StreamTransform.ts"
import { sliceFirstChunk } from "./internal/FirstChunkFrames.ts"
import { InvalidResponseDataError } from "../../contract/errors/InvalidResponseDataError.ts"
import type { LoadSettingError } from "../../contract/errors/LoadSettingError.ts"
import { makeSafeValidate, type ParseResult, safeParseJson } from "../../runtime/ParseJson.ts"

/**
 * One decoded frame: the `:message-type`, `:event-type` and
 * `:exception-type` headers and the UTF-8 body.
 *
 * @since 0.1.0
 * @category models
 */
export interface DecodedEvent {
  readonly messageType: string | undefined
  readonly eventType: string | undefined
  readonly exceptionType: string | undefined
  readonly data: string
}

/**
 * What the frame decoder needs of `@smithy/eventstream-codec`'s `EventStreamCodec`: one frame's
 * bytes to its headers and body (it throws on a length or CRC mismatch).
 *
 * @since 0.1.0
 * @category models
 */
export interface Codec {
  readonly decode: (frame: Uint8Array) => {
    readonly headers: Record<string, { readonly type: string; readonly value: unknown }>
    readonly body: Uint8Array
  }
}

const encoder = new TextEncoder()
const decoder = new TextDecoder()

// The codec decodes six header strings per frame (three names, three values), the same few in every
// frame: a hit returns the string decoded before, with no `TextDecoder` call (a quarter of the
// codec's time on a delta-heavy body). Slots are picked by the length, the second and the last but
// one byte (no two of the event-stream header names, event and exception types share one: a
// shared slot would miss in every frame) and hold a copy of the bytes (the codec hands a view into
// the frame); a miss decodes and takes the slot over.
const SLOTS = 64
const slotBytes: Array<Uint8Array | undefined> = new Array(SLOTS)
const slotTexts: Array<string> = new Array(SLOTS)

const toUtf8 = (bytes: Uint8Array): string => {
  const n = bytes.length
  if (n < 2 || n > 64) return decoder.decode(bytes)
  const slot = (n * 7 + bytes[1] * 3 + bytes[n - 2] * 31) & (SLOTS - 1)
  const cached = slotBytes[slot]
  if (cached !== undefined && cached.length === n) {
    let i = 0
    while (i < n && cached[i] === bytes[i]) i++
    if (i === n) return slotTexts[slot]
  }
  const text = decoder.decode(bytes)
  slotBytes[slot] = bytes.slice()
  slotTexts[slot] = text
  return text
}

/**
 * The codec, imported from the optional peer `@smithy/eventstream-codec` on first use.
 *
 * @since 0.1.0
 * @category constructors
 */
export const loadCodec: Effect.Effect<Codec, LoadSettingError> = OptionalPeer.make({
  packageName: "@smithy/eventstream-codec",
  feature: "Amazon Bedrock streaming (AWS event-stream decoding)",
  load: async (): Promise<Codec> => {
    const { EventStreamCodec } = await import("@smithy/eventstream-codec")
    return new EventStreamCodec(toUtf8, (text) => encoder.encode(text))
  }
})

const headerString = (headers: Record<string, { readonly type: string; readonly value: unknown }>, name: string) => {
  const value = headers[name]?.value
  return typeof value === "string" ? value : undefined
}

/**
 * The message of upstream's flush error for bytes left after the last
 * complete frame.
 *
 * @since 0.1.0
 * @category utils
 */
export const incompleteFrameMessage = (buffered: number): string =>
  `Incomplete Amazon Bedrock event-stream frame: ${buffered} buffered bytes remain at end of stream.`

/**
 * A framing decoder over byte chunks: `push` decodes every complete frame
 * and returns the decoded events, or stops at the first frame the codec
 * rejects (length or CRC mismatch) with its message; `end` reports leftover
 * bytes. Upstream concatenates the buffer with each chunk; here the bytes
 * are joined only once a frame's length says they are needed.
 *
 * @since 0.1.0
 * @category models
 */
export class FrameDecoder {
  private readonly codec: Codec
  private pending: Array<Uint8Array> = []
  private pendingLength = 0
  // the total length of the incomplete frame at the front, once its prelude has been read: the
  // pieces are joined only when it has arrived (a large frame in small chunks stays linear)
  private needed = 4

  constructor(codec: Codec) {
    this.codec = codec
  }

  /**
   * Decodes the frames completed by `chunk` into `out`; the error message of
   * the first undecodable frame, if any.
   *
   * @since 0.1.0
   */
  push(chunk: Uint8Array, out: Array<DecodedEvent>): string | undefined {
    if (chunk.length === 0) return undefined
    this.pending.push(chunk)
    this.pendingLength += chunk.length
    if (this.pendingLength < this.needed) return undefined
    let buffer = this.pending.length === 1 ? this.pending[0] : this.join()
    let offset = 0
    this.needed = 4
    while (buffer.length - offset >= 4) {
      const totalLength = (buffer[offset] * 0x1000000) + ((buffer[offset + 1] << 16) | (buffer[offset + 2] << 8) | buffer[offset + 3])
      if (buffer.length - offset < totalLength) {
        this.needed = totalLength
        break
      }
      let decoded
      try {
        decoded = this.codec.decode(buffer.subarray(offset, offset + totalLength))
      } catch (error) {
        this.pending = []
        this.pendingLength = 0
        this.needed = 4
        return error instanceof Error ? error.message : String(error)
      }
      offset += totalLength
      out.push({
        messageType: headerString(decoded.headers, ":message-type"),
        eventType: headerString(decoded.headers, ":event-type"),
        exceptionType: headerString(decoded.headers, ":exception-type"),
        data: decoder.decode(decoded.body)
      })
    }
    buffer = buffer.subarray(offset)
    this.pending = buffer.length === 0 ? [] : [buffer]
    this.pendingLength = buffer.length
    return undefined
  }

  /**
   * How many bytes are left that do not form a complete frame.
   *
   * @since 0.1.0
   */
  buffered(): number {
    return this.pendingLength
  }

  private join(): Uint8Array {
    const joined = new Uint8Array(this.pendingLength)
    let at = 0
    for (const part of this.pending) {
      joined.set(part, at)
      at += part.length
    }
    this.pending = [joined]
    return joined
  }
}

/**
 * Bytes to `ParseResult`s of the chunk Schema, one per event or exception
 * frame, as upstream: the payload JSON (secure parse) minus its `p` padding
 * key, wrapped as `{ [eventType | exceptionType]: payload }` and validated;
 * frames of another message type are dropped. A codec rejection or leftover
 * bytes at the end fail the stream with `InvalidResponseDataError` carrying
 * upstream's error message (upstream throws a plain `Error`). The codec comes
 * from `loadCodec`.
 *
 * @since 0.1.0
 * @category parsing
 */
export const parse = <S extends Schema.ConstraintDecoder<unknown>>(schema: S, fast?: FastPath<S["Type"]>) => {
  const validate = makeSafeValidate(schema)
  return <E, R>(
    self: Stream.Stream<Uint8Array, E, R>,
    codec: Codec
  ): Stream.Stream<ParseResult<S["Type"]>, E | InvalidResponseDataError, R> =>
    StreamTransform.transform(
      sliceFirstChunk(self),
      (): StreamTransform.Transformer<Uint8Array, ParseResult<S["Type"]>, InvalidResponseDataError> => {
        const frames = new FrameDecoder(codec)
        const events: Array<DecodedEvent> = []
        const toResults = (out: Array<ParseResult<S["Type"]>>) => {
          for (let i = 0; i < events.length; i++) {
            const result = toResult(events[i], validate, fast)
            if (result !== undefined) out.push(result)
          }
          events.length = 0
        }
        return {
          onChunk: (chunk, out) => {
            for (let i = 0; i < chunk.length; i++) {
              const failure = frames.push(chunk[i], events)
              toResults(out)
              if (failure !== undefined) return new InvalidResponseDataError({ data: undefined, message: failure })
            }
            return undefined
          },
          onEnd: () => {
            const left = frames.buffered()
            return left > 0 ? new InvalidResponseDataError({ data: undefined, message: incompleteFrameMessage(left) }) : undefined
          }
        }
      }
    )
}

/**
 * An optional shortcut for the commonest payloads: the value the Schema
 * decode of `{ [payloadType]: payload }` gives, or `undefined` to decode
 * with the Schema. It must never accept what the Schema rejects nor build
 * another value.
 *
 * @since 0.1.0
 * @category models
 */
export type FastPath<T> = (payloadType: string, payload: unknown) => T | undefined

const PADDING = ",\"p\":\""

/**
 * The payload JSON without its trailing `"p"` padding member, when the text ends with one whose
 * value is a plain string (`…,"p":"abc"}`): the same value as parsing the text and deleting `p`
 * (that member is the top-level object's, as the `}` after it is the text's last character), but
 * the object keeps its fast shape (a deleted key turns it into a dictionary, slow for every read
 * after). Anything else, or a stripped text that does not parse, is parsed as it is, so a
 * malformed payload fails with the same error.
 */
const parsePadded = (text: string): ParseResult<unknown> => {
  const last = text.length - 1
  if (last < 8 || text.charCodeAt(last) !== 125 || text.charCodeAt(last - 1) !== 34) return safeParseJson(text)
  const at = text.lastIndexOf(PADDING, last - 2)
  if (at <= 0) return safeParseJson(text)
  for (let i = at + PADDING.length; i < last - 1; i++) {
    const c = text.charCodeAt(i)
    if (c === 34 || c === 92 || c < 32) return safeParseJson(text)
  }
  // `{,"p":…}` would not be a valid object: the member before the padding must exist
  let before = at - 1
  while (before > 0 && (text.charCodeAt(before) === 32 || text.charCodeAt(before) === 10 || text.charCodeAt(before) === 13 || text.charCodeAt(before) === 9)) before--
  if (text.charCodeAt(before) === 123) return safeParseJson(text)
  const stripped = safeParseJson(text.slice(0, at) + "}")
  return stripped.success ? stripped : safeParseJson(text)
}

const toResult = <T>(
  event: DecodedEvent,
  validate: (value: unknown) => ParseResult<T>,
  fast: FastPath<T> | undefined
): ParseResult<T> | undefined => {
  const payloadType = event.messageType === "event"
    ? event.eventType
    : event.messageType === "exception"
    ? event.exceptionType
    : undefined
  if (payloadType == null) return undefined
  const parsed = parsePadded(event.data)
  if (!parsed.success) return parsed
  const payload = parsed.value
  if (typeof payload === "object" && payload !== null && Object.hasOwn(payload, "p")) Reflect.deleteProperty(payload, "p")
  // the commonest payload as a literal: a computed key builds the object on a slower path
  const wrapped = payloadType === "contentBlockDelta" ? { contentBlockDelta: payload } : { [payloadType]: payload }
  const decoded = fast?.(payloadType, payload)
  return decoded !== undefined ? { success: true, value: decoded, rawValue: wrapped } : validate(wrapped)
}
