/**
 * `extractJsonMiddleware`: strips markdown code fences (and surrounding whitespace) from text, for
 * models that wrap JSON in a fenced block (upstream `ai/src/middleware/extract-json-middleware.ts`).
 *
 * With the default transform the stream is not buffered whole: `text-start` waits until it is
 * known whether the text opens with a fence, and only what could still become the closing fence
 * or trailing whitespace is held back. A custom `transform` buffers each text block to its end.
 *
 * @since 0.1.0
 */
import { Effect, Stream } from "effect"
import type { Content } from "../../contract/Content.ts"
import type { StreamPart } from "../../contract/StreamPart.ts"
import type { Middleware } from "./Middleware.ts"

/**
 * Options, as upstream's.
 *
 * @since 0.1.0
 * @category models
 */
export interface Options {
  /** Replaces the default fence stripping; the stream then buffers each text block. */
  readonly transform?: ((text: string) => string) | undefined
}

const defaultTransform = (text: string): string =>
  text.replace(/^```(?:json)?\s*\n?/, "").replace(/\n?```\s*$/, "").trim()

const stripFenceSuffix = (text: string): string => text.replace(/\n?```\s*$/, "").trimEnd()

const potentialSuffixStart = (text: string): number => {
  let index = text.length
  while (index > 0 && /\s/.test(text[index - 1])) index--
  let backticks = 0
  while (index > 0 && backticks < 3 && text[index - 1] === "`") {
    index--
    backticks++
  }
  if (backticks > 0) while (index > 0 && /\s/.test(text[index - 1])) index--
  return index
}

interface Block {
  readonly startEvent: StreamPart
  phase: "prefix" | "streaming" | "buffering"
  buffer: string
  prefixStripped: boolean
}

/**
 * The middleware.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (options: Options = {}): Middleware => {
  const transform = options.transform ?? defaultTransform
  const hasCustomTransform = options.transform !== undefined

  const onPart = (blocks: Map<string, Block>, part: StreamPart, out: Array<StreamPart>): void => {
    if (part.type === "text-start") {
      blocks.set(part.id, {
        startEvent: part,
        phase: hasCustomTransform ? "buffering" : "prefix",
        buffer: "",
        prefixStripped: false
      })
      return
    }
    if (part.type === "text-delta") {
      const block = blocks.get(part.id)
      if (block === undefined) {
        out.push(part)
        return
      }
      block.buffer += part.delta
      if (block.phase === "buffering") return
      if (block.phase === "prefix") {
        if (block.buffer.length > 0 && !block.buffer.startsWith("`")) {
          block.phase = "streaming"
          out.push(block.startEvent)
        } else if (block.buffer.startsWith("```")) {
          // the opening fence is only complete with its newline
          if (block.buffer.includes("\n")) {
            const prefix = block.buffer.match(/^```(?:json)?\s*\n/)
            if (prefix !== null) {
              block.buffer = block.buffer.slice(prefix[0].length)
              block.prefixStripped = true
            }
            block.phase = "streaming"
            out.push(block.startEvent)
          }
        } else if (block.buffer.length >= 3) {
          block.phase = "streaming"
          out.push(block.startEvent)
        }
      }
      if (block.phase === "streaming") {
        const cut = potentialSuffixStart(block.buffer)
        const toStream = block.buffer.slice(0, cut)
        block.buffer = block.buffer.slice(cut)
        if (toStream.length > 0) out.push({ type: "text-delta", id: part.id, delta: toStream })
      }
      return
    }
    if (part.type === "text-end") {
      const block = blocks.get(part.id)
      if (block !== undefined) {
        if (block.phase === "prefix" || block.phase === "buffering") out.push(block.startEvent)
        // Once text streamed, only the fence suffix goes: trimming the start of the rest would
        // remove whitespace that belongs to the text.
        const remaining = block.phase === "buffering" || (block.phase === "prefix" && !block.prefixStripped)
          ? transform(block.buffer)
          : stripFenceSuffix(block.buffer)
        if (remaining.length > 0) out.push({ type: "text-delta", id: part.id, delta: remaining })
        out.push(part)
        blocks.delete(part.id)
        return
      }
    }
    out.push(part)
  }

  return {
    wrapGenerate: ({ doGenerate }) =>
      Effect.map(doGenerate, ({ content, structuredOutputText, ...rest }) => ({
        content: content.map((part): Content => part.type === "text" ? { ...part, text: transform(part.text) } : part),
        ...rest,
        ...(structuredOutputText != null ? { structuredOutputText: transform(structuredOutputText) } : {})
      })),
    wrapStream: ({ doStream }) =>
      Effect.map(doStream, (response) => ({
        ...response,
        stream: Stream.mapAccumArray(response.stream, () => new Map<string, Block>(), (blocks, chunk) => {
          const out: Array<StreamPart> = []
          for (const part of chunk) onPart(blocks, part, out)
          return [blocks, out]
        })
      }))
  }
}
