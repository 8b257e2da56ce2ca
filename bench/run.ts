/**
 * `npm run bench`: aimux against the pinned upstream packages and against the floor
 * (eventsource-parser + `JSON.parse`), in one process, on identical seeded bytes split into the
 * same 16 KiB network chunks. Prints a table and the targets met, writes `bench/results.json`.
 *
 * Flags: `--only W1,W3,L` (workloads; `L` is the linearity check), `--runs N` (timed runs,
 * default 7), `--warmup N` (default 3), `--memory-runs N` (default 3), `--latency-runs N`
 * (default 31), `--chunk-size N` (default 16384), `--quick` (fewer runs, no linearity check
 * unless asked for). `C` is the cold start (bench/coldStart.ts; builds dist/ first; `--cold-runs N`,
 * default 9). `LM` (only with `--only LM`) is the live heap of a 100 MB text stream in 80 MB
 * processes (bench/lowMemory.ts; `--lm-mb N`). `LOOP` (only with `--only LOOP`: minutes, upstream
 * is quadratic) is a tool loop at 10 to 10,000 steps, generateText and streamText, against
 * upstream (bench/loop.ts; `--loop-sizes 10,100,1000,10000`, `--loop-runs N`, `--loop-record`,
 * `--loop-upstream-max N`: upstream's largest size, default 1,000).
 */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import type { LanguageModelV4StreamPart } from "@ai-sdk/provider"
import * as Bedrock from "./bedrock.ts"
import * as HostedAnthropic from "./hostedAnthropic.ts"
import * as Data from "./data.ts"
import { liveHeapPeak, measureAll, measureLatency, type MeasureOptions, median, type Runner, type Stats, timingProbe } from "./measure.ts"
import * as W from "./workloads.ts"
import { runPartialJson } from "./partialJson.ts"
import { runUIStream } from "./uiStream.ts"
import { report as coldStartReport, runColdStart } from "./coldStart.ts"
import { report as socketsReport, runSockets } from "./sockets.ts"
import { report as linearityReport, runLinearity } from "./linearity.ts"
import { report as lowMemoryReport, runLowMemory } from "./lowMemory.ts"
import { endpoints as loopEndpoints, exponent as loopExponent, report as loopReport, runLoop } from "./loop.ts"
import { renderChart } from "./chart.ts"

const argv = process.argv.slice(2)
const flag = (name: string): string | undefined => {
  const i = argv.indexOf(`--${name}`)
  return i === -1 ? undefined : argv[i + 1]
}
const quick = argv.includes("--quick")
const only = flag("only")?.split(",").map((s) => s.trim().toUpperCase())
const selected = (name: string, byDefault = true) => (only === undefined ? byDefault : only.includes(name))
const options: MeasureOptions = {
  // quick keeps the default warm-up: aimux's pipeline reaches steady speed on its 4th run in a
  // fresh process (V8 compiling it off-thread counts as CPU), so one warm-up timed the JIT
  warmup: Number(flag("warmup") ?? 3),
  runs: Number(flag("runs") ?? (quick ? 5 : 7)),
  memoryRuns: Number(flag("memory-runs") ?? (quick ? 1 : 3))
}
const chunkSize = Number(flag("chunk-size") ?? 16 * 1024)

if (globalThis.gc === undefined) {
  console.warn("warning: run with --expose-gc (npm run bench does) for heap measurements after a full gc")
}

interface Implementation {
  /**
   * `untraced`: the same aimux run without tracing (W3T's baseline); `otel-only`: with
   * `@effect/opentelemetry`'s tracer but without `Telemetry.layer`.
   */
  readonly name: "aimux" | "upstream" | "floor" | "untraced" | "otel-only"
  readonly runner: Runner
  /** The same implementation on the first reads of the body only (latency runs). */
  readonly latency?: Runner | undefined
}

/** Reads kept for latency runs: the first part always comes from the first one. */
const LATENCY_READS = 2
const latencyRounds = Number(flag("latency-runs") ?? (quick ? 11 : 31))

