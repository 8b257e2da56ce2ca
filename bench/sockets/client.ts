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
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as OpenAI from "../../src/providers/openai/OpenAI.ts"
import { CallOptions } from "../../src/contract/CallOptions.ts"
import { bytesOf, expectedText } from "./body.ts"

const [implementation = "aimux-fetch", url = "http://127.0.0.1:0", countText = "1000"] = process.argv.slice(2)
const count = Number(countText)
const now = () => performance.timeOrigin + performance.now()

// `SOCKETS_PHASES=1`: where each stream's wait for its first part goes. Absolute times per stream
// (ms, comparable with the server's `x-received-at`): the call, the HttpClient's execute (aimux),
// the raw `fetch` call and its resolution (the fetch clients), the server's receipt, the
// HttpClient's response (aimux), the first body chunk handed to the provider, the first part.
const phases = process.env.SOCKETS_PHASES === "1"
type Phase = "call" | "execute" | "fetch" | "clientConnected" | "headersSent" | "connected" | "request" | "received" | "headers" | "response" | "firstChunk" | "first"
const marks: Array<Partial<Record<Phase, number>>> = []
const mark = (n: number, phase: Phase, at = now()) => {
  if (n < 0) return
  const m = (marks[n] ??= {})
  m[phase] ??= at
}
const decoder = new TextDecoder()
const streamNumber = (body: unknown): number => {
  const text = typeof body === "string" ? body : body instanceof Uint8Array ? decoder.decode(body) : ""
  const match = /stream (\d+)/.exec(text)
  return match === null ? -1 : Number(match[1])
}
// undici's own diagnostics (the fetch clients): when its socket connected and when it wrote the
// request's headers, by local port (the server echoes the port as `x-remote-port`)
const undiciAt = new Map<number, { connected?: number; headersSent?: number }>()
const beforeConnect: Array<number> = []
if (phases) {
  const channels = await import("node:diagnostics_channel")
  channels.subscribe("undici:client:beforeConnect", () => void beforeConnect.push(now()))
  channels.subscribe("undici:client:connected", (message) => {
    const port = (message as { socket: { localPort: number } }).socket.localPort
    undiciAt.set(port, { ...undiciAt.get(port), connected: now() })
  })
  channels.subscribe("undici:client:sendHeaders", (message) => {
    const port = (message as { socket: { localPort: number } }).socket.localPort
    const at = undiciAt.get(port) ?? {}
    at.headersSent ??= now()
    undiciAt.set(port, at)
  })
  const raw = globalThis.fetch
  globalThis.fetch = (input, init) => {
    const n = streamNumber(init?.body)
    mark(n, "fetch")
    return raw(input, init).then((response) => {
      mark(n, "headers")
      mark(n, "received", Number(response.headers.get("x-received-at")))
      mark(n, "request", Number(response.headers.get("x-request-at")))
      mark(n, "connected", Number(response.headers.get("x-connected-at")))
      const at = undiciAt.get(Number(response.headers.get("x-remote-port")))
      if (at?.connected !== undefined) mark(n, "clientConnected", at.connected)
      if (at?.headersSent !== undefined) mark(n, "headersSent", at.headersSent)
      return response
    })
  }
}
/** The HttpClient with the execute / response / first chunk marks. */
const traced = (layer: Layer.Layer<HttpClient.HttpClient>): Layer.Layer<HttpClient.HttpClient> =>
  !phases ? layer : Layer.effect(
    HttpClient.HttpClient,
    Effect.map(HttpClient.HttpClient, (client) =>
      HttpClient.transform(client, (effect, request) => {
        const n = streamNumber(request.body._tag === "Uint8Array" ? request.body.body : undefined)
        return Effect.suspend(() => {
          mark(n, "execute")
          return Effect.map(effect, (response) => {
            mark(n, "response")
            const received = response.headers["x-received-at"]
            if (typeof received === "string") mark(n, "received", Number(received))
            for (const phase of ["request", "connected"] as const) {
              const at = response.headers[`x-${phase}-at`]
              if (typeof at === "string") mark(n, phase, Number(at))
            }
            return new Proxy(response, {
              get: (target, key, receiver) =>
                key === "stream"
                  ? Stream.tap(target.stream, () => Effect.sync(() => mark(n, "firstChunk")))
                  : Reflect.get(target, key, receiver)
            })
          })
        })
      }))
  ).pipe(Layer.provide(layer))

const prompt = (n: number) => [{ role: "user" as const, content: [{ type: "text" as const, text: `stream ${n}` }] }]

interface Outcome {
  readonly firstPartMs: number
  readonly text: string
  readonly error?: string | undefined
}

const upstream = async (n: number): Promise<Outcome> => {
  const model = createOpenAI({ apiKey: "bench", baseURL: url }).chat("gpt-4.1-nano")
  const start = performance.now()
  if (phases) mark(n, "call")
  let first = -1
  let text = ""
  try {
    const { stream } = await model.doStream({ prompt: prompt(n) })
    const reader = stream.getReader()
    while (true) {
      const { done, value } = await reader.read()
      if (done) break
      if (value.type === "stream-start") continue
      if (first < 0) {
        first = performance.now() - start
        if (phases) mark(n, "first")
      }
      if (value.type === "text-delta") text += value.delta
      if (value.type === "error") return { firstPartMs: first, text, error: String(value.error) }
    }
    return { firstPartMs: first, text }
  } catch (error) {
    return { firstPartMs: first, text, error: String(error) }
  }
}

