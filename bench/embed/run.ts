/**
 * `node --expose-gc bench/embed/run.ts [--values N] [--dims D] [--runs R]`: `embedMany` of N values
 * (default 100,000; values `value <i>` so only the 2,048-per-call limit chunks them) with
 * `text-embedding-3-small` against a loopback server in a child process (bench/embed/server.ts),
 * D-dimensional vectors (default 1,536). Client CPU (user + system, this process only) per run,
 * median of R (default 3) after one warm-up: upstream `ai` + `@ai-sdk/openai` (floats, the only
 * encoding it requests), aimux with floats, aimux with `encodingFormat: "base64"`. Prints a
 * markdown table with the ratios to upstream.
 */
import { spawn } from "node:child_process"
import { createOpenAI } from "@ai-sdk/openai"
import { embedMany as upstreamEmbedMany } from "ai"
import { Effect, Layer, Stream } from "effect"
import { FetchHttpClient } from "effect/http"
import * as Embed from "../../src/core/Embed.ts"
import { EmbeddingModel } from "../../src/EmbeddingModel.ts"
import * as OpenAI from "../../src/providers/openai/OpenAI.ts"

const argv = process.argv.slice(2)
const flag = (name: string, fallback: number): number => {
  const i = argv.indexOf(`--${name}`)
  return i >= 0 ? Number(argv[i + 1]) : fallback
}
const count = flag("values", 100_000)
const dims = flag("dims", 1536)
const runs = flag("runs", 3)

const server = spawn(process.execPath, [new URL("./server.ts", import.meta.url).pathname, String(dims)], { stdio: ["ignore", "pipe", "inherit"] })
const port = await new Promise<string>((resolve) => server.stdout.once("data", (c: Buffer) => resolve(c.toString().trim())))
const baseURL = `http://127.0.0.1:${port}/v1`
const values = Array.from({ length: count }, (_, i) => `value ${i}`)

const gc = (globalThis as { gc?: () => void }).gc
interface Sample { readonly cpu: number; readonly wall: number; readonly heap: number }
const cpuOf = async (f: () => Promise<number>): Promise<Sample> => {
  gc?.()
  const base = process.memoryUsage().heapUsed
  let peak = base
  // heap growth over the run's start, sampled every 5 ms: what the implementation holds at once
  const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage().heapUsed) }, 5)
  const start = process.cpuUsage()
  const t0 = performance.now()
  const n = await f()
  const wall = performance.now() - t0
  const used = process.cpuUsage(start)
  clearInterval(timer)
  peak = Math.max(peak, process.memoryUsage().heapUsed)
  if (n !== count) throw new Error(`expected ${count} embeddings, got ${n}`)
  return { cpu: (used.user + used.system) / 1000, wall, heap: (peak - base) / 1048576 }
}

const upstream = async () => {
  const result = await upstreamEmbedMany({
    model: createOpenAI({ apiKey: "k", baseURL }).embedding("text-embedding-3-small"),
    values,
    maxParallelCalls: 4
  })
  return result.embeddings.length
}
const layer = Layer.effect(EmbeddingModel, OpenAI.embedding("text-embedding-3-small", { apiKey: "k", baseURL })).pipe(
  Layer.provide(FetchHttpClient.layer)
)
const ours = (encodingFormat: "float" | "base64") => async () => {
  const result = await Effect.runPromise(
    Embed.embedMany({ values, maxParallelCalls: 4, providerOptions: { openai: { encodingFormat } } }).pipe(Effect.provide(layer))
  )
  return result.embeddings.length
}

// the streamed variant: each chunk's vectors are read (a checksum of the first component) and
// dropped, as a consumer writing them to a vector store would
const streamed = (encodingFormat: "float" | "base64") => async () => {
  let n = 0
  let sum = 0
  await Effect.runPromise(
    Embed.embedManyStream(Stream.fromIterable(values), { maxParallelCalls: 4, providerOptions: { openai: { encodingFormat } } }).pipe(
      Stream.runForEach((chunk) => Effect.sync(() => {
        n += chunk.embeddings.length
        for (const e of chunk.embeddings) sum += e[0] ?? 0
      })),
      Effect.provide(layer)
    )
  )
  return Number.isFinite(sum) ? n : -1
}

const median = (xs: Array<number>) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const measure = async (f: () => Promise<number>): Promise<Sample> => {
  if (runs > 1) await cpuOf(f)
  const samples: Array<Sample> = []
  for (let i = 0; i < runs; i++) samples.push(await cpuOf(f))
  return { cpu: median(samples.map((s) => s.cpu)), wall: median(samples.map((s) => s.wall)), heap: Math.max(...samples.map((s) => s.heap)) }
}

const rows: Array<[string, Sample]> = []
if (!argv.includes("--no-upstream")) rows.push(["upstream `embedMany` (float)", await measure(upstream)])
rows.push(["aimux `embedMany` (float)", await measure(ours("float"))])
rows.push(["aimux `embedMany` (base64)", await measure(ours("base64"))])
rows.push(["aimux `embedManyStream` (float)", await measure(streamed("float"))])
rows.push(["aimux `embedManyStream` (base64)", await measure(streamed("base64"))])
server.kill()
const up = rows[0][1]
const row = (name: string, m: Sample) =>
  `| ${name} | ${m.cpu.toFixed(0)} | ${(m.cpu / up.cpu).toFixed(2)} | ${m.wall.toFixed(0)} | ${m.heap.toFixed(0)} |`
process.stdout.write([
  `embedMany of ${count} values, ${dims}-dim vectors, maxParallelCalls 4, median of ${runs} (client CPU ms; heap: peak growth over the run's start)`,
  "",
  `| implementation | CPU ms | ÷ ${argv.includes("--no-upstream") ? "first row" : "upstream"} | wall ms | heap peak MB |`,
  "|---|---|---|---|---|",
  ...rows.map(([name, m]) => row(name, m)),
  ""
].join("\n"))
