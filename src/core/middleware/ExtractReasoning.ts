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

/**
 * The middleware. Empty delimiters make every call fail with `InvalidArgumentError` (upstream
 * throws when the middleware is created; see docs/divergences.md).
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (options: Options): Middleware => {
  const { tagName } = options
  const separator = options.separator ?? "\n"
  const startWithReasoning = options.startWithReasoning ?? false
  const openingTag = typeof tagName === "string" ? `<${tagName}>` : tagName.opening
  const closingTag = typeof tagName === "string" ? `</${tagName}>` : tagName.closing

  if (openingTag.length === 0 || closingTag.length === 0) {
    const invalid = Effect.fail(
      new InvalidArgumentError({ argument: "tagName", message: "Reasoning delimiters must not be empty." })
    )
    return { wrapGenerate: () => invalid, wrapStream: () => invalid }
  }
  const pattern = `${escapeRegExp(openingTag)}(.*?)${escapeRegExp(closingTag)}`

  const extract = (input: string): { readonly text: string; readonly reasoning: string | undefined } => {
    const text = startWithReasoning ? openingTag + input : input
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

  const transformChunk = (state: StreamState, chunk: ReadonlyArray<StreamPart>): ReadonlyArray<StreamPart> => {
    const out: Array<StreamPart> = []
    const flushTextStart = (id: string) => {
      const start = state.delayedTextStarts.get(id)
      if (start !== undefined) {
        out.push(start)
        state.delayedTextStarts.delete(id)
      }
    }
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
          isReasoning: startWithReasoning,
          buffer: "",
          reasoningId: undefined,
          textId: part.id
        })
      }
      const active = state.extractions.get(part.id)
      if (active === undefined) {
        flushTextStart(part.id)
        out.push(part)
        continue
      }
      const reasoningId = () => (active.reasoningId ??= `reasoning-${state.reasoningIdCounter++}`)
      const publish = (text: string) => {
        if (text.length === 0) return
        const prefix = active.afterSwitch && (active.isReasoning ? !active.isFirstReasoning : !active.isFirstText)
          ? separator
          : ""
        if (active.isReasoning && (active.afterSwitch || active.isFirstReasoning)) {
          out.push({ type: "reasoning-start", id: reasoningId() })
        }
        if (active.isReasoning) {
          out.push({ type: "reasoning-delta", delta: prefix + text, id: reasoningId() })
        } else {
          flushTextStart(active.textId)
          out.push({ type: "text-delta", delta: prefix + text, id: active.textId })
        }
        active.afterSwitch = false
        if (active.isReasoning) active.isFirstReasoning = false
        else active.isFirstText = false
      }
      if (part.type === "text-end") {
        publish(active.buffer)
        active.buffer = ""
        flushTextStart(part.id)
        out.push(part)
        continue
      }
      active.buffer += part.delta
      while (true) {
        const nextTag = active.isReasoning ? closingTag : openingTag
        const startIndex = getPotentialStartIndex(active.buffer, nextTag)
        if (startIndex === undefined) {
          publish(active.buffer)
          active.buffer = ""
          break
        }
        publish(active.buffer.slice(0, startIndex))
        if (startIndex + nextTag.length > active.buffer.length) {
          active.buffer = active.buffer.slice(startIndex)
          break
        }
        active.buffer = active.buffer.slice(startIndex + nextTag.length)
        if (active.isReasoning) {
          // an empty reasoning section still gets its start (no delta was published)
          if (active.isFirstReasoning) out.push({ type: "reasoning-start", id: reasoningId() })
          out.push({ type: "reasoning-end", id: reasoningId() })
          active.reasoningId = undefined
        }
        active.isReasoning = !active.isReasoning
        active.afterSwitch = true
      }
    }
    return out
  }

  return {
    wrapGenerate: ({ doGenerate }) =>
      Effect.map(doGenerate, (result) => {
        const { content, structuredOutputText, ...rest } = result
        const transformed: Array<Content> = []
        for (const part of content) {
          if (part.type !== "text") {
            transformed.push(part)
            continue
          }
          const { reasoning, text } = extract(part.text)
          if (reasoning === undefined) {
            transformed.push(part)
            continue
          }
          transformed.push({ type: "reasoning", text: reasoning }, { type: "text", text })
        }
        return {
          content: transformed,
          ...rest,
          ...(structuredOutputText != null ? { structuredOutputText: extract(structuredOutputText).text } : {})
        }
      }),
    wrapStream: ({ doStream }) =>
      Effect.map(doStream, (response) => ({
        ...response,
        stream: Stream.mapAccumArray(
          response.stream,
          (): StreamState => ({ extractions: new Map(), delayedTextStarts: new Map(), reasoningIdCounter: 0 }),
          (state, chunk) => [state, transformChunk(state, chunk)]
        )
      }))
  }
}
