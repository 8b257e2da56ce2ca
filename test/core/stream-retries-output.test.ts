/**
 * Output state per stream-retry attempt, against upstream `ai` 7.0.173 (`streamRetries` +
 * `output`, `MockLanguageModelV4`, the same scripted attempts on both sides): upstream resets its
 * output transform at each retry attempt (`resetOutputState` on the retry boundary: the parser,
 * the step's first text id, the pending coalesced text, the text's sticky provider metadata), so
 * the successful attempt's text is parsed from its own start. Compared: the full stream (its
 * coalesced text deltas), the partial outputs (`partialOutputStream`), the elements
 * (`elementStream`) and the final `output`. Normalization: test/testing/normalize.ts.
 */
import { describe, expect, it } from "@effect/vitest"
import { Output as UpstreamOutput, smoothStream as upstreamSmoothStream, streamText as upstreamStreamText } from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import { Effect, Schema, Stream } from "effect"
import { z } from "zod"
import * as Output from "../../src/core/Output.ts"
import * as OutputStream from "../../src/core/OutputStream.ts"
import * as SmoothStream from "../../src/core/SmoothStream.ts"
import * as StreamText from "../../src/core/StreamText.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import { normalize } from "../testing/normalize.ts"

const start: StreamPart = { type: "stream-start", warnings: [] }
const meta: StreamPart = { type: "response-metadata", id: "r", modelId: "m", timestamp: new Date(0) }
const failing = (...deltas: ReadonlyArray<string>): ReadonlyArray<StreamPart> => [
  start,
  meta,
  { type: "text-start", id: "t" },
  ...deltas.map((delta): StreamPart => ({ type: "text-delta", id: "t", delta })),
  { type: "error", error: new Error("boom") }
]
const succeeding = (...deltas: ReadonlyArray<string>): ReadonlyArray<StreamPart> => [start, meta, ...H.textParts("t", ...deltas), H.finish()]

const runUpstream = async (attempts: ReadonlyArray<ReadonlyArray<StreamPart>>, output: unknown, smooth = false) => {
  let call = 0
  const model = new MockLanguageModelV4({
    doStream: async () => ({ stream: convertArrayToReadableStream([...(attempts[call++] ?? [])]) as never })
  })
  const result = upstreamStreamText({
    model,
    prompt: "hi",
    streamRetries: 2,
    onError: () => {},
    ...(smooth ? { experimental_transform: upstreamSmoothStream({ chunking: "word", delayInMs: null }) } : {}),
    ...(output === undefined ? {} : { output: output as never })
  })
  const parts: Array<unknown> = []
  const partials: Array<unknown> = []
  const elements: Array<unknown> = []
  await Promise.all([
    (async () => {
      for await (const p of result.fullStream) parts.push(p)
    })(),
    (async () => {
      for await (const p of result.partialOutputStream) partials.push(p)
    })(),
    (async () => {
      try {
        for await (const e of result.elementStream) elements.push(e)
      } catch {
        // not an array output
      }
    })()
  ])
  let final: unknown
  try {
    final = { ok: await result.output }
  } catch (error) {
    final = { error: (error as Error).name }
  }
  return { parts: normalize(parts), partials, elements, final, calls: call }
}

const runOurs = (attempts: ReadonlyArray<ReadonlyArray<StreamPart>>, output: Output.Any | undefined, smooth = false) =>
  Effect.gen(function*() {
    const parts = Array.from(yield* Stream.runCollect(StreamText.streamText({
      prompt: "hi",
      streamRetries: 2,
      onError: () => Effect.void,
      ...(smooth ? { experimental_transform: SmoothStream.smoothStream({ chunking: "word", delayInMs: null }) } : {}),
      ...(output === undefined ? {} : { output })
    })))
    const spec = output ?? Output.text()
    const partials = Array.from(yield* Stream.runCollect(OutputStream.partialOutputStream(Stream.fromIterable(parts), spec)))
    const elements = spec.makeElementPublisher === undefined
      ? []
      : Array.from(yield* Stream.runCollect(OutputStream.elementStream(Stream.fromIterable(parts), spec)))
    const result = yield* StreamText.aggregate(parts)
    const finalExit = yield* Effect.exit(OutputStream.output(result, spec))
    const final = finalExit._tag === "Success" ? { ok: finalExit.value } : { error: "NoObjectGeneratedError" }
    return { parts: normalize(parts), partials, elements, final, calls: attempts.length }
  }).pipe(Effect.provide(MockLanguageModel.layer({ stream: attempts.map((parts) => ({ stream: parts })) })))

