/**
 * Time linear in size: tool arguments of 10 MB vs 50 MB (1 MB deltas; size ratio 5, a quadratic
 * path would show ~25x, the bound is 15x) and 100,000 vs 1,000,000 one-character argument deltas
 * (ratio 10, quadratic ~100x, bound 40x) through the OpenAI chat `stream` (replayed bytes). The
 * test asserts the RATIO of times, never an absolute time; the bounds leave room for GC.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Stream } from "effect"
import { OpenAI } from "../../src/providers/openai/index.ts"
import * as ReplayHttpClient from "../../src/testing/ReplayHttpClient.ts"

const head = `data: {"id":"c","created":1,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"big","arguments":""}}]},"finish_reason":null}]}\n\n`
const tail = `data: {"id":"c","created":1,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}\n\ndata: [DONE]\n\n`
const delta = (args: string) =>
  `data: {"id":"c","created":1,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":${JSON.stringify(args)}}}]},"finish_reason":null}]}\n\n`

/** A tool call whose arguments are `{"x":"aaa…"}` sent as `count` deltas of `size` characters. */
const body = (count: number, size: number): Array<Uint8Array> => {
  const encoder = new TextEncoder()
  const out: Array<Uint8Array> = [encoder.encode(head + delta(`{"x":"`))]
  const piece = encoder.encode(delta("a".repeat(size)))
  // group small events into ~64 KiB network chunks, as a socket would deliver them
  const perChunk = Math.max(1, Math.floor(65536 / piece.length))
  for (let i = 0; i < count; i += perChunk) {
    const n = Math.min(perChunk, count - i)
    const chunk = new Uint8Array(piece.length * n)
    for (let j = 0; j < n; j++) chunk.set(piece, j * piece.length)
    out.push(chunk)
  }
  out.push(encoder.encode(delta(`"}`) + tail))
  return out
}

const timeRun = (count: number, size: number) =>
  Effect.gen(function*() {
    const chunks = body(count, size)
    const model = yield* OpenAI.chat("gpt-4o-mini", { apiKey: "sk-test" }).pipe(
      Effect.provide(ReplayHttpClient.layer({ chunks, headers: { "content-type": "text/event-stream" } }))
    )
    const started = performance.now()
    const r = yield* model.stream({ prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }] })
    let inputLength = -1
    let deltas = 0
    yield* Stream.runForEach(r.stream, (p) =>
      Effect.sync(() => {
        if (p.type === "tool-input-delta") deltas++
        if (p.type === "tool-call") inputLength = p.input.length
      }))
    const ms = performance.now() - started
    expect(inputLength).toBe(count * size + 8)
    expect(deltas).toBe(count + 2)
    return ms
  })

/** Best of a few runs, so a GC pause or a noisy neighbour does not decide the ratio. */
const best = (count: number, size: number, runs: number) =>
  Effect.gen(function*() {
    let min = Infinity
    for (let i = 0; i < runs; i++) min = Math.min(min, yield* timeRun(count, size))
    return min
  })

describe("linear time in input size", () => {
  it.live("arguments of 10 MB vs 50 MB", () =>
    Effect.gen(function*() {
      yield* timeRun(2, 1 << 20) // warm-up
      const small = yield* best(10, 1 << 20, 3)
      const large = yield* best(50, 1 << 20, 2)
      console.log(`args 10 MB: ${small.toFixed(0)} ms, 50 MB: ${large.toFixed(0)} ms, ratio ${(large / small).toFixed(1)}`)
      expect(large / small).toBeLessThan(15)
    }))

  it.live("100,000 vs 1,000,000 tiny argument chunks", () =>
    Effect.gen(function*() {
      yield* timeRun(20_000, 1) // warm-up
      const small = yield* best(100_000, 1, 3)
      const large = yield* best(1_000_000, 1, 2)
      console.log(`deltas 100k: ${small.toFixed(0)} ms, 1M: ${large.toFixed(0)} ms, ratio ${(large / small).toFixed(1)}`)
      expect(large / small).toBeLessThan(40)
    }))
})
