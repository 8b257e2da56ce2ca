/**
 * Structured output across stream retries (`streamRetries`), against upstream `ai`: upstream's
 * output transform resets its state at each retry boundary, so the partial outputs (and the
 * full stream's text-delta coalescing) restart with the next attempt's text. Compared through
 * test/providers/_kit/Wire.ts and test/testing/normalize.ts: the full stream, `partialOutputStream`,
 * `elementStream`, on the same scripted attempts (`MockLanguageModelV4` / `MockLanguageModel`).
 */
import { describe, expect, it } from "@effect/vitest"
import { Output as UpstreamOutput, streamText as upstreamStreamText } from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import { Effect, Schema, Stream } from "effect"
import { z } from "zod"
import * as Output from "../../src/core/Output.ts"
import * as OutputStream from "../../src/core/OutputStream.ts"
import * as StreamText from "../../src/core/StreamText.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import { wireJson } from "../providers/_kit/Wire.ts"
import { normalize } from "../testing/normalize.ts"

const at0 = new Date(0)
const head = (id: string): Array<StreamPart> => [
  { type: "stream-start", warnings: [] },
  { type: "response-metadata", id, modelId: "m1", timestamp: at0 }
]
const boom: StreamPart = { type: "error", error: new Error("boom") }
const delta = (text: string): StreamPart => ({ type: "text-delta", id: "t", delta: text })

/** text open when the stream fails */
const openThenError = (...deltas: ReadonlyArray<string>): Array<StreamPart> => [...head("r1"), { type: "text-start", id: "t" }, ...deltas.map(delta), boom]
/** text closed, then the stream fails */
const closedThenError = (...deltas: ReadonlyArray<string>): Array<StreamPart> => [...head("r1"), ...H.textParts("t", ...deltas), boom]
/** reasoning first, then the text, then a successful finish */
const answer = (...deltas: ReadonlyArray<string>): Array<StreamPart> => [
  ...head("r2"),
  { type: "reasoning-start", id: "r" },
  { type: "reasoning-delta", id: "r", delta: "thinking" },
  { type: "reasoning-end", id: "r" },
  ...H.textParts("t", ...deltas),
  H.finish()
]

const runUpstream = async (attempts: ReadonlyArray<ReadonlyArray<StreamPart>>, output: unknown, retries: number) => {
  let call = 0
  const model = new MockLanguageModelV4({ doStream: async () => ({ stream: convertArrayToReadableStream([...(attempts[call++] ?? [])]) as never }) })
  const result = upstreamStreamText({ model, prompt: "hi", output: output as never, streamRetries: retries, onError: () => {} } as never)
  const parts: Array<unknown> = []
  const partials: Array<unknown> = []
  const elements: Array<unknown> = []
  await Promise.all([
    (async () => {
      for await (const p of result.fullStream) parts.push(p)
    })(),
    (async () => {
      for await (const p of result.partialOutputStream) partials.push(wireJson(p))
    })(),
    (async () => {
      try {
        for await (const e of result.elementStream) elements.push(wireJson(e))
      } catch {
        // not an array output
      }
    })()
  ])
  return { parts: normalize(parts), partials, elements, calls: call }
}

const runOurs = (attempts: ReadonlyArray<ReadonlyArray<StreamPart>>, output: Output.Any, retries: number) =>
  Effect.gen(function*() {
    const parts = Array.from(yield* Stream.runCollect(StreamText.streamText({ prompt: "hi", output, streamRetries: retries, onError: () => Effect.void })))
    const partials = Array.from(yield* Stream.runCollect(OutputStream.partialOutputStream(Stream.fromIterable(parts), output))).map((p) => wireJson(p))
    const elements: Array<unknown> = []
    yield* Effect.exit(Stream.runForEach(OutputStream.elementStream(Stream.fromIterable(parts), output), (e) => Effect.sync(() => elements.push(wireJson(e)))))
    const calls = (yield* (yield* MockLanguageModel.MockLanguageModel).streamCalls).length
    return { parts: normalize(parts), partials, elements, calls }
  }).pipe(Effect.provide(MockLanguageModel.layer({ stream: attempts.map((stream) => ({ stream })) })))

const differential = (name: string, attempts: ReadonlyArray<ReadonlyArray<StreamPart>>, ours: Output.Any, upstream: unknown, retries = 2) =>
  it.live(name, () =>
    Effect.gen(function*() {
      const expected = yield* Effect.promise(() => runUpstream(attempts, upstream, retries))
      const actual = yield* runOurs(attempts, ours, retries)
      expect(actual.calls).toBe(expected.calls)
      expect(actual.partials).toEqual(expected.partials)
      expect(actual.elements).toEqual(expected.elements)
      expect(actual.parts).toEqual(expected.parts)
    }))

const City = Schema.Struct({ city: Schema.String, temp: Schema.Number })
const zCity = z.object({ city: z.string(), temp: z.number() })
const object = Output.object({ schema: City })
const zObject = UpstreamOutput.object({ schema: zCity })

describe("structured output across stream retries (vs upstream)", () => {
  differential(
    "object: the text is open when the attempt fails; partials restart with the next attempt",
    [openThenError("{\"city\":\"Par", "is\",\"te"), answer("{\"city\":", "\"Rome\",", "\"temp\":21}")],
    object,
    zObject
  )
  differential(
    "object: the text was closed before the failure",
    [closedThenError("{\"city\":\"Oslo\",\"temp\":3}"), answer("{\"ci", "ty\":\"Rome\",\"temp\":2", "1}")],
    object,
    zObject
  )
  differential(
    "object: two failed attempts, then the answer",
    [openThenError("{\"city\":\"A"), openThenError("{\"city\":\"B\""), answer("{\"city\":\"C\",\"temp\":1}")],
    object,
    zObject
  )
  differential(
    "array: elements of the failed attempt, then the next attempt's",
    [
      openThenError("{\"elements\":[{\"city\":\"A\",\"temp\":1},", "{\"city\":\"B\",\"temp\":2},{\"ci"),
      answer("{\"elements\":[{\"city\":\"C\",\"temp\":3},", "{\"city\":\"D\",\"temp\":4}]}")
    ],
    Output.array({ element: City }),
    UpstreamOutput.array({ element: zCity })
  )
  differential(
    "text: the failed attempt's text, then the next attempt's",
    [openThenError("Hel", "lo"), answer("Good", "bye")],
    Output.text(),
    UpstreamOutput.text()
  )
})