const aimux = (untraced: Layer.Layer<HttpClient.HttpClient>) => {
  const client = traced(untraced)
  const model = Effect.runSync(Effect.provide(OpenAI.chat("gpt-4.1-nano", { apiKey: "bench", baseURL: url }), client))
  return (n: number): Promise<Outcome> => {
    const options = Schema.decodeUnknownSync(CallOptions)({ prompt: prompt(n) })
    const start = performance.now()
    if (phases) mark(n, "call")
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
                if (first < 0) {
                  first = performance.now() - start
                  if (phases) mark(n, "first")
                }
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

// The transports alone (`SOCKETS_ONLY=fetch-raw,effect-fetch-raw`): the same request and body,
// read as bytes and checked against what the server sent, through `fetch` and a reader loop, and
// through effect's FetchHttpClient and `response.stream`; the "first part" is the first chunk.
const requestBody = (n: number) => JSON.stringify({ model: "gpt-4.1-nano", stream: true, messages: [{ role: "user", content: `stream ${n}` }] })
const checker = (n: number) => {
  const expected = bytesOf(n)
  let offset = 0
  let same = true
  return {
    chunk: (value: Uint8Array) => {
      if (same && !expected.subarray(offset, offset + value.length).equals(value)) same = false
      offset += value.length
    },
    text: () => (same && offset === expected.length ? expectedText(n) : "mismatch")
  }
}
const rawFetch = async (n: number): Promise<Outcome> => {
  const start = performance.now()
  if (phases) mark(n, "call")
  let first = -1
  const check = checker(n)
  try {
    const response = await fetch(`${url}/chat/completions`, { method: "POST", headers: { "content-type": "application/json" }, body: requestBody(n) })
    const reader = response.body!.getReader()
    while (true) {
      const { done, value } = await reader.read()
      if (done) break
      if (first < 0) {
        first = performance.now() - start
        if (phases) mark(n, "first")
      }
      check.chunk(value)
    }
    return { firstPartMs: first, text: check.text() }
  } catch (error) {
    return { firstPartMs: first, text: "", error: String(error) }
  }
}
const effectFetchRaw = (n: number): Promise<Outcome> => {
  const start = performance.now()
  if (phases) mark(n, "call")
  let first = -1
  const check = checker(n)
  return Effect.runPromise(
    HttpClient.execute(HttpClientRequest.bodyText(HttpClientRequest.post(`${url}/chat/completions`), requestBody(n), "application/json")).pipe(
      Effect.flatMap((response) =>
        Stream.runForEachArray(response.stream, (chunks) =>
          Effect.sync(() => {
            if (first < 0) {
              first = performance.now() - start
              if (phases) mark(n, "first")
            }
            for (const chunk of chunks) check.chunk(chunk)
          }))),
      Effect.provide(traced(FetchHttpClient.layer)),
      Effect.match({
        onFailure: (e) => ({ firstPartMs: first, text: "", error: String(e) }),
        onSuccess: () => ({ firstPartMs: first, text: check.text() })
      })
    )
  )
}

const load = async (): Promise<(n: number) => Promise<Outcome>> => {
  if (implementation === "fetch-raw") return rawFetch
  if (implementation === "effect-fetch-raw") return effectFetchRaw
  if (implementation === "upstream") return upstream
  if (implementation === "aimux-fetch") return aimux(FetchHttpClient.layer)
  // @effect/platform-node's client on node:http (its undici client needs the undici package)
  const NodeHttpClient = await import("@effect/platform-node/NodeHttpClient")
  return aimux(NodeHttpClient.layerNodeHttp)
}

const run = await load()
// one warm-up stream (module code, JIT), not measured
await run(count)
marks.length = 0
beforeConnect.length = 0
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
if (phases && process.env.SOCKETS_PHASES_DUMP !== undefined) {
  const fs = await import("node:fs")
  fs.writeFileSync(`${process.env.SOCKETS_PHASES_DUMP}.${implementation}.json`, JSON.stringify({ marks, beforeConnect }))
}
const order: ReadonlyArray<Phase> = ["call", "execute", "fetch", "clientConnected", "headersSent", "connected", "request", "received", "headers", "response", "firstChunk", "first"]
/** Per phase, p50 / p99 of its time after the call and after the phase before it (ms). */
const phaseSummary = !phases ? undefined : Object.fromEntries(order.slice(1).flatMap((phase, i) => {
  const sinceCall: Array<number> = []
  const sincePrevious: Array<number> = []
  for (const m of marks) {
    const at = m?.[phase]
    if (m === undefined || at === undefined || m.call === undefined) continue
    sinceCall.push(at - m.call)
    const previous = order.slice(0, i + 1).reverse().find((p) => m[p] !== undefined)
    if (previous !== undefined) sincePrevious.push(at - m[previous]!)
  }
  if (sinceCall.length === 0) return []
  const q = (xs: Array<number>, p: number) => {
    xs.sort((a, b) => a - b)
    return Math.round(xs[Math.min(xs.length - 1, Math.floor(p * xs.length))] * 10) / 10
  }
  return [[phase, { sinceCall: [q(sinceCall, 0.5), q(sinceCall, 0.99)], sincePrevious: [q(sincePrevious, 0.5), q(sincePrevious, 0.99)] }]]
}))
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
  firstError,
  phases: phaseSummary
}) + "\n")