interface Workload {
  readonly id: string
  readonly title: string
  /** Bytes the workload processes (the SSE body; for W3 the parts as JSON). */
  readonly bytes: number
  readonly implementations: ReadonlyArray<Implementation>
  /** Targets that apply: time ratio vs upstream, vs floor, first-part latency. */
  readonly upstreamTarget?: number
  readonly floorTarget?: number
  /** Time ratio of aimux (traced) over the same run untraced. */
  readonly untracedTarget?: number
  readonly latency: boolean
}

const workloads: Array<Workload> = []

type ChunkRunner = (chunks: ReadonlyArray<Uint8Array>) => Runner

// A workload over an SSE body split into network reads: aimux, upstream and the floor on the same
// chunks, each also timed on the first reads only for the first-part latency.
const bodyWorkload = (
  id: string,
  title: string,
  body: Uint8Array,
  aimux: ChunkRunner,
  upstream: ChunkRunner,
  targets: { readonly upstreamTarget?: number; readonly floorTarget?: number },
  floor: ChunkRunner = W.floor
): Workload => {
  const chunks = Data.split(body, chunkSize)
  const implementation = (name: Implementation["name"], runner: ChunkRunner): Implementation => ({
    name,
    runner: runner(chunks),
    latency: runner(chunks.slice(0, LATENCY_READS))
  })
  return {
    id,
    title,
    bytes: body.length,
    implementations: [implementation("aimux", aimux), implementation("upstream", upstream), implementation("floor", floor)],
    ...targets,
    latency: true
  }
}

if (selected("W1")) {
  workloads.push(bodyWorkload("W1", "OpenAI chat, 20,000 text deltas", Data.openaiTextBody(20_000), W.aimuxOpenAI, W.upstreamOpenAI, { upstreamTarget: 0.33, floorTarget: 1.25 }))
}

// The error storm (issue 22): every event is `{}`, which the chunk schema rejects, so every event is
// an `error` part. What it measures is the price of one error part (built without a stack capture).
if (selected("STORM")) {
  workloads.push(bodyWorkload("STORM", "OpenAI chat, 100,000 invalid events (an error part each)", new TextEncoder().encode("data: {}\n\n".repeat(100_000)), W.aimuxOpenAI, W.upstreamOpenAI, { upstreamTarget: 1 }))
}

if (selected("W2")) {
  workloads.push(bodyWorkload("W2", "OpenAI chat, 8 parallel tool calls x 2,000 fragments", Data.openaiToolsBody(8, 2_000), W.aimuxOpenAI, W.upstreamOpenAI, { upstreamTarget: 0.33, floorTarget: 1.25 }))
}

if (selected("W3")) {
  const parts = Data.coreParts(20_000, 100)
  // the same objects, seen through upstream's V4 types (the wire shapes are identical)
  const upstreamParts: Array<LanguageModelV4StreamPart> = JSON.parse(JSON.stringify(parts), (key, value) =>
    key === "timestamp" ? new Date(value) : value)
  workloads.push({
    id: "W3",
    title: "streamText, 20,000 text deltas + 100 executed tool calls",
    bytes: Data.jsonSize(parts),
    implementations: [
      { name: "aimux", runner: W.aimuxStreamText(parts) },
      { name: "upstream", runner: W.upstreamStreamTextRunner(upstreamParts) }
    ],
    upstreamTarget: 0.33,
    latency: false
  })
}

if (selected("W3T")) {
  const parts = Data.coreParts(20_000, 100)
  workloads.push({
    id: "W3T",
    title: "W3 traced (Telemetry.layer, @effect/opentelemetry, in-memory exporter) vs W3 untraced",
    bytes: Data.jsonSize(parts),
    implementations: [
      { name: "aimux", runner: W.aimuxStreamTextTraced(parts) },
      { name: "otel-only", runner: W.aimuxStreamTextTraced(parts, false) },
      { name: "untraced", runner: W.aimuxStreamText(parts) }
    ],
    untracedTarget: 1.1,
    latency: false
  })
}

