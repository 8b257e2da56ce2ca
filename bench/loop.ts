/**
 * LOOP (`npm run bench -- --only LOOP`, or `node --expose-gc bench/loop.ts [10,100,1000,10000]`):
 * a tool loop of N steps, `generateText` and `streamText`, aimux against upstream `ai` on their
 * mock models (`MockLanguageModel` / `ai/test` `MockLanguageModelV4`). Every step but the last
 * answers with one tool call that the tool executes at once; the last answers with text; the stop
 * condition is the step count. Per size: the median CPU time of the runs (fewer runs for the large
 * sizes; upstream up to 1,000 steps by default), the time per step, and the growth exponent (slope of log time over log steps) from each
 * size to the next and from the first to the last: 1.0 is linear, 2.0 quadratic.
 *
 * The models keep nothing of a call, as a provider does: both mocks record every call's options,
 * and with a fresh prompt array per step (upstream's contract, and aimux's) the recorded prompts
 * alone are quadratic in memory (10,000 steps: 20,000 messages in the last prompt, ~800 MB of
 * prompt arrays kept), which would time the mock. aimux gets a plain `LanguageModel` service
 * answering as `MockLanguageModel` would; upstream gets `MockLanguageModelV4` with its recorded
 * calls dropped at each call. `recording: true` (`--loop-record`) keeps the recording mocks.
 */
import type { LanguageModelV4GenerateResult, LanguageModelV4StreamPart } from "@ai-sdk/provider"
import { generateText as upstreamGenerateText, isStepCount as upIsStepCount, jsonSchema, streamText as upstreamStreamText, tool } from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import { Effect, Layer, Stream } from "effect"
import { LanguageModel, type Service as LanguageModelService } from "../src/LanguageModel.ts"
import * as GenerateText from "../src/core/GenerateText.ts"
import * as StopCondition from "../src/core/StopCondition.ts"
import * as StreamText from "../src/core/StreamText.ts"
import * as Tool from "../src/core/Tool.ts"
import type { GenerateResult } from "../src/contract/Results.ts"
import type { StreamPart } from "../src/contract/StreamPart.ts"
import * as MockLanguageModel from "../src/testing/MockLanguageModel.ts"
import * as H from "../src/testing/StreamHelpers.ts"
import { median } from "./measure.ts"

const schema = {
  type: "object",
  properties: { city: { type: "string" }, step: { type: "number" } },
  required: ["city", "step"],
  additionalProperties: false
} as const

const input = (step: number) => JSON.stringify({ city: "Rome", step })
const usage = H.usage(3, 10)

// ---- aimux ----

const aimuxGenerated = (steps: number) => (index: number): GenerateResult => ({
  content: index < steps - 1
    ? [{ type: "tool-call", toolCallId: `call-${index}`, toolName: "weather", input: input(index) }]
    : [{ type: "text", text: "done" }],
  finishReason: H.finishReason(index < steps - 1 ? "tool-calls" : "stop"),
  usage,
  warnings: []
})

const aimuxStreamed = (steps: number) => (index: number): ReadonlyArray<StreamPart> =>
  index < steps - 1
    ? H.framed([H.toolCall(`call-${index}`, "weather", input(index))], H.finish("tool-calls"))
    : H.framed(H.textParts("t", "done"), H.finish("stop"))

interface Script {
  readonly generate: (index: number) => GenerateResult
  readonly stream: (index: number) => ReadonlyArray<StreamPart>
}

/** A model answering by the call's index that keeps nothing; `recording`: the recording mock. */
const aimuxModel = (script: Script, recording: boolean): Layer.Layer<LanguageModel> => {
  if (recording) {
    return MockLanguageModel.layer({
      generate: (_, index) => script.generate(index),
      stream: (_, index) => ({ stream: script.stream(index) })
    })
  }
  let index = 0
  const model: LanguageModelService = {
    specificationVersion: "v4",
    provider: "mock-provider",
    modelId: "mock-model-id",
    supportedUrls: Effect.succeed({}),
    generate: () => Effect.sync(() => script.generate(index++)),
    stream: () => Effect.sync(() => ({ stream: Stream.fromIterable(script.stream(index++)) }))
  }
  return Layer.succeed(LanguageModel, model)
}

const aimuxTools = {
  weather: Tool.make({
    inputSchema: Tool.jsonSchema<{ city: string; step: number }>(schema),
    execute: (args) => Effect.succeed({ city: args.city, step: args.step, temperature: 21 })
  })
}

