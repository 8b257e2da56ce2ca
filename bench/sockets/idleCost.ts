/**
 * The body idle bound's share of a provider stream's CPU (`node bench/sockets/idleCost.ts`): 100
 * concurrent OpenAI chat streams of the socket bench's body in 2 KB chunks (a `fetch` answering from
 * memory, effect's fetch client), with `HttpTimeouts` on (the default) and off, interleaved over 12
 * rounds (2 warm-up); median CPU per 100 streams.
 */
import { Effect, Schema, Stream } from "effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as OpenAI from "../../src/providers/openai/OpenAI.ts"
import { CallOptions } from "../../src/contract/CallOptions.ts"
import * as HttpTimeouts from "../../src/runtime/HttpTimeouts.ts"
import { bytesOf } from "./body.ts"
const body = bytesOf(1)
const chunks: Array<Uint8Array> = []
for (let i = 0; i < body.length; i += 2048) chunks.push(body.subarray(i, i + 2048))
globalThis.fetch = async () => {
  let i = 0
  return new Response(new ReadableStream<Uint8Array>({ pull: (c) => { if (i < chunks.length) c.enqueue(chunks[i++]); else c.close() } }, { highWaterMark: 0 }), { headers: { "content-type": "text/event-stream" } })
}
const model = Effect.runSync(Effect.provide(OpenAI.chat("gpt-4.1-nano", { apiKey: "bench", baseURL: "http://127.0.0.1:9/v1" }), FetchHttpClient.layer))
const options = Schema.decodeUnknownSync(CallOptions)({ prompt: [{ role: "user", content: [{ type: "text", text: "stream 1" }] }] })
const one = (timeouts: boolean) => {
  const eff = Effect.flatMap(model.stream(options), ({ stream }) => Stream.runDrain(stream)).pipe(Effect.provide(FetchHttpClient.layer))
  return Effect.runPromise(timeouts ? eff : HttpTimeouts.provide({ headers: false, bodyIdle: false })(eff))
}
const results: Record<string, Array<number>> = { on: [], off: [] }
for (let r = 0; r < 12; r++) {
  for (const mode of ["on", "off"] as const) {
    const c = process.cpuUsage()
    await Promise.all(Array.from({ length: 100 }, () => one(mode === "on")))
    const u = process.cpuUsage(c)
    if (r >= 2) results[mode].push((u.user + u.system) / 1000)
  }
}
for (const [k, v] of Object.entries(results)) { v.sort((a, b) => a - b); console.log(`timeouts ${k}: median ${v[v.length >> 1].toFixed(0)} ms CPU per 100 streams of ${chunks.length} chunks`) }
