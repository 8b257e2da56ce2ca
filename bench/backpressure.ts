/**
 * `node --expose-gc bench/backpressure.ts`: a loopback server streams a large OpenAI chat SSE body
 * (default 100 MB, `--mb N`) as fast as the connection takes it; a slow consumer takes the text
 * deltas (a 1 ms pause every `--every N` deltas, default 256). Per implementation: the peak live
 * heap (heapUsed after a full GC, sampled every `--sample N` deltas, over the post-GC baseline),
 * the peak of the bytes the server was ahead of the consumer, and the wall time.
 *
 * Implementations: aimux's OpenAI chat `stream` and `streamText` (both over effect's
 * `FetchHttpClient`; `streamText` also with `bufferSize: Infinity`, the former unbounded
 * hand-off; and the low-memory mode), and upstream's `@ai-sdk/openai` `doStream` and `ai` `streamText` (`fetch`),
 * all against the same server. `--only aimux-stream,upstream-streamText` picks some.
 */
import { createOpenAI } from "@ai-sdk/openai"
import { streamText as upstreamStreamText } from "ai"
import { Effect, Layer, Stream } from "effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as StreamText from "../src/core/StreamText.ts"
import * as StreamTextLowMemory from "../src/core/StreamTextLowMemory.ts"
import { LanguageModel } from "../src/LanguageModel.ts"
import { OpenAI } from "../src/providers/openai/index.ts"
import { IdGenerator } from "../src/runtime/IdGenerator.ts"
import * as F from "../test/backpressure/flood.ts"

const argv = process.argv.slice(2)
const flag = (name: string): string | undefined => {
  const i = argv.indexOf(`--${name}`)
  return i === -1 ? undefined : argv[i + 1]
}
const MB = Number(flag("mb") ?? 100)
const EVERY = Number(flag("every") ?? 256)
const SAMPLE = Number(flag("sample") ?? 20_000)
const only = flag("only")?.split(",")

/** What the consumer of one run records. */
interface Meter {
  deltas: number
  peakHeap: number
  peakAhead: number
}

/** Called per text delta: the slow consumer's pause and the sampling. */
const makeMeter = (server: F.Flood, baseline: number) => {
  const meter: Meter = { deltas: 0, peakHeap: 0, peakAhead: 0 }
  const onDelta = (): Promise<void> | undefined => {
    meter.deltas++
    if (meter.deltas % SAMPLE === 0) {
      const heap = F.liveHeap() - baseline
      if (heap > meter.peakHeap) meter.peakHeap = heap
    }
    if (meter.deltas % EVERY !== 0) return undefined
    const ahead = server.snapshot().accepted - meter.deltas * server.eventBytes
    if (ahead > meter.peakAhead) meter.peakAhead = ahead
    return new Promise((resolve) => setTimeout(resolve, 1))
  }
  return { meter, onDelta }
}

type Run = (server: F.Flood, onDelta: () => Promise<void> | undefined) => Promise<void>

const layers = Layer.merge(FetchHttpClient.layer, IdGenerator.layerCounter("id"))
const prompt = [{ role: "user" as const, content: [{ type: "text" as const, text: "hi" }] }]

const forEachDelta = <A, E>(stream: Stream.Stream<A, E>, isDelta: (a: A) => boolean, onDelta: () => Promise<void> | undefined) =>
  Stream.runForEach(stream, (part) => {
    if (!isDelta(part)) return Effect.void
    const wait = onDelta()
    return wait === undefined ? Effect.void : Effect.promise(() => wait)
  })