const aimuxGenerate = (steps: number, recording: boolean): Promise<number> =>
  Effect.runPromise(
    GenerateText.generateText({ prompt: "hi", tools: aimuxTools, stopWhen: StopCondition.isStepCount(steps) }).pipe(
      Effect.map((r) => r.steps.length),
      Effect.provide(aimuxModel({ generate: aimuxGenerated(steps), stream: aimuxStreamed(steps) }, recording))
    )
  )

const aimuxStream = (steps: number, recording: boolean): Promise<number> =>
  Effect.runPromise(
    StreamText.streamText({ prompt: "hi", tools: aimuxTools, stopWhen: StopCondition.isStepCount(steps) }).pipe(
      Stream.runFold(() => 0, (n, part) => part.type === "finish-step" ? n + 1 : n),
      Effect.provide(aimuxModel({ generate: aimuxGenerated(steps), stream: aimuxStreamed(steps) }, recording))
    )
  )

// ---- upstream ----

const upstreamTools = {
  weather: tool({
    inputSchema: jsonSchema<{ city: string; step: number }>(schema),
    execute: async (args) => ({ city: args.city, step: args.step, temperature: 21 })
  })
}

const upUsage = {
  inputTokens: { total: 3, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 10, text: undefined, reasoning: undefined }
}

const upstreamGenerate = async (steps: number, recording: boolean): Promise<number> => {
  let index = 0
  const model: MockLanguageModelV4 = new MockLanguageModelV4({
    doGenerate: async (): Promise<LanguageModelV4GenerateResult> => {
      if (!recording) model.doGenerateCalls.length = 0
      const i = index++
      return {
        content: i < steps - 1
          ? [{ type: "tool-call", toolCallId: `call-${i}`, toolName: "weather", input: input(i) }]
          : [{ type: "text", text: "done" }],
        finishReason: { unified: i < steps - 1 ? "tool-calls" : "stop", raw: undefined },
        usage: upUsage,
        warnings: []
      }
    }
  })
  const result = await upstreamGenerateText({ model, prompt: "hi", tools: upstreamTools, stopWhen: upIsStepCount(steps) })
  return result.steps.length
}

const upstreamStream = async (steps: number, recording: boolean): Promise<number> => {
  let index = 0
  const model: MockLanguageModelV4 = new MockLanguageModelV4({
    doStream: async () => {
      if (!recording) model.doStreamCalls.length = 0
      const i = index++
      const parts: Array<LanguageModelV4StreamPart> = i < steps - 1
        ? [
          { type: "stream-start", warnings: [] },
          { type: "tool-call", toolCallId: `call-${i}`, toolName: "weather", input: input(i) },
          { type: "finish", finishReason: { unified: "tool-calls", raw: undefined }, usage: upUsage }
        ]
        : [
          { type: "stream-start", warnings: [] },
          { type: "text-start", id: "t" },
          { type: "text-delta", id: "t", delta: "done" },
          { type: "text-end", id: "t" },
          { type: "finish", finishReason: { unified: "stop", raw: undefined }, usage: upUsage }
        ]
      return { stream: convertArrayToReadableStream(parts) }
    }
  })
  const result = upstreamStreamText({ model, prompt: "hi", tools: upstreamTools, stopWhen: upIsStepCount(steps), onError: () => {} })
  let finished = 0
  for await (const part of result.fullStream) if (part.type === "finish-step") finished++
  return finished
}

// ---- measurement ----

type Fn = "generateText" | "streamText"
type Impl = "aimux" | "upstream"

const runners: Record<Fn, Record<Impl, (steps: number, recording: boolean) => Promise<number>>> = {
  generateText: { aimux: aimuxGenerate, upstream: upstreamGenerate },
  streamText: { aimux: aimuxStream, upstream: upstreamStream }
}

/** One row: a function, an implementation, a size. */
export interface LoopRow {
  readonly fn: Fn
  readonly implementation: Impl
  readonly steps: number
  readonly cpuMs: number
  readonly cpuRuns: ReadonlyArray<number>
}

/** Growth exponent between two rows: log(time ratio) / log(size ratio). */
export const exponent = (a: LoopRow, b: LoopRow): number => Math.log(b.cpuMs / a.cpuMs) / Math.log(b.steps / a.steps)

const cpuOf = async (run: () => Promise<number>, steps: number): Promise<number> => {
  globalThis.gc?.({ type: "minor" })
  const cpu = process.cpuUsage()
  const finished = await run()
  const used = process.cpuUsage(cpu)
  if (finished !== steps) throw new Error(`LOOP: ${finished} steps finished, ${steps} expected`)
  return (used.user + used.system) / 1000
}

/** Timed runs per size: `runs` up to 1,000 steps, 5 at 1,000, 3 at 10,000. */
const runsFor = (steps: number, runs: number): number => steps >= 10_000 ? Math.min(runs, 3) : steps >= 1_000 ? Math.min(runs, 5) : runs

