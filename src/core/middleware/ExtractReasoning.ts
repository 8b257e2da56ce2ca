/**
 * `extractReasoningMiddleware`: a delimited reasoning section of the text (`<think>...</think>`,
 * or literal opening/closing delimiters) becomes reasoning content (upstream
 * `ai/src/middleware/extract-reasoning-middleware.ts`).
 *
 * In `generate` every match of a text part goes to one reasoning part (joined by `separator`)
 * put before the remaining text. In `stream` the text deltas are scanned with a buffer, so a tag
 * split over several deltas (or network chunks) is still found: `text-start` waits until the
 * first text is published (no `text-start` before `reasoning-start`), reasoning parts get ids
 * `reasoning-0`, `reasoning-1`, ... per stream, and `startWithReasoning` treats the text as
 * starting inside a reasoning section. The scan works on each array of parts the inner stream
 * yields, with no Effect per part.
 *
 * @since 0.1.0
 */
import { Effect, Stream } from "effect"
import type { Content } from "../../contract/Content.ts"
import { InvalidArgumentError } from "../../contract/errors/InvalidArgumentError.ts"
import type { StreamPart } from "../../contract/StreamPart.ts"
import { getPotentialStartIndex } from "./internal/getPotentialStartIndex.ts"
import type { Middleware } from "./Middleware.ts"

/**
 * Options, as upstream's.
 *
 * @since 0.1.0
 * @category models
 */
export interface Options {
  /** A tag name (`think` for `<think>...</think>`) or literal delimiters. */
  readonly tagName: string | { readonly opening: string; readonly closing: string }
  /** Between reasoning sections and between text sections; default `"\n"`. */
  readonly separator?: string | undefined
  /** The text starts inside a reasoning section; default false. */
  readonly startWithReasoning?: boolean | undefined
}

type TextStart = Extract<StreamPart, { readonly type: "text-start" }>

interface Extraction {
  isFirstReasoning: boolean
  isFirstText: boolean
  afterSwitch: boolean
  isReasoning: boolean
  buffer: string
  reasoningId: string | undefined
  readonly textId: string
}

interface StreamState {
  readonly extractions: Map<string, Extraction>
  readonly delayedTextStarts: Map<string, TextStart>
  reasoningIdCounter: number
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** The resolved options: the delimiters, the separator and where the text starts. */
interface Delimiters {
  readonly openingTag: string
  readonly closingTag: string
  readonly separator: string
  readonly startWithReasoning: boolean
}

/** A text's reasoning sections (joined by the separator) and the text without them. */
const extract = (
  delimiters: Delimiters,
  input: string
): { readonly text: string; readonly reasoning: string | undefined } => {
  const { closingTag, openingTag, separator } = delimiters
  const pattern = `${escapeRegExp(openingTag)}(.*?)${escapeRegExp(closingTag)}`
  const text = delimiters.startWithReasoning ? openingTag + input : input
  const matches = Array.from(text.matchAll(new RegExp(pattern, "gs")))
  if (matches.length === 0) return { text: input, reasoning: undefined }
  const reasoning = matches.map((match) => match[1]).join(separator)
  let without = text
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i]
    const before = without.slice(0, match.index)
    const after = without.slice(match.index + match[0].length)
    without = before + (before.length > 0 && after.length > 0 ? separator : "") + after
  }
  return { text: without, reasoning }
}

/** `generate`: each text part with reasoning sections becomes a reasoning part and the remaining text. */
const extractContent = (delimiters: Delimiters, content: ReadonlyArray<Content>): Array<Content> => {
  const transformed: Array<Content> = []
  for (const part of content) {
    if (part.type !== "text") {
      transformed.push(part)
      continue
    }
    const { reasoning, text } = extract(delimiters, part.text)
    if (reasoning === undefined) {
      transformed.push(part)
      continue
    }
    transformed.push({ type: "reasoning", text: reasoning }, { type: "text", text })
  }
  return transformed
}

/** The parts one chunk of the stream becomes, and the state they share. */
interface ChunkScan {
  readonly delimiters: Delimiters
  readonly state: StreamState
  readonly out: Array<StreamPart>
}

/** Emits a text part's delayed `text-start`, if it still waits. */
const flushTextStart = (scan: ChunkScan, id: string): void => {
  const start = scan.state.delayedTextStarts.get(id)
  if (start !== undefined) {
    scan.out.push(start)
    scan.state.delayedTextStarts.delete(id)
  }
}

const reasoningIdOf = (scan: ChunkScan, active: Extraction): string =>
  active.reasoningId ??= `reasoning-${scan.state.reasoningIdCounter++}`

