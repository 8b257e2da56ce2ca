/**
 * Differential tests of text citations against upstream `ai` (`streamText` +
 * `MockLanguageModelV4`): `text-end` citations land on the step's text content, and response
 * messages never carry them. Compared: the full stream, content, steps (content, text, response
 * messages) and response messages. (generateText keeps a V4 text part's citations:
 * generate-text.test.ts.)
 * Normalization: test/testing/normalize.ts.
 */
import { describe, expect, it } from "@effect/vitest"
import { streamText as upstreamStreamText } from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import { Effect, Stream } from "effect"
import * as StreamText from "../../src/core/StreamText.ts"
import type { Citation } from "../../src/contract/Content.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import { normalize } from "../testing/normalize.ts"

const urlCitation: Citation = {
  source: { type: "source", sourceType: "url", id: "s1", url: "https://example.com/a", title: "A" },
  startIndex: 0,
  endIndex: 5,
  citedText: "Hello"
}
const documentCitation: Citation = {
  source: { type: "source", sourceType: "document", id: "d1", mediaType: "text/plain", title: "Doc", filename: "doc.txt" },
  citedText: "world"
}

const usage = H.usage(3, 10)
const finish: StreamPart = { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage }

interface Aggregate {
  readonly content: ReadonlyArray<unknown>
  readonly text: string
  readonly steps: ReadonlyArray<{
    readonly content: ReadonlyArray<unknown>
    readonly text: string
    readonly response: { readonly messages: ReadonlyArray<unknown> }
  }>
  readonly response: { readonly messages: ReadonlyArray<unknown> }
}

const view = (r: Aggregate) =>
  normalize([{
    content: r.content,
    text: r.text,
    steps: r.steps.map((s) => ({ content: s.content, text: s.text, messages: s.response.messages })),
    messages: r.response.messages
  }])

const streamDifferential = (name: string, scripted: ReadonlyArray<StreamPart>) =>
  it.live(name, () =>
    Effect.gen(function*() {
      const upstream = yield* Effect.promise(async () => {
        const model = new MockLanguageModelV4({
          doStream: async () => ({ stream: convertArrayToReadableStream([...scripted]) as never })
        })
        const result = upstreamStreamText({ model, prompt: "hi", onError: () => {} })
        const parts: Array<unknown> = []
        for await (const part of result.fullStream) parts.push(part)
        const aggregate: Aggregate = {
          content: await result.content,
          text: await result.text,
          steps: await result.steps,
          response: await result.response
        }
        return { parts, aggregate }
      })
      const layer = MockLanguageModel.layer({ stream: { stream: scripted } })
      const parts = yield* StreamText.streamText({ prompt: "hi" }).pipe(
        Stream.runCollect,
        Effect.map((chunk) => Array.from(chunk)),
        Effect.provide(layer)
      )
      expect(normalize(parts)).toEqual(normalize(upstream.parts))
      const aggregate = yield* StreamText.aggregate(parts)
      expect(view(aggregate)).toEqual(view(upstream.aggregate))
      // the aggregate of a live run (step bookkeeping inside streamText) agrees with the fold
      const live = yield* StreamText.streamText({ prompt: "hi" }).pipe(StreamText.collect, Effect.provide(layer))
      expect(view(live)).toEqual(view(upstream.aggregate))
    }))

describe("citations: streamText", () => {
  streamDifferential("text-end citations land on the step's text content", [
    { type: "stream-start", warnings: [] },
    { type: "text-start", id: "t" },
    { type: "text-delta", id: "t", delta: "Hello " },
    { type: "text-delta", id: "t", delta: "world" },
    { type: "text-end", id: "t", citations: [urlCitation, documentCitation] },
    finish
  ])

  streamDifferential("citations with provider metadata, on one of two text parts, empty array kept", [
    { type: "stream-start", warnings: [] },
    { type: "text-start", id: "a", providerMetadata: { p: { start: 1 } } },
    { type: "text-start", id: "b" },
    { type: "text-delta", id: "a", delta: "first" },
    { type: "text-delta", id: "b", delta: "second" },
    { type: "text-end", id: "b", citations: [] },
    { type: "text-end", id: "a", citations: [documentCitation], providerMetadata: { p: { end: 2 } } },
    finish
  ])

  streamDifferential("a reused text id in a later part keeps citations per part", [
    { type: "stream-start", warnings: [] },
    ...H.textParts("t", "one"),
    { type: "text-start", id: "t" },
    { type: "text-delta", id: "t", delta: "two" },
    { type: "text-end", id: "t", citations: [urlCitation] },
    finish
  ])

  it.effect("the aggregate's text content carries the citations (not only after normalization)", () =>
    Effect.gen(function*() {
      const result = yield* StreamText.streamText({ prompt: "hi" }).pipe(
        StreamText.collect,
        Effect.provide(MockLanguageModel.layer({
          stream: {
            stream: [
              { type: "stream-start", warnings: [] },
              { type: "text-start", id: "t" },
              { type: "text-delta", id: "t", delta: "Hello" },
              { type: "text-end", id: "t", citations: [urlCitation] },
              finish
            ]
          }
        }))
      )
      expect(result.content).toEqual([{ type: "text", text: "Hello", citations: [urlCitation] }])
      expect(result.steps[0]?.response.messages).toEqual([
        { role: "assistant", content: [{ type: "text", text: "Hello" }] }
      ])
    }))
})
