/**
 * The socket bench's first phase alone (`node bench/sockets/prep.ts [count]`): the time each
 * implementation spends, before its event loop turns, to issue `count` concurrent stream calls
 * (request built, `fetch` called, fetch's own microtasks drained). No server: `fetch` answers
 * nothing, so this is the CPU before the first byte can be sent, the floor of every first part.
 */
import { createOpenAI } from "@ai-sdk/openai"
import { Effect, Schema } from "effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as OpenAI from "../../src/providers/openai/OpenAI.ts"
import { CallOptions } from "../../src/contract/CallOptions.ts"

const count = Number(process.argv[2] ?? "1000")
const url = "http://127.0.0.1:9/v1"
const prompt = (n: number) => [{ role: "user" as const, content: [{ type: "text" as const, text: `stream ${n}` }] }]
let fetches = 0
const never = new Promise<Response>(() => {})
globalThis.fetch = () => {
  fetches++
  return never
}
const turn = () => new Promise<void>((resolve) => setImmediate(resolve))

const measure = async (name: string, call: (n: number) => void) => {
  for (let round = 0; round < 3; round++) {
    fetches = 0
    const start = performance.now()
    for (let n = 0; n < count; n++) call(n)
    const sync = performance.now() - start
    await turn()
    const total = performance.now() - start
    if (round === 2) console.log(`${name.padEnd(28)} sync ${sync.toFixed(0)} ms, until the loop turns ${total.toFixed(0)} ms (${(total / count * 1000).toFixed(0)} µs a call), fetch called ${fetches}×`)
  }
}

const upstreamModel = createOpenAI({ apiKey: "bench", baseURL: url }).chat("gpt-4.1-nano")
await measure("upstream doStream", (n) => void upstreamModel.doStream({ prompt: prompt(n) }))
const model = Effect.runSync(Effect.provide(OpenAI.chat("gpt-4.1-nano", { apiKey: "bench", baseURL: url }), FetchHttpClient.layer))
await measure("aimux decode CallOptions", (n) => void Schema.decodeUnknownSync(CallOptions)({ prompt: prompt(n) }))
await measure("aimux decode + stream", (n) => {
  const options = Schema.decodeUnknownSync(CallOptions)({ prompt: prompt(n) })
  Effect.runFork(Effect.provide(model.stream(options), FetchHttpClient.layer))
})
process.exit(0)