/** Publishes text of the current section: a reasoning delta (after its start) or a text delta. */
const publish = (scan: ChunkScan, active: Extraction, text: string): void => {
  if (text.length === 0) return
  const { out } = scan
  const prefix = active.afterSwitch && (active.isReasoning ? !active.isFirstReasoning : !active.isFirstText)
    ? scan.delimiters.separator
    : ""
  if (active.isReasoning && (active.afterSwitch || active.isFirstReasoning)) {
    out.push({ type: "reasoning-start", id: reasoningIdOf(scan, active) })
  }
  if (active.isReasoning) {
    out.push({ type: "reasoning-delta", delta: prefix + text, id: reasoningIdOf(scan, active) })
  } else {
    flushTextStart(scan, active.textId)
    out.push({ type: "text-delta", delta: prefix + text, id: active.textId })
  }
  active.afterSwitch = false
  if (active.isReasoning) active.isFirstReasoning = false
  else active.isFirstText = false
}

/** Scans the buffer with a new delta: publishes up to each delimiter, switches section at each, keeps a partial one. */
const scanDelta = (scan: ChunkScan, active: Extraction, delta: string): void => {
  const { closingTag, openingTag } = scan.delimiters
  active.buffer += delta
  while (true) {
    const nextTag = active.isReasoning ? closingTag : openingTag
    const startIndex = getPotentialStartIndex(active.buffer, nextTag)
    if (startIndex === undefined) {
      publish(scan, active, active.buffer)
      active.buffer = ""
      break
    }
    publish(scan, active, active.buffer.slice(0, startIndex))
    if (startIndex + nextTag.length > active.buffer.length) {
      active.buffer = active.buffer.slice(startIndex)
      break
    }
    active.buffer = active.buffer.slice(startIndex + nextTag.length)
    if (active.isReasoning) {
      // an empty reasoning section still gets its start (no delta was published)
      if (active.isFirstReasoning) scan.out.push({ type: "reasoning-start", id: reasoningIdOf(scan, active) })
      scan.out.push({ type: "reasoning-end", id: reasoningIdOf(scan, active) })
      active.reasoningId = undefined
    }
    active.isReasoning = !active.isReasoning
    active.afterSwitch = true
  }
}

/** `stream`: one array of the inner stream's parts, with the text parts scanned for reasoning sections. */
const transformChunk = (
  delimiters: Delimiters,
  state: StreamState,
  chunk: ReadonlyArray<StreamPart>
): ReadonlyArray<StreamPart> => {
  const scan: ChunkScan = { delimiters, state, out: [] }
  const { out } = scan
  for (const part of chunk) {
    if (part.type === "text-start") {
      state.delayedTextStarts.set(part.id, part)
      continue
    }
    if (part.type !== "text-delta" && part.type !== "text-end") {
      out.push(part)
      continue
    }
    if (part.type === "text-delta" && !state.extractions.has(part.id)) {
      state.extractions.set(part.id, {
        isFirstReasoning: true,
        isFirstText: true,
        afterSwitch: false,
        isReasoning: delimiters.startWithReasoning,
        buffer: "",
        reasoningId: undefined,
        textId: part.id
      })
    }
    const active = state.extractions.get(part.id)
    if (active === undefined) {
      flushTextStart(scan, part.id)
      out.push(part)
      continue
    }
    if (part.type === "text-end") {
      publish(scan, active, active.buffer)
      active.buffer = ""
      flushTextStart(scan, part.id)
      out.push(part)
      continue
    }
    scanDelta(scan, active, part.delta)
  }
  return out
}

/**
 * The middleware. Empty delimiters make every call fail with `InvalidArgumentError` (upstream
 * throws when the middleware is created; see docs/divergences.md).
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (options: Options): Middleware => {
  const { tagName } = options
  const delimiters: Delimiters = {
    openingTag: typeof tagName === "string" ? `<${tagName}>` : tagName.opening,
    closingTag: typeof tagName === "string" ? `</${tagName}>` : tagName.closing,
    separator: options.separator ?? "\n",
    startWithReasoning: options.startWithReasoning ?? false
  }
  if (delimiters.openingTag.length === 0 || delimiters.closingTag.length === 0) {
    const invalid = Effect.fail(
      new InvalidArgumentError({ argument: "tagName", message: "Reasoning delimiters must not be empty." })
    )
    return { wrapGenerate: () => invalid, wrapStream: () => invalid }
  }
  return {
    wrapGenerate: ({ doGenerate }) =>
      Effect.map(doGenerate, (result) => {
        const { content, structuredOutputText, ...rest } = result
        return {
          content: extractContent(delimiters, content),
          ...rest,
          ...(structuredOutputText != null ? { structuredOutputText: extract(delimiters, structuredOutputText).text } : {})
        }
      }),
    wrapStream: ({ doStream }) =>
      Effect.map(doStream, (response) => ({
        ...response,
        stream: Stream.mapAccumArray(
          response.stream,
          (): StreamState => ({ extractions: new Map(), delayedTextStarts: new Map(), reasoningIdCounter: 0 }),
          (state, chunk) => [state, transformChunk(delimiters, state, chunk)]
        )
      }))
  }
}
