/**
 * 200 concurrent streams against the loopback server with the real OpenAI chat provider: each
 * stream gets exactly its own parts (the server answers with text naming the request), and the
 * heap returns to its baseline afterwards (`global.gc` when exposed, else a wider tolerance).
 */
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Effect, Stream } from "effect"
import * as L from "../reliability/loopback.ts"

let server: L.Server
beforeAll(async () => {
  server = await L.start((_req, res, body) => {
    const text = (JSON.parse(body) as { messages: Array<{ content: string }> }).messages[0]?.content ?? "?"
    const chunk = (delta: object, finish: string | null = null) =>
      `data: ${JSON.stringify({ id: `c-${text}`, created: 1, model: "m", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`
    res.writeHead(200, { "content-type": "text/event-stream" })
    // several network writes per stream, interleaved across streams by the event loop
    const pieces = [chunk({ role: "assistant", content: "" }), ...Array.from({ length: 20 }, (_, i) => chunk({ content: `${text}:${i};` })), chunk({}, "stop"), "data: [DONE]\n\n"]
    let i = 0
    const next = () => {
      if (i >= pieces.length) return void res.end()
      res.write(pieces[i++])
      setImmediate(next)
    }
    next()
  })
})
afterAll(() => server.stop())

const gc = (): void => {
  const f: unknown = Reflect.get(globalThis, "gc")
  if (typeof f === "function") f()
}

const round = Effect.gen(function*() {
  const model = yield* L.openai(server)
  const results = yield* Effect.forEach(
    Array.from({ length: 200 }, (_, i) => `stream-${i}`),
    (id) =>
      Effect.gen(function*() {
        const r = yield* model.stream(L.call(id))
        const parts = yield* Stream.runCollect(r.stream)
        const text = parts.flatMap((p) => p.type === "text-delta" ? [p.delta] : []).join("")
        return { id, text, finishes: parts.filter((p) => p.type === "finish").length }
      }),
    { concurrency: "unbounded" }
  )
  for (const r of results) {
    expect(r.text).toBe(Array.from({ length: 20 }, (_, i) => `${r.id}:${i};`).join(""))
    expect(r.finishes).toBe(1)
  }
  return results.length
})

describe("200 concurrent streams", () => {
  it.live("each stream gets exactly its own parts; memory returns to baseline", () =>
    Effect.gen(function*() {
      expect(yield* round) // warm-up: JIT, sockets, module caches
        .toBe(200)
      gc()
      const baseline = process.memoryUsage().heapUsed
      for (let i = 0; i < 3; i++) expect(yield* round).toBe(200)
      yield* Effect.promise(() => new Promise((r) => setTimeout(r, 200)))
      gc()
      gc()
      const after = process.memoryUsage().heapUsed
      const exposed = typeof Reflect.get(globalThis, "gc") === "function"
      // 600 finished streams must not stay reachable: growth bounded well below their total size
      expect(after - baseline).toBeLessThan(exposed ? 8 * 1024 * 1024 : 48 * 1024 * 1024)
    }))
})
