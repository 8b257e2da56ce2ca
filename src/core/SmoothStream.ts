/**
 * `smoothStream`: re-chunks the text and reasoning deltas of a streamText stream into words,
 * lines or custom chunks, with a delay after each chunk (upstream `smooth-stream.ts`, as a
 * `Stream` combinator instead of a `TransformStream` factory):
 *
 * ```ts
 * StreamText.streamText({ prompt }).pipe(SmoothStream.smoothStream({ chunking: "line" }))
 * ```
 *
 * The delay runs on Effect's `Clock` (so `TestClock` drives it); the work is done per pulled
 * chunk of parts, sleeping only between emitted text chunks.
 *
 * @since 0.1.0
 */
import { Duration, Effect, Stream } from "effect"
import type * as Arr from "effect/Array"
import type { ProviderMetadata } from "../contract/ProviderMetadata.ts"
import type { TextStreamPart } from "./TextStreamPart.ts"

/**
 * Finds the next chunk at the start of the buffer: a non-empty prefix of it, or `null` /
 * `undefined` when the buffer holds no complete chunk yet.
 *
 * @since 0.1.0
 * @category models
 */
export type ChunkDetector = (buffer: string) => string | undefined | null

/**
 * Anything with `Intl.Segmenter`'s `segment` (the first segment is the chunk).
 *
 * @since 0.1.0
 * @category models
 */
export interface Segmenter {
  readonly segment: (input: string) => Iterable<{ readonly segment: string }>
}

/**
 * Options of {@link smoothStream} (upstream's).
 *
 * @since 0.1.0
 * @category models
 */
export interface Options {
  /** The delay after each chunk; default 10 ms; `null` for none. */
  readonly delayInMs?: number | null | undefined
  /** `word` (default), `line`, a RegExp, a {@link ChunkDetector} or an `Intl.Segmenter`. */
  readonly chunking?: "word" | "line" | RegExp | ChunkDetector | Segmenter | undefined
}

const chunkingRegexps = { word: /\S+\s+/m, line: /\n+/m }

const isSegmenter = (u: unknown): u is Segmenter =>
  typeof u === "object" && u !== null && "segment" in u && typeof u.segment === "function"

/**
 * The chunk detector of the options. A detector that breaks its contract gives an `Error` (the
 * stream then dies with it, where upstream's transform throws it).
 */
const detectorOf = (chunking: Options["chunking"]): (buffer: string) => string | null | Error => {
  if (isSegmenter(chunking)) {
    return (buffer) => {
      if (buffer.length === 0) return null
      const first = chunking.segment(buffer)[Symbol.iterator]().next()
      return first.done === true || first.value.segment.length === 0 ? null : first.value.segment
    }
  }
  if (typeof chunking === "function") {
    return (buffer) => {
      const match = chunking(buffer)
      if (match == null) return null
      if (match.length === 0) return new Error("Chunking function must return a non-empty string.")
      if (!buffer.startsWith(match)) {
        return new Error(
          `Chunking function must return a match that is a prefix of the buffer. Received: "${match}" which is not a prefix of buffer "${buffer}"`
        )
      }
      return match
    }
  }
  const regex = chunking === undefined ? chunkingRegexps.word : typeof chunking === "string" ? chunkingRegexps[chunking] : chunking
  return (buffer) => {
    const lastIndex = regex.lastIndex
    regex.lastIndex = 0
    const match = regex.exec(buffer)
    regex.lastIndex = lastIndex
    if (match === null) return null
    if (match[0].length === 0) return new Error("Chunking RegExp must not match an empty string.")
    return buffer.slice(0, match.index) + match[0]
  }
}

/** A run of parts to emit, and whether the delay follows it (after a text chunk). */
interface Segment {
  readonly parts: Arr.NonEmptyArray<TextStreamPart>
  readonly delayAfter: boolean
}

/**
 * Smooths the text and reasoning deltas of a stream of parts (upstream `smoothStream`): deltas
 * are buffered and emitted as chunks; any other part flushes the buffer and passes through
 * (`ping` passes through without flushing); a delta with new metadata, another id or type
 * flushes first, as one output delta cannot carry two inputs' metadata.
 *
 * @since 0.1.0
 * @category generation
 */
export const smoothStream = (options: Options = {}) => {
  const detect = detectorOf(options.chunking)
  const delayInMs = options.delayInMs === undefined ? 10 : options.delayInMs
  return <E, R>(stream: Stream.Stream<TextStreamPart, E, R>): Stream.Stream<TextStreamPart, E, R> =>
    Stream.transformPull(stream, (pull) =>
      Effect.sync(() => {
        let buffer = ""
        let id = ""
        let type: "text-delta" | "reasoning-delta" | undefined = undefined
        let providerMetadata: ProviderMetadata | undefined = undefined
        const pending: Array<Segment> = []
        let current: Array<TextStreamPart> = []
        let sleepFirst = false
        const close = (delayAfter: boolean) => {
          const [head, ...tail] = current
          if (head !== undefined) pending.push({ parts: [head, ...tail], delayAfter })
          current = []
        }
        const delta = (text: string): TextStreamPart =>
          type === "reasoning-delta"
            ? { type: "reasoning-delta", id, text, ...(providerMetadata != null ? { providerMetadata } : {}) }
            : { type: "text-delta", id, text, ...(providerMetadata != null ? { providerMetadata } : {}) }
        const flushBuffer = () => {
          if (type !== undefined && (buffer.length > 0 || providerMetadata != null)) {
            current.push(delta(buffer))
            buffer = ""
            providerMetadata = undefined
          }
        }
        const process = (parts: Arr.NonEmptyReadonlyArray<TextStreamPart>): Error | undefined => {
          for (const part of parts) {
            if (part.type === "ping") {
              current.push(part)
              continue
            }
            if (part.type !== "text-delta" && part.type !== "reasoning-delta") {
              flushBuffer()
              current.push(part)
              continue
            }
            if (part.text.length === 0 && part.providerMetadata != null) {
              flushBuffer()
              current.push(part)
              continue
            }
            if (buffer.length > 0 && (part.type !== type || part.id !== id || providerMetadata != null || part.providerMetadata != null)) {
              flushBuffer()
            }
            buffer += part.text
            id = part.id
            type = part.type
            providerMetadata = part.providerMetadata
            for (let match = detect(buffer); match !== null; match = detect(buffer)) {
              if (match instanceof Error) return match
              current.push(delta(match))
              buffer = buffer.slice(match.length)
              close(true)
            }
            if (buffer.length === 0) providerMetadata = undefined
          }
          close(false)
          return undefined
        }
        const sleep = delayInMs === null ? Effect.void : Effect.sleep(Duration.millis(delayInMs))
        const next: typeof pull = Effect.suspend(() => {
          if (sleepFirst) {
            sleepFirst = false
            return Effect.andThen(sleep, next)
          }
          const segment = pending.shift()
          if (segment !== undefined) {
            sleepFirst = segment.delayAfter
            return Effect.succeed(segment.parts)
          }
          return Effect.flatMap(pull, (parts) => {
            const error = process(parts)
            return error === undefined ? next : Effect.die(error)
          })
        })
        return next
      }))
}