if (selected("W4")) {
  workloads.push(bodyWorkload("W4", "Anthropic messages, thinking + text + tool use", Data.anthropicBody(4_000, 10_000, 2_000), W.aimuxAnthropic, W.upstreamAnthropic, { floorTarget: 1.5 }))
}

if (selected("W5")) {
  workloads.push(bodyWorkload("W5", "OpenAI Responses, 20,000 text deltas + a function call in 2,000 fragments", Data.openaiResponsesBody(20_000, 2_000), W.aimuxOpenAIResponses, W.upstreamOpenAIResponses, { upstreamTarget: 0.33, floorTarget: 1.5 }))
}

if (selected("AZURE")) {
  workloads.push(bodyWorkload("AZURE", "Azure OpenAI Responses (the pin's bundled @ai-sdk/openai 4.0.81), W5's body", Data.openaiResponsesBody(20_000, 2_000), W.aimuxAzure, W.upstreamAzure, { upstreamTarget: 0.33, floorTarget: 1.5 }))
}

if (selected("GEMINI")) {
  workloads.push(bodyWorkload("GEMINI", "Gemini, 4,000 thought + 16,000 text chunks + a function call", Data.geminiBody(4_000, 16_000), W.aimuxGoogle, W.upstreamGoogle, { upstreamTarget: 0.33, floorTarget: 1.5 }))
}

if (selected("XAI")) {
  workloads.push(bodyWorkload("XAI", "xAI Responses, 2,000 reasoning + 20,000 text deltas, citations, a web search and a function call in 2,000 fragments", Data.xaiResponsesBody(2_000, 20_000, 2_000), W.aimuxXai, W.upstreamXai, { upstreamTarget: 0.33, floorTarget: 1.25 }))
}

if (selected("COHERE")) {
  workloads.push(bodyWorkload("COHERE", "Cohere v2 chat, 2,000 thinking + 20,000 text deltas, a tool plan and a tool call in 2,000 fragments", Data.cohereBody(2_000, 20_000, 2_000), W.aimuxCohere, W.upstreamCohere, { upstreamTarget: 0.33, floorTarget: 1.5 }))
}

if (selected("MISTRAL")) {
  workloads.push(bodyWorkload("MISTRAL", "Mistral chat, 2,000 Magistral thinking + 20,000 text chunks and a tool call in 2,000 fragments", Data.mistralBody(2_000, 20_000, 2_000), W.aimuxMistral, W.upstreamMistral, { upstreamTarget: 0.33, floorTarget: 1.5 }))
}

// The floor of an event-stream body is the codec (both CRCs) plus `JSON.parse`, not SSE.
if (selected("BEDROCK")) {
  workloads.push(bodyWorkload("BEDROCK", "Amazon Bedrock ConverseStream, 2,000 reasoning + 20,000 text deltas + a tool use in 2,000 fragments (binary event-stream frames)", Bedrock.bedrockBody(2_000, 20_000, 2_000), Bedrock.aimuxBedrock, Bedrock.upstreamBedrock, { upstreamTarget: 0.33, floorTarget: 1.25 }, Bedrock.floorBedrock))
}

// The hosted Anthropic variants on W4's events: Vertex serves the same SSE bytes (the SSE floor);
// Bedrock wraps each event in a base64 `chunk` frame (floor: codec + two JSON.parse + base64).
if (selected("W4V")) {
  workloads.push(bodyWorkload("W4V", "Anthropic on Vertex (streamRawPredict), W4's body", Data.anthropicBody(4_000, 10_000, 2_000), HostedAnthropic.aimuxVertexAnthropic, HostedAnthropic.upstreamVertexAnthropic, { upstreamTarget: 0.33, floorTarget: 1.5 }))
}
if (selected("W4B")) {
  const body = HostedAnthropic.bedrockAnthropicBody(Data.anthropicBody(4_000, 10_000, 2_000))
  workloads.push(bodyWorkload("W4B", "Anthropic on Bedrock (invoke-with-response-stream), W4's events in base64 chunk frames", body, HostedAnthropic.aimuxBedrockAnthropic(body.length), HostedAnthropic.upstreamBedrockAnthropic(body.length), { upstreamTarget: 0.33, floorTarget: 1.5 }, HostedAnthropic.floorBedrockAnthropic))
}

