/**
 * `Sse`: server-sent events from a byte stream, with the semantics upstream
 * `parseJsonEventStream` gets from `TextDecoderStream` +
 * `EventSourceParserStream` (eventsource-parser 3.1.1, no options): UTF-8
 * decoded across chunk boundaries (invalid bytes become U+FFFD), one leading
 * BOM stripped, CR / LF / CRLF line ends (also split across chunks),
 * comments and unknown fields ignored, multi-line `data` joined with `\n`,
 * an event dispatched only by a blank line (a trailing event without one is
 * dropped at EOF), no buffer limit unless `maxEventBytes` is set.
 *
 * @since 0.1.0
 */
import { Schema, Stream } from "effect"
import { createParser, type EventSourceParser } from "eventsource-parser"
import * as StreamTransform from "./StreamTransform.ts"

/**
 * One dispatched event (eventsource-parser's `EventSourceMessage`).
 *
 * @since 0.1.0
 * @category models
 */
export interface Event {
  readonly id?: string | undefined
  readonly event?: string | undefined
  readonly data: string
}

/**
 * Decoder options.
 *
 * @since 0.1.0
 * @category models
 */
export interface Options {
  /**
   * Fails the stream with `SseEventTooLargeError` when one event's `data`
   * exceeds this many UTF-8 bytes, or when the parser would have to buffer
   * more than this many characters of an unfinished event. Unset (the
   * default, as upstream): no limit.
   */
  readonly maxEventBytes?: number | undefined
}

/**
 * An SSE event exceeded the configured `maxEventBytes`.
 *
 * @since 0.1.0
 * @category errors
 */
export class SseEventTooLargeError extends Schema.TaggedError<SseEventTooLargeError>("aimux/SseEventTooLargeError")(
  "SseEventTooLargeError",
  { maxEventBytes: Schema.Number }
) {
  override get message(): string {
    return `SSE event exceeded the maximum size of ${this.maxEventBytes} bytes`
  }
}

const CR = 0x0d
const UTF8_BOM_AS_LATIN1 = "\xEF\xBB\xBF"

const utf8Length = (s: string): number => {
  let bytes = s.length
  for (let i = 0; i < s.length; i++) {
    const code = s.charCodeAt(i)
    if (code >= 0x80) {
      if (code < 0x800) bytes += 1
      else if (code >= 0xd800 && code <= 0xdbff && i + 1 < s.length) {
        const next = s.charCodeAt(i + 1)
        if (next >= 0xdc00 && next <= 0xdfff) {
          bytes += 2
          i++
        } else bytes += 2
      } else bytes += 2
    }
  }
  return bytes
}

/**
 * A stateful incremental decoder: `push` one byte chunk and collect the
 * events it completes. Building block of `decode` and of the fused
 * `JsonEventStream.parse`.
 *
 * @since 0.1.0
 * @category models
 */
export interface Decoder {
  /** Feeds bytes; pushes completed events into `out`; returns the error that ends the stream, if any. */
  readonly push: (bytes: Uint8Array, onEvent: (event: Event) => void) => SseEventTooLargeError | undefined
}

/**
 * Creates a decoder. There is no `end`: upstream's parser stream has no
 * flush, so whatever is buffered at EOF (an event without its blank line,
 * an incomplete UTF-8 sequence) produces nothing.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeDecoder = (options: Options = {}): Decoder => {
  const maxEventBytes = options.maxEventBytes
  // Upstream's TextDecoderStream strips one real BOM; then eventsource-parser
  // 3.1.1 strips a BOM-as-latin1 prefix of the first text chunk only. The
  // parser we run (4.x) would strip a second U+FEFF and ignore chunking, so
  // it is fed a leading blank line (a no-op) to disable its own BOM check and
  // the 3.1.1 rule is applied here.
  const textDecoder = new TextDecoder("utf-8")
  let sink: ((event: Event) => void) | undefined
  let failure: SseEventTooLargeError | undefined
  let firstText = true
  // eventsource-parser 3.1.1 defers a chunk-final CR (it may be half of a
  // CRLF) and looks at it again only when a later chunk holds a line end; at
  // EOF it is never processed. 4.x treats it as a line end at once. Holding
  // the CR (and text after it without a line end) back here gives the 3.1.1
  // outcome.
  let held: Array<string> | undefined
  let heldLength = 0
  const parser: EventSourceParser = createParser({
    onEvent: (event) => {
      if (failure !== undefined) return
      if (
        maxEventBytes !== undefined && event.data.length > maxEventBytes / 3 &&
        utf8Length(event.data) > maxEventBytes
      ) {
        failure = new SseEventTooLargeError({ maxEventBytes })
        return
      }
      sink?.(event)
    },
    onError: (error) => {
      if (error.type === "max-buffer-size-exceeded" && maxEventBytes !== undefined && failure === undefined) {
        failure = new SseEventTooLargeError({ maxEventBytes })
      }
    },
    // Characters never outnumber UTF-8 bytes, so this bound never trips
    // before the byte limit is really exceeded.
    maxBufferSize: maxEventBytes
  })
  parser.feed("\n")

  return {
    push: (bytes, onEvent) => {
      if (failure !== undefined) return failure
      let text = textDecoder.decode(bytes, { stream: true })
      if (text.length === 0) return undefined
      if (firstText) {
        firstText = false
        if (text.startsWith(UTF8_BOM_AS_LATIN1)) {
          text = text.slice(3)
          if (text.length === 0) return undefined
        }
      }
      if (held !== undefined) {
        if (text.indexOf("\n") === -1 && text.indexOf("\r") === -1) {
          held.push(text)
          heldLength += text.length
          if (maxEventBytes !== undefined && heldLength > maxEventBytes) {
            failure = new SseEventTooLargeError({ maxEventBytes })
          }
          return failure
        }
        held.push(text)
        text = held.join("")
        held = undefined
        heldLength = 0
      }
      if (text.charCodeAt(text.length - 1) === CR) {
        held = ["\r"]
        heldLength = 1
        text = text.slice(0, -1)
        if (text.length === 0) return undefined
      }
      sink = onEvent
      parser.feed(text)
      sink = undefined
      return failure
    }
  }
}

/**
 * Decodes a byte stream into SSE events, one output chunk per input chunk.
 *
 * @since 0.1.0
 * @category decoding
 */
export const decode = (options: Options = {}) =>
<E, R>(self: Stream.Stream<Uint8Array, E, R>): Stream.Stream<Event, E | SseEventTooLargeError, R> =>
  StreamTransform.transform(self, (): StreamTransform.Transformer<Uint8Array, Event, SseEventTooLargeError> => {
    const decoder = makeDecoder(options)
    return {
      onChunk: (chunk, out) => {
        const push = (event: Event) => {
          out.push(event)
        }
        for (let i = 0; i < chunk.length; i++) {
          const error = decoder.push(chunk[i], push)
          if (error !== undefined) return error
        }
        return undefined
      }
    }
  })