const runs: Record<string, Run> = {
  "aimux-stream": (server, onDelta) =>
    Effect.runPromise(Effect.gen(function*() {
      const model = yield* OpenAI.chat("gpt-4o-mini", { apiKey: "k", baseURL: server.baseURL })
      const response = yield* model.stream({ prompt })
      yield* forEachDelta(response.stream, (p) => p.type === "text-delta", onDelta)
    }).pipe(Effect.provide(layers))),
  "aimux-streamText": (server, onDelta) =>
    Effect.runPromise(Effect.gen(function*() {
      const model = yield* OpenAI.chat("gpt-4o-mini", { apiKey: "k", baseURL: server.baseURL })
      const stream = StreamText.streamText({ prompt: "hi" }).pipe(Stream.provideService(LanguageModel, model))
      yield* forEachDelta(stream, (p) => p.type === "text-delta", onDelta)
    }).pipe(Effect.provide(layers))),
  "aimux-streamTextLowMemory": (server, onDelta) =>
    Effect.runPromise(Effect.gen(function*() {
      const model = yield* OpenAI.chat("gpt-4o-mini", { apiKey: "k", baseURL: server.baseURL })
      const stream = StreamTextLowMemory.experimental_streamTextLowMemory({ prompt: "hi" }).pipe(Stream.provideService(LanguageModel, model))
      yield* forEachDelta(stream, (p) => p.type === "text-delta", onDelta)
    }).pipe(Effect.provide(layers))),
  // the former hand-off (an unbounded queue): what the bounded one saves
  "aimux-streamText-unbounded": (server, onDelta) =>
    Effect.runPromise(Effect.gen(function*() {
      const model = yield* OpenAI.chat("gpt-4o-mini", { apiKey: "k", baseURL: server.baseURL })
      const stream = StreamText.streamText({ prompt: "hi", bufferSize: Infinity }).pipe(Stream.provideService(LanguageModel, model))
      yield* forEachDelta(stream, (p) => p.type === "text-delta", onDelta)
    }).pipe(Effect.provide(layers))),
  "upstream-doStream": async (server, onDelta) => {
    const model = createOpenAI({ apiKey: "k", baseURL: server.baseURL }).chat("gpt-4o-mini")
    const result = await model.doStream({ prompt })
    const reader = result.stream.getReader()
    for (;;) {
      const read = await reader.read()
      if (read.done) return
      if (read.value.type === "text-delta") await onDelta()
    }
  },
  "upstream-streamText": async (server, onDelta) => {
    const model = createOpenAI({ apiKey: "k", baseURL: server.baseURL }).chat("gpt-4o-mini")
    const result = upstreamStreamText({ model, prompt: "hi" })
    for await (const part of result.fullStream) {
      if (part.type === "text-delta") await onDelta()
    }
  }
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1)

const main = async () => {
  const rows: Array<string> = []
  for (const [name, run] of Object.entries(runs)) {
    if (only !== undefined && !only.includes(name)) continue
    const server = await F.start({ format: "openai", totalBytes: MB * 1024 * 1024 })
    const baseline = F.liveHeap()
    const { meter, onDelta } = makeMeter(server, baseline)
    const start = performance.now()
    await run(server, onDelta)
    const ms = performance.now() - start
    await server.stop()
    process.stdout.write(`${name}: ${meter.deltas} deltas, peak live heap ${mb(meter.peakHeap)} MB, peak ahead ${mb(meter.peakAhead)} MB\n`)
    rows.push(`| ${name} | ${MB} | ${meter.deltas} | ${mb(meter.peakHeap)} | ${mb(meter.peakAhead)} | ${(ms / 1000).toFixed(1)} |`)
  }
  process.stdout.write(`\nmachine: Node ${process.version}, slow consumer: 1 ms pause every ${EVERY} deltas, live heap sampled every ${SAMPLE} deltas\n\n`)
  process.stdout.write("| implementation | body MB | deltas | peak live heap MB | peak server lead MB | wall s |\n")
  process.stdout.write("| -------------- | ------- | ------ | ----------------- | ------------------- | ------ |\n")
  for (const row of rows) process.stdout.write(`${row}\n`)
}

main().catch((error) => {
  process.stderr.write(`${String(error)}\n`)
  process.exit(1)
})