const MB = 1024 * 1024
const fmt = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : "—")

interface Row {
  readonly workload: string
  readonly implementation: string
  readonly bytes: number
  readonly parts: number
  readonly ms: number
  readonly cpuMs: number
  readonly mbPerSec: number
  readonly heapPeakMB: number
  readonly firstPartMs: number | undefined
  readonly vsUpstream: number | undefined
  readonly vsFloor: number | undefined
  readonly vsUpstreamWall: number | undefined
  readonly vsFloorWall: number | undefined
  readonly runs: ReadonlyArray<number>
}

const rows: Array<Row> = []
const targets: Array<{ readonly target: string; readonly value: string; readonly met: boolean }> = []

for (const workload of workloads) {
  process.stderr.write(`${workload.id} ${workload.implementations.map((i) => i.name).join(", ")} `)
  const measured = await measureAll(
    workload.implementations.map((i) => i.runner),
    options,
    () => process.stderr.write(".")
  )
  const latencies = workload.latency
    ? await measureLatency(workload.implementations.map((i) => i.latency ?? i.runner), latencyRounds)
    : undefined
  const stats = new Map<string, Stats>()
  workload.implementations.forEach((implementation, i) =>
    stats.set(implementation.name, latencies === undefined ? measured[i] : { ...measured[i], firstPartMs: latencies[i] })
  )
  process.stderr.write(` cpu ${measured.map((s) => fmt(s.cpuMs, 1)).join(" / ")} ms\n`)
  const upstream = stats.get("upstream")
  const floorStats = stats.get("floor")
  for (const implementation of workload.implementations) {
    const s = stats.get(implementation.name)!
    rows.push({
      workload: workload.id,
      implementation: implementation.name,
      bytes: workload.bytes,
      parts: s.parts,
      ms: s.ms,
      cpuMs: s.cpuMs,
      mbPerSec: workload.bytes / MB / (s.cpuMs / 1000),
      heapPeakMB: s.heapPeak / MB,
      firstPartMs: workload.latency ? s.firstPartMs : undefined,
      vsUpstream: upstream === undefined ? undefined : s.cpuMs / upstream.cpuMs,
      vsFloor: floorStats === undefined ? undefined : s.cpuMs / floorStats.cpuMs,
      vsUpstreamWall: upstream === undefined ? undefined : s.ms / upstream.ms,
      vsFloorWall: floorStats === undefined ? undefined : s.ms / floorStats.ms,
      runs: s.runs
    })
  }
  const aimux = stats.get("aimux")!
  if (upstream !== undefined && workload.upstreamTarget !== undefined) {
    const ratio = aimux.cpuMs / upstream.cpuMs
    targets.push({
      target: `${workload.id} aimux/upstream time <= ${workload.upstreamTarget}`,
      value: `${fmt(ratio)} (wall clock ${fmt(aimux.ms / upstream.ms)})`,
      met: ratio <= workload.upstreamTarget
    })
  }
  if (floorStats !== undefined && workload.floorTarget !== undefined) {
    const ratio = aimux.cpuMs / floorStats.cpuMs
    targets.push({
      target: `${workload.id} aimux/floor time <= ${workload.floorTarget}`,
      value: `${fmt(ratio)} (wall clock ${fmt(aimux.ms / floorStats.ms)})`,
      met: ratio <= workload.floorTarget
    })
  }
  const untraced = stats.get("untraced")
  if (untraced !== undefined && workload.untracedTarget !== undefined) {
    const ratio = aimux.cpuMs / untraced.cpuMs
    targets.push({
      target: `${workload.id} traced/untraced time <= ${workload.untracedTarget}`,
      value: `${fmt(ratio)} (wall clock ${fmt(aimux.ms / untraced.ms)})`,
      met: ratio <= workload.untracedTarget
    })
  }
  if (upstream !== undefined && options.memoryRuns > 0) {
    targets.push({
      target: `${workload.id} peak heap growth <= upstream's`,
      value: `${fmt(aimux.heapPeak / MB, 1)} MB vs ${fmt(upstream.heapPeak / MB, 1)} MB`,
      met: aimux.heapPeak <= upstream.heapPeak
    })
  }
  if (upstream !== undefined && workload.latency) {
    targets.push({
      target: `${workload.id} first byte -> first part <= upstream's`,
      value: `${fmt(aimux.firstPartMs, 3)} ms vs ${fmt(upstream.firstPartMs, 3)} ms`,
      met: aimux.firstPartMs <= upstream.firstPartMs
    })
  }
}

