/**
 * One client process of the socket bench (`bench/sockets.ts`): opens `count` concurrent OpenAI
 * chat streams against the loopback server at `url` with one implementation, checks every
 * stream's text against what the server sent for that stream (cross-talk), and prints one JSON
 * line: CPU time, peak RSS, time to first part per stream, errors, cross-talk.
 *
 *   node bench/sockets/client.ts <aimux-fetch|aimux-node|upstream> <url> <count>
 */
import { createOpenAI } from "@ai-sdk/openai"
import { Effect, Layer, Schema, Stream } from "effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import type { HttpClient } from "effect/http"
import * as OpenAI from "../../src/providers/openai/OpenAI.ts"
import { CallOptions } from "../../src/spec/CallOptions.ts"
import { expectedText } from "./body.ts"

const [implementation = "aimux-fetch", url = "http://127.0.0.1:0", countText = "1000"] = process.argv.slice(2)
const count = Number(countText)
const prompt = (n: number) => [{ role: "user" as const, content: [{ type: "text" as const, text: `stream ${n}` }] }]

interface Outcome {
  readonly firstPartMs: number
  readonly text: string
  readonly error?: string | undefined
}

const upstream = async (n: number): Promise<Outcome> => {
  const model = createOpenAI({ apiKey: "bench", baseURL: url }).chat("gpt-4.1-nano")
  const start = performance.now()
  let first = -1
  let text = ""
  try {
    const { stream } = await model.doStream({ prompt: prompt(n) })
    const reader = stream.getReader()
    while (true) {
      const { done, value } = await reader.read()
      if (done) break
      if (value.type === "stream-start") continue
      if (first < 0) first = performance.now() - start
      if (value.type === "text-delta") text += value.delta
      if (value.type === "error") return { firstPartMs: first, text, error: String(value.error) }
    }
    return { firstPartMs: first, text }
  } catch (error) {
    return { firstPartMs: first, text, error: String(error) }
  }
}

const aimux = (client: Layer.Layer<HttpClient.HttpClient>) => {
  const model = Effect.runSync(Effect.provide(OpenAI.chat("gpt-4.1-nano", { apiKey: "bench", baseURL: url }), client))
  return (n: number): Promise<Outcome> => {
    const options = Schema.decodeUnknownSync(CallOptions)({ prompt: prompt(n) })
    const start = performance.now()
    let first = -1
    let text = ""
    let error: string | undefined
    return Effect.runPromise(
      model.stream(options).pipe(
        Effect.flatMap(({ stream }) =>
          Stream.runForEachArray(stream, (parts) =>
            Effect.sync(() => {
              for (const part of parts) {
                if (part.type === "stream-start") continue
                if (first < 0) first = performance.now() - start
                if (part.type === "text-delta") text += part.delta
                if (part.type === "error") error ??= String(part.error)
              }
            }))),
        Effect.provide(client),
        Effect.match({
          onFailure: (e) => ({ firstPartMs: first, text, error: String(e) }),
          onSuccess: () => ({ firstPartMs: first, text, error })
        })
      )
    )
  }
}

const load = async (): Promise<(n: number) => Promise<Outcome>> => {
  if (implementation === "upstream") return upstream
  if (implementation === "aimux-fetch") return aimux(FetchHttpClient.layer)
  // @effect/platform-node's client on node:http (its undici client needs the undici package)
  const NodeHttpClient = await import("@effect/platform-node/NodeHttpClient")
  return aimux(NodeHttpClient.layerNodeHttp)
}

const run = await load()
// one warm-up stream (module code, JIT), not measured
await run(count)
const cpu = process.cpuUsage()
const wall = performance.now()
const outcomes = await Promise.all(Array.from({ length: count }, (_, n) => run(n)))
const used = process.cpuUsage(cpu)
const wallMs = performance.now() - wall
let errors = 0
let crossTalk = 0
const firstParts: Array<number> = []
outcomes.forEach((o, n) => {
  if (o.error !== undefined) errors++
  else if (o.text !== expectedText(n)) crossTalk++
  if (o.firstPartMs >= 0) firstParts.push(o.firstPartMs)
})
firstParts.sort((a, b) => a - b)
const pct = (p: number) => firstParts.length === 0 ? Number.NaN : firstParts[Math.min(firstParts.length - 1, Math.floor(p * firstParts.length))]
const firstError = outcomes.find((o) => o.error !== undefined)?.error
process.stdout.write(JSON.stringify({
  implementation,
  count,
  cpuMs: (used.user + used.system) / 1000,
  wallMs,
  maxRssMB: process.resourceUsage().maxRSS / 1024,
  p50FirstPartMs: pct(0.5),
  p99FirstPartMs: pct(0.99),
  errors,
  crossTalk,
  firstError
}) + "\n")