/**
 * Every size for both functions, aimux and upstream interleaved run by run, after a warm-up of
 * 20 runs of 100 steps each (so the smallest size does not time the JIT) and one run at each
 * size. Upstream runs only up to `upstreamMax` steps (default 1,000): its growth is quadratic,
 * and at 10,000 steps one generateText run took longer than 6 minutes on the bench machine.
 */
export const runLoop = async (
  sizes: ReadonlyArray<number>,
  runs: number,
  log: (s: string) => void,
  options: { readonly implementations?: ReadonlyArray<Impl>; readonly recording?: boolean; readonly upstreamMax?: number } = {}
): Promise<Array<LoopRow>> => {
  const recording = options.recording ?? false
  const upstreamMax = options.upstreamMax ?? 1_000
  const rows: Array<LoopRow> = []
  for (const fn of ["generateText", "streamText"] as const) {
    const all = options.implementations ?? ["aimux", "upstream"]
    for (const impl of all) for (let i = 0; i < 20; i++) await runners[fn][impl](100, recording)
    for (const steps of sizes) {
      const implementations = all.filter((impl) => impl === "aimux" || steps <= upstreamMax)
      log(`LOOP ${fn} ${steps} steps ...`)
      for (const impl of implementations) await runners[fn][impl](steps, recording)
      const samples: Record<Impl, Array<number>> = { aimux: [], upstream: [] }
      for (let i = 0; i < runsFor(steps, runs); i++) {
        for (const impl of implementations) samples[impl].push(await cpuOf(() => runners[fn][impl](steps, recording), steps))
      }
      for (const impl of implementations) {
        rows.push({ fn, implementation: impl, steps, cpuMs: median(samples[impl]), cpuRuns: samples[impl] })
      }
      log(` ${implementations.map((impl) => `${impl} ${median(samples[impl]).toFixed(1)}`).join(", ")} cpu ms\n`)
    }
  }
  return rows
}

/** The table: time, time per step, and the exponent to the previous size; then first to last. */
export const report = (rows: ReadonlyArray<LoopRow>): Array<string> => {
  const lines = [
    "| function | impl | steps | cpu ms | µs per step | exponent from previous size |",
    "| --- | --- | --- | --- | --- | --- |"
  ]
  rows.forEach((r, i) => {
    const previous = rows.slice(0, i).reverse().find((p) => p.fn === r.fn && p.implementation === r.implementation)
    lines.push(`| ${r.fn} | ${r.implementation} | ${r.steps} | ${r.cpuMs.toFixed(1)} | ${(1000 * r.cpuMs / r.steps).toFixed(1)} | ${previous === undefined ? "—" : exponent(previous, r).toFixed(2)} |`)
  })
  for (const [fn, impl, first, last] of endpoints(rows)) {
    lines.push(`${fn} ${impl}: exponent ${exponent(first, last).toFixed(2)} from ${first.steps} to ${last.steps} steps`)
    const theirs = endpoints(rows).find(([f, i]) => f === fn && i === "upstream")
    if (impl === "aimux" && theirs !== undefined && theirs[3].steps !== last.steps) {
      const at = rows.find((r) => r.fn === fn && r.implementation === "aimux" && r.steps === theirs[3].steps)
      if (at !== undefined) lines.push(`${fn} aimux: exponent ${exponent(first, at).toFixed(2)} from ${first.steps} to ${at.steps} steps (upstream's range)`)
    }
  }
  return lines
}

/** The first and last row of each function and implementation. */
export const endpoints = (rows: ReadonlyArray<LoopRow>): Array<readonly [Fn, Impl, LoopRow, LoopRow]> => {
  const out: Array<readonly [Fn, Impl, LoopRow, LoopRow]> = []
  for (const fn of ["generateText", "streamText"] as const) {
    for (const impl of ["aimux", "upstream"] as const) {
      const of = rows.filter((r) => r.fn === fn && r.implementation === impl)
      if (of.length >= 2) out.push([fn, impl, of[0], of[of.length - 1]])
    }
  }
  return out
}

if (import.meta.main) {
  const sizes = (process.argv[2] ?? "10,100,1000,10000").split(",").map(Number)
  const runs = Number(process.argv[3] ?? 7)
  const impls = (process.argv[4] ?? "aimux,upstream").split(",").filter((s): s is Impl => s === "aimux" || s === "upstream")
  const rows = await runLoop(sizes, runs, (s) => process.stderr.write(s), {
    implementations: impls,
    recording: process.argv.includes("--loop-record"),
    upstreamMax: Number(process.argv[5] ?? 1_000)
  })
  console.log(report(rows).join("\n"))
}