// Linearity of tool arguments: 1 MB vs 10 MB of arguments through the aimux OpenAI stream.
interface Linearity {
  readonly sizes: ReadonlyArray<{
    readonly argumentBytes: number
    readonly bodyBytes: number
    readonly ms: number
    readonly liveHeapPeakMB: number
  }>
  readonly timeRatio: number
  readonly memoryRatio: number
}
let linearity: Linearity | undefined
if (selected("L", !quick)) {
  const sizes: Array<Linearity["sizes"][number]> = []
  for (const argumentBytes of [1 * MB, 10 * MB]) {
    const body = Data.openaiLargeArgumentsBody(argumentBytes)
    const chunks = Data.split(body, chunkSize)
    const runner = W.aimuxOpenAI(chunks)
    process.stderr.write(`L ${argumentBytes / MB} MB ...`)
    await runner(timingProbe())
    const times: Array<number> = []
    for (let i = 0; i < 3; i++) {
      const cpu = process.cpuUsage()
      await runner(timingProbe())
      const used = process.cpuUsage(cpu)
      times.push((used.user + used.system) / 1000)
    }
    // a full gc every 16 network chunks: the peak of what is really retained
    const live = await liveHeapPeak(runner, 16)
    sizes.push({ argumentBytes, bodyBytes: body.length, ms: median(times), liveHeapPeakMB: live / MB })
    process.stderr.write(` ${fmt(median(times), 1)} ms\n`)
  }
  const [small, large] = sizes
  linearity = {
    sizes,
    timeRatio: large.ms / small.ms,
    memoryRatio: large.liveHeapPeakMB / small.liveHeapPeakMB
  }
  targets.push({
    target: "L tool arguments time linear (10 MB / 1 MB <= 13)",
    value: fmt(linearity.timeRatio),
    met: linearity.timeRatio <= 13
  })
  targets.push({
    target: "L live heap at 10 MB of arguments <= 3x the argument text",
    value: `${fmt(large.liveHeapPeakMB, 1)} MB`,
    met: large.liveHeapPeakMB <= 3 * (large.argumentBytes / MB)
  })
}

// P: partial JSON of structured output (bench/partialJson.ts)
let partialJson: Awaited<ReturnType<typeof runPartialJson>> | undefined
if (selected("P", !quick)) {
  partialJson = await runPartialJson((s) => process.stderr.write(s))
  const textField = partialJson.ratios.find((r) => r.implementation === "aimux" && r.shape === "text field")
  if (textField !== undefined) {
    targets.push({
      target: "P partial JSON time linear (4 MB / 1 MB, text field, <= 5.2)",
      value: fmt(textField.ratio),
      met: textField.ratio <= 5.2
    })
  }
  for (const shape of ["records", "elements", "map"]) {
    const big = partialJson.ratios.find((r) => r.implementation === "aimux" && r.shape === shape && r.sizes === "16 MB / 4 MB")
    if (big !== undefined) {
      targets.push({ target: `P partial JSON time linear (16 MB / 4 MB, ${shape}, <= 5.2)`, value: fmt(big.ratio), met: big.ratio <= 5.2 })
    }
  }
}

