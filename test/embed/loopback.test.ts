/**
 * 100,000 values through the OpenAI embedding model against a loopback server (small vectors to
 * stay fast): `embedMany` sends exactly upstream's requests (the same chunk sizes, by count and by
 * UTF-8 bytes), the server never sees more than `maxParallelCalls` requests at once, usage and
 * order are kept; `embedManyStream` keeps the same chunks, bounds the calls in flight, pulls the
 * input only as calls free up (memory follows what is in flight, not the input), and interrupting
 * the consumer stops new requests.
 */
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { createOpenAI } from "@ai-sdk/openai"
import { embedMany as upstreamEmbedMany } from "ai"
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import { Effect, Fiber, Layer, Stream } from "effect"
import { FetchHttpClient } from "effect/http"
import * as Embed from "../../src/core/Embed.ts"
import { EmbeddingModel } from "../../src/EmbeddingModel.ts"
import * as OpenAI from "../../src/providers/openai/OpenAI.ts"

interface ServerState {
  sizes: Array<number>
  inFlight: number
  maxInFlight: number
  delayMs: number
}

const state: ServerState = { sizes: [], inFlight: 0, maxInFlight: 0, delayMs: 0 }
let server: http.Server
let baseURL = ""

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Array<Buffer> = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      state.inFlight++
      state.maxInFlight = Math.max(state.maxInFlight, state.inFlight)
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { input: Array<string> }
      state.sizes.push(body.input.length)
      const data = body.input.map((v) => `{"embedding":[${v.length},0.5]}`).join(",")
      setTimeout(() => {
        state.inFlight--
        res.writeHead(200, { "content-type": "application/json" })
        res.end(`{"data":[${data}],"usage":{"prompt_tokens":${body.input.length}}}`)
      }, state.delayMs)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
})

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

const reset = (delayMs = 0) => {
  state.sizes = []
  state.inFlight = 0
  state.maxInFlight = 0
  state.delayMs = delayMs
}

// lengths 0..299: the 300,000-byte limit closes most chunks before the 2048-value one
const values = Array.from({ length: 100_000 }, (_, i) => "x".repeat(i % 300) + (i % 7 === 0 ? "é" : ""))
const model = () => Layer.effect(EmbeddingModel, OpenAI.embedding("text-embedding-3-small", { apiKey: "k", baseURL }))

describe("embedMany of 100,000 values on a loopback server", () => {
  it("requests chunked exactly as upstream's, maxParallelCalls never exceeded, order and usage kept", async () => {
    reset(2)
    const upstream = await upstreamEmbedMany({
      model: createOpenAI({ apiKey: "k", baseURL }).embedding("text-embedding-3-small"),
      values,
      maxParallelCalls: 4
    })
    const upstreamSizes = [...state.sizes]
    expect(state.maxInFlight).toBeLessThanOrEqual(4)
    reset(2)
    const ours = await Effect.runPromise(
      Embed.embedMany({ values, maxParallelCalls: 4 }).pipe(Effect.provide(model()), Effect.provide(FetchHttpClient.layer))
    )
    // the same request sizes, in the same order within each batch
    expect([...state.sizes].sort((a, b) => a - b)).toEqual([...upstreamSizes].sort((a, b) => a - b))
    expect(state.sizes.reduce((a, b) => a + b, 0)).toBe(100_000)
    expect(state.maxInFlight).toBeLessThanOrEqual(4)
    expect(state.maxInFlight).toBeGreaterThan(1)
    expect(ours.usage).toEqual(upstream.usage)
    expect(ours.responses.length).toBe(upstream.responses?.length)
    expect(ours.embeddings.length).toBe(100_000)
    for (let i = 0; i < values.length; i += 997) expect(ours.embeddings[i]).toEqual(upstream.embeddings[i])
  })

  it.live("embedManyStream: the same chunks, at most 3 in flight, input pulled lazily, interruption stops requests", () =>
    Effect.gen(function*() {
      reset(2)
      let pulled = 0
      let consumed = 0
      let maxAhead = 0
      const input = Stream.fromIterable(values).pipe(Stream.tap(() => Effect.sync(() => void pulled++)), Stream.rechunk(64))
      const chunks = yield* Embed.embedManyStream(input, { maxParallelCalls: 3 }).pipe(
        Stream.tap((chunk) =>
          Effect.sync(() => {
            consumed += chunk.values.length
            maxAhead = Math.max(maxAhead, pulled - consumed)
            expect(chunk.embeddings.length).toBe(chunk.values.length)
            expect(chunk.embeddings[0]).toEqual([chunk.values[0].length, 0.5])
          })
        ),
        Stream.map((chunk) => ({ start: chunk.startIndex, size: chunk.values.length })),
        Stream.runCollect
      )
      const sizes = chunks.map((c) => c.size)
      expect(sizes).toEqual(Embed_split(values))
      expect(chunks.map((c) => c.start)).toEqual(sizes.map((_, i) => sizes.slice(0, i).reduce((a, b) => a + b, 0)))
      expect(state.maxInFlight).toBeLessThanOrEqual(3)
      // in flight and buffered: a few chunks of ~2,000 values, never the 100,000 of the input
      expect(maxAhead).toBeLessThan(6 * 2048 + 64)

      reset(20)
      let seen = 0
      const fiber = yield* Embed.embedManyStream(Stream.fromIterable(values), { maxParallelCalls: 2 }).pipe(
        Stream.runForEach(() => Effect.sync(() => void seen++)),
        Effect.forkChild
      )
      while (seen < 3) yield* Effect.sleep(5)
      yield* Fiber.interrupt(fiber)
      const after = state.sizes.length
      // requests already sent when the fiber was interrupted may still land (at most the 2 in
      // flight); after them, none
      yield* Effect.sleep(100)
      const settled = state.sizes.length
      expect(settled - after).toBeLessThanOrEqual(2)
      yield* Effect.sleep(150)
      expect(state.sizes.length).toBe(settled)
      expect(settled).toBeLessThan(sizes.length / 2)
    }).pipe(Effect.provide(model()), Effect.provide(FetchHttpClient.layer)))
})

// upstream's `splitByEmbeddingLimits` for OpenAI's limits, written out independently of aimux
const Embed_split = (all: ReadonlyArray<string>): Array<number> => {
  const out: Array<number> = []
  let count = 0
  let bytes = 0
  for (const v of all) {
    const size = new TextEncoder().encode(v).length
    if (count > 0 && (count >= 2048 || bytes + size > 300_000)) {
      out.push(count)
      count = 0
      bytes = 0
    }
    count++
    bytes += size
  }
  if (count > 0) out.push(count)
  return out
}