const City = Schema.Struct({ city: Schema.String, temperature: Schema.Number })
const zCity = z.object({ city: z.string(), temperature: z.number() })

const differential = (
  name: string,
  attempts: ReadonlyArray<ReadonlyArray<StreamPart>>,
  ours: Output.Any | undefined,
  upstream: unknown,
  smooth = false
) =>
  it.live(name, () =>
    Effect.gen(function*() {
      const expected = yield* Effect.promise(() => runUpstream(attempts, upstream, smooth))
      const actual = yield* runOurs(attempts, ours, smooth)
      expect(expected.calls).toBe(attempts.length)
      expect(JSON.parse(JSON.stringify(actual))).toEqual(JSON.parse(JSON.stringify(expected)))
    }))

describe("stream retries reset the output state per attempt (vs upstream)", () => {
  differential(
    "object: the retried attempt's text is parsed from its own start",
    [failing("{\"city\":\"Pa", "ris\",\"tem"), succeeding("{\"city\":\"Ro", "me\",\"temperature\":2", "1}")],
    Output.object({ schema: City }),
    UpstreamOutput.object({ schema: zCity })
  )
  differential(
    "object: a held-back delta of the failed attempt is dropped, not sent with the next attempt",
    [failing("{\"city\":\"Pa", "  "), succeeding("{\"city\":\"Rome\",", "\"temperature\":3}")],
    Output.object({ schema: City }),
    UpstreamOutput.object({ schema: zCity })
  )
  differential(
    "object: two failed attempts, then the answer",
    [failing("{\"ci"), failing("{\"city\":\"Lyon\""), succeeding("{\"city\":\"Nice\",\"temperature\":9}")],
    Output.object({ schema: City }),
    UpstreamOutput.object({ schema: zCity })
  )
  differential(
    "array: elements restart with the retried attempt",
    [
      failing("{\"elements\":[\"a\",", "\"b\","),
      succeeding("{\"elements\":[\"x\",", "\"y\",", "\"z\"]}")
    ],
    Output.array({ element: Schema.String }),
    UpstreamOutput.array({ element: z.string() })
  )
  differential(
    "object through smoothStream: the transform's buffer ends with the failed attempt's closing text-end",
    [failing("{\"city\": \"Pa", "ris\", \"tem"), succeeding("{\"city\": \"Rome\",", " \"temperature\": 4}")],
    Output.object({ schema: City }),
    UpstreamOutput.object({ schema: zCity }),
    true
  )
  differential(
    "text (no output) through smoothStream",
    [failing("Hello wor"), succeeding("Good ", "bye now")],
    undefined,
    undefined,
    true
  )
  differential(
    "text (no output): partial text restarts with the retried attempt",
    [failing("Hel", "lo wor"), succeeding("Good", "bye")],
    undefined,
    undefined
  )
  it.live("text (no output): the retried attempt's first text id keeps its own provider metadata", () =>
    Effect.gen(function*() {
      const attempts: ReadonlyArray<ReadonlyArray<StreamPart>> = [
        failing("Hel"),
        [
          start,
          meta,
          { type: "text-start", id: "t" },
          { type: "text-delta", id: "t", delta: "Good", providerMetadata: { p: { sig: "s2" } } },
          { type: "text-delta", id: "t", delta: "bye" },
          { type: "text-end", id: "t" },
          H.finish()
        ]
      ]
      const expected = yield* Effect.promise(() => runUpstream(attempts, undefined))
      const actual = yield* runOurs(attempts, undefined)
      expect(actual.parts).toEqual(expected.parts)
      // the second delta carries the attempt's metadata
      const deltas = (actual.parts as ReadonlyArray<{ type: string; providerMetadata?: unknown }>).filter((p) => p.type === "text-delta")
      expect(deltas.at(-1)?.providerMetadata).toEqual({ p: { sig: "s2" } })
    }))
})