// UI: UI message stream encoding against upstream toUIMessageStream (bench/uiStream.ts)
let uiStream: Awaited<ReturnType<typeof runUIStream>> | undefined
if (selected("UI", !quick)) {
  uiStream = await runUIStream((s) => process.stderr.write(s), options.runs)
  for (const row of uiStream) {
    targets.push({ target: `UI stream encoding CPU vs upstream (${row.variant}, <= 0.5)`, value: fmt(row.ratio), met: row.ratio <= 0.5 })
  }
}

// C: cold start of a fresh process, aimux (dist/) against upstream (bench/coldStart.ts)
let coldStart: ReturnType<typeof runColdStart> | undefined
if (selected("C", !quick)) {
  coldStart = runColdStart(Number(flag("cold-runs") ?? 9), (s) => process.stderr.write(s))
  targets.push({
    target: "C cold start aimux/upstream (import + construct a model, fresh process) <= 1",
    value: `${fmt(coldStart.wallRatio)} wall clock (cpu ${fmt(coldStart.cpuRatio)})`,
    met: coldStart.wallRatio <= 1
  })
  const share = coldStart.aimux.cpuMs - coldStart.sameEffect.cpuMs
  targets.push({
    target: "C aimux's own cold-start share over a program importing the same effect files <= 40 ms (cpu)",
    value: `${fmt(share, 0)} ms cpu (${fmt(coldStart.aimux.wallMs - coldStart.sameEffect.wallMs, 0)} ms wall; warm compile cache ${fmt(coldStart.cached.aimux.cpuMs - coldStart.sameEffectCached.cpuMs, 0)} ms cpu)`,
    met: share <= 40
  })
}

// S: real sockets, concurrent streams against a loopback server (bench/sockets.ts; `--streams N`,
// default 1000, `--socket-rounds N`, default 3 or 1 with --quick)
let sockets: Awaited<ReturnType<typeof runSockets>> | undefined
if (selected("S", !quick)) {
  sockets = await runSockets({
    streams: Number(flag("streams") ?? 1000),
    rounds: Number(flag("socket-rounds") ?? (quick ? 1 : 3)),
    writeBytes: 2048,
    delayMs: 5
  }, (s) => process.stderr.write(s))
  const up = sockets.find((r) => r.implementation === "upstream")
  for (const r of sockets) {
    targets.push({
      target: `S ${r.implementation}: ${r.count} concurrent streams with 0 errors and 0 cross-talk`,
      value: `${r.errors} errors, ${r.crossTalk} cross-talk`,
      met: r.errors === 0 && r.crossTalk === 0
    })
    if (up !== undefined && r !== up) {
      targets.push({
        target: `S ${r.implementation} cpu time <= upstream's`,
        value: `${fmt(r.cpuMs / up.cpuMs)} (peak RSS ${fmt(r.maxRssMB / up.maxRssMB)}, first part p50 ${fmt(r.p50FirstPartMs / up.p50FirstPartMs)}, p99 ${fmt(r.p99FirstPartMs / up.p99FirstPartMs)})`,
        met: r.cpuMs <= up.cpuMs
      })
    }
  }
}

// LIN: tool arguments and text at 1, 10 and 100 MB (bench/linearity.ts; `--lin-sizes 1,10,100`)
let linearityAtScale: Awaited<ReturnType<typeof runLinearity>> | undefined
if (selected("LIN", !quick)) {
  linearityAtScale = await runLinearity((flag("lin-sizes") ?? "1,10,100").split(",").map(Number), (s) => process.stderr.write(s))
  for (const kind of ["arguments", "text"] as const) {
    const rowsOf = linearityAtScale.filter((r) => r.kind === kind)
    for (let i = 1; i < rowsOf.length; i++) {
      const ratio = rowsOf[i].cpuMs / rowsOf[i - 1].cpuMs
      const size = rowsOf[i].payloadMB / rowsOf[i - 1].payloadMB
      targets.push({
        target: `LIN ${kind} time linear (${fmt(rowsOf[i].payloadMB, 0)} MB / ${fmt(rowsOf[i - 1].payloadMB, 0)} MB <= 1.3x the size ratio)`,
        value: `${fmt(ratio)} for ${fmt(size, 1)}x`,
        met: ratio <= 1.3 * size
      })
    }
    const last = rowsOf[rowsOf.length - 1]
    if (last !== undefined) {
      targets.push(kind === "text"
        ? { target: `LIN text live heap peak at ${fmt(last.payloadMB, 0)} MB < 32 MB`, value: `${fmt(last.liveHeapPeakMB, 1)} MB`, met: last.liveHeapPeakMB < 32 }
        : { target: `LIN tool arguments live heap at ${fmt(last.payloadMB, 0)} MB <= 3x the arguments`, value: `${fmt(last.liveHeapPeakMB, 1)} MB`, met: last.liveHeapPeakMB <= 3 * last.payloadMB })
    }
  }
}

// LM: live heap of a 100 MB text stream in 80 MB processes (bench/lowMemory.ts; only when asked: minutes)
const lowMemoryMB = Number(flag("lm-mb") ?? 100)
let lowMemory: ReturnType<typeof runLowMemory> | undefined
if (selected("LM", false)) {
  lowMemory = runLowMemory(lowMemoryMB, undefined, (s) => process.stderr.write(s))
  const aimux = lowMemory.find((r) => r.variant === "aimux-lowMemory")
  targets.push({
    target: `LM aimux low-memory mode live heap peak on ${lowMemoryMB} MB of text < 32 MB`,
    value: aimux?.peakMB === undefined ? (aimux?.outcome ?? "not run") : `${fmt(aimux.peakMB, 1)} MB`,
    met: aimux?.peakMB !== undefined && aimux.peakMB < 32
  })
}

// LOOP: a tool loop of 10 to 10,000 steps, the growth exponent against upstream (bench/loop.ts)
let loop: Awaited<ReturnType<typeof runLoop>> | undefined
if (selected("LOOP", false)) {
  const sizes = (flag("loop-sizes") ?? "10,100,1000,10000").split(",").map(Number)
  loop = await runLoop(sizes, Number(flag("loop-runs") ?? 7), (s) => process.stderr.write(s), {
    recording: argv.includes("--loop-record"),
    upstreamMax: Number(flag("loop-upstream-max") ?? 1_000)
  })
  for (const [fn, impl, first, last] of loopEndpoints(loop)) {
    if (impl !== "aimux") continue
    const upstream = loopEndpoints(loop).find(([f, i]) => f === fn && i === "upstream")
    const mine = loopExponent(first, last)
    const theirs = upstream === undefined ? Number.NaN : loopExponent(upstream[2], upstream[3])
    targets.push({
      target: `LOOP ${fn} growth exponent ${first.steps} -> ${last.steps} steps <= 1.0 and <= upstream's`,
      value: `${fmt(mine)} (upstream ${fmt(theirs)} from ${upstream?.[2].steps} to ${upstream?.[3].steps} steps; ${fmt(1000 * last.cpuMs / last.steps, 1)} µs per step at ${last.steps})`,
      met: mine <= 1 && !(mine > theirs)
    })
  }
}

// ---- report ----

const cpu = os.cpus()[0]?.model ?? "unknown"
const machine = {
  node: process.version,
  cpu,
  nproc: os.availableParallelism(),
  platform: `${os.platform()} ${os.release()}`,
  chunkSize,
  ...options
}

const header = [
  "workload",
  "impl",
  "MB",
  "parts",
  "cpu ms",
  "wall ms",
  "MB/s",
  "heap peak MB",
  "1st part ms",
  "/upstream",
  "/floor"
]
const table = rows.map((r) => [
  r.workload,
  r.implementation,
  fmt(r.bytes / MB),
  String(r.parts),
  fmt(r.cpuMs, 1),
  fmt(r.ms, 1),
  fmt(r.mbPerSec, 1),
  fmt(r.heapPeakMB, 1),
  r.firstPartMs === undefined ? "—" : fmt(r.firstPartMs, 3),
  r.vsUpstream === undefined ? "—" : fmt(r.vsUpstream),
  r.vsFloor === undefined ? "—" : fmt(r.vsFloor)
])
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)))
const line = (cells: ReadonlyArray<string>) => "| " + cells.map((c, i) => c.padEnd(widths[i])).join(" | ") + " |"

console.log(`\nmachine: ${cpu}, nproc ${machine.nproc}, Node ${machine.node}, chunk ${chunkSize} B`)
console.log(
  `runs: ${options.warmup} warm-up, median of ${options.runs} timed, ${options.memoryRuns} heap-sampled, ` +
    `first part: median of ${latencyRounds} runs on the first ${LATENCY_READS} reads`
)
console.log("MB/s and ratios on CPU time (process user+system); wall clock alongside\n")
console.log(line(header))
console.log(line(widths.map((w) => "-".repeat(w))))
for (const row of table) console.log(line(row))
if (linearity !== undefined) {
  console.log("\nlinearity (aimux, one tool call, 128-char fragments):")
  for (const s of linearity.sizes) {
    console.log(
      `  ${fmt(s.argumentBytes / MB, 0)} MB arguments: ${fmt(s.ms, 1)} cpu ms, live heap peak ${fmt(s.liveHeapPeakMB, 1)} MB`
    )
  }
  console.log(`  time ratio ${fmt(linearity.timeRatio)}, live heap ratio ${fmt(linearity.memoryRatio)}`)
}
if (partialJson !== undefined) {
  console.log("\npartial JSON (structured output, ~100-character deltas):")
  for (const r of partialJson.rows) {
    console.log(`  ${r.shape}, ${r.implementation}: ${fmt(r.bytes / 1e6, 1)} MB / ${r.deltas} deltas ${fmt(r.cpuMs, 1)} cpu ms`)
  }
  for (const r of partialJson.ratios) console.log(`  ${r.shape}, ${r.implementation}: time ratio ${fmt(r.ratio)} for ${r.sizes}`)
}
if (coldStart !== undefined) console.log(`\n${coldStartReport(coldStart).join("\n")}`)
if (sockets !== undefined) console.log(`\nreal sockets (loopback node:http, recorded OpenAI chat body in 2 KB writes every 5 ms):\n${socketsReport(sockets)}`)
if (linearityAtScale !== undefined) console.log(`\nlinearity at scale (aimux OpenAI chat, 128-character fragments):\n${linearityReport(linearityAtScale)}`)
if (lowMemory !== undefined) console.log(`\n${lowMemoryReport(lowMemoryMB, lowMemory).join("\n")}`)
if (loop !== undefined) console.log(`\ntool loop (LOOP, CPU ms, median of the runs):\n${loopReport(loop).join("\n")}`)
console.log("\ntargets:")
for (const t of targets) console.log(`  [${t.met ? "met" : "MISSED"}] ${t.target}: ${t.value}`)

const resultsPath = path.join(import.meta.dirname, "results.json")
fs.writeFileSync(
  resultsPath,
  JSON.stringify({ date: new Date().toISOString(), machine, rows, linearity, partialJson, uiStream, coldStart, sockets, linearityAtScale, loop, targets }, null, 2) + "\n"
)
console.log(`\nwritten ${path.relative(process.cwd(), resultsPath)}`)
// the chart docs/benchmarks.md shows is the standing of every workload: a run of some (`--only`)
// writes its chart beside results.json instead, so it cannot replace the tracked one by accident
const chartPath = only === undefined
  ? path.join(import.meta.dirname, "..", "docs", "benchmarks.svg")
  : path.join(import.meta.dirname, "results.svg")
fs.writeFileSync(
  chartPath,
  renderChart(rows, `CPU time / floor (SSE parse + JSON.parse), ${new Date().toISOString().slice(0, 10)}, ${cpu}, Node ${machine.node}`)
)
console.log(`written ${path.relative(process.cwd(), chartPath)}`)
