/**
 * Workload UI (UI message stream encoding): the same streamText full-stream parts (a multi-step
 * chat: reasoning, ~20k text deltas, a streamed tool input, the call and its result) through
 * upstream `toUIMessageStream` + `createUIMessageStreamResponse` (the body read to its end) and
 * through aimux `toUIMessageStream` + `UIMessageStreamResponse.encode` (the bytes drained), CPU
 * time per run; both without callbacks and with `onEnd` (which folds every chunk into the UI
 * message). The parts reach aimux in batches of 128, as streamText's queue hands them over.
 */
import { createUIMessageStreamResponse, toUIMessageStream as upToUIMessageStream } from "ai"
import { Effect, Stream } from "effect"
import type { TextStreamPart } from "../src/core/TextStreamPart.ts"
import * as ToUIMessageStream from "../src/ui/ToUIMessageStream.ts"
import * as UIMessageStreamResponse from "../src/ui/UIMessageStreamResponse.ts"

const usage = {
  inputTokens: 3,
  inputTokenDetails: { noCacheTokens: 3, cacheReadTokens: undefined, cacheWriteTokens: undefined },
  outputTokens: 10,
  outputTokenDetails: { textTokens: 10, reasoningTokens: undefined },
  totalTokens: 13
}

/** The parts of one chat run: `deltas` text deltas of ~24 characters over two steps. */
export const chatParts = (deltas: number): Array<TextStreamPart> => {
  const parts: Array<TextStreamPart> = [{ type: "start" }]
  const step = (n: number, withTool: boolean) => {
    parts.push({ type: "start-step", request: {}, warnings: [] } as TextStreamPart)
    parts.push({ type: "reasoning-start", id: `r${n}` }, { type: "reasoning-delta", id: `r${n}`, text: "thinking about it" }, { type: "reasoning-end", id: `r${n}` })
    parts.push({ type: "text-start", id: `t${n}` })
    for (let i = 0; i < deltas / 2; i++) parts.push({ type: "text-delta", id: `t${n}`, text: `word ${i} "quoted" \u00e9 ` })
    parts.push({ type: "text-end", id: `t${n}` })
    if (withTool) {
      parts.push({ type: "tool-input-start", id: "c1", toolName: "weather" })
      for (const d of ["{\"ci", "ty\":", "\"Rome\"}"]) parts.push({ type: "tool-input-delta", id: "c1", delta: d })
      parts.push({ type: "tool-input-end", id: "c1" })
      parts.push({ type: "tool-call", toolCallId: "c1", toolName: "weather", input: { city: "Rome" }, dynamic: true })
      parts.push({ type: "tool-result", toolCallId: "c1", toolName: "weather", input: { city: "Rome" }, output: { temperature: 21 }, dynamic: true } as TextStreamPart)
    }
    parts.push({
      type: "finish-step",
      finishReason: withTool ? "tool-calls" : "stop",
      rawFinishReason: undefined,
      usage,
      performance: { stepTimeMs: 1, toolExecutionMs: {} },
      providerMetadata: undefined,
      response: { id: "r", timestamp: new Date(0), modelId: "m" }
    } as TextStreamPart)
  }
  step(0, true)
  step(1, false)
  parts.push({ type: "finish", finishReason: "stop", rawFinishReason: "stop", totalUsage: usage } as TextStreamPart)
  return parts
}

const cpuMs = async (f: () => Promise<unknown>): Promise<number> => {
  globalThis.gc?.({ type: "minor" })
  const start = process.cpuUsage()
  await f()
  const used = process.cpuUsage(start)
  return (used.user + used.system) / 1000
}

const upstreamRun = (parts: ReadonlyArray<TextStreamPart>, withEnd: boolean) => async () => {
  const stream = new ReadableStream({
    start: (controller) => {
      for (const part of parts) controller.enqueue(part)
      controller.close()
    }
  })
  const body = createUIMessageStreamResponse({
    stream: upToUIMessageStream({ stream: stream as never, ...(withEnd ? { onEnd: () => {} } : {}) })
  }).body!
  const reader = body.getReader()
  let bytes = 0
  while (true) {
    const { done, value } = await reader.read()
    if (done) break
    bytes += value.length
  }
  return bytes
}

const batches = (parts: ReadonlyArray<TextStreamPart>, size: number): Array<ReadonlyArray<TextStreamPart>> => {
  const out: Array<ReadonlyArray<TextStreamPart>> = []
  for (let i = 0; i < parts.length; i += size) out.push(parts.slice(i, i + size))
  return out
}

const aimuxRun = (parts: ReadonlyArray<TextStreamPart>, withEnd: boolean) => {
  const source = batches(parts, 128)
  return () =>
    Effect.runPromise(
      UIMessageStreamResponse.encode(ToUIMessageStream.toUIMessageStream({
        stream: Stream.fromIterable(source).pipe(Stream.flatMap(Stream.fromArray)),
        ...(withEnd ? { onEnd: () => Effect.void } : {})
      })).pipe(Stream.runFold(() => 0, (n, bytes: Uint8Array) => n + bytes.length))
    )
}

/** One row of the UI workload. */
export interface UIStreamRow {
  readonly variant: "no callbacks" | "onEnd"
  readonly parts: number
  readonly aimuxCpuMs: number
  readonly upstreamCpuMs: number
  readonly ratio: number
}

const best = (runs: ReadonlyArray<number>) => Math.min(...runs)

/** Runs workload UI (`runs` timed runs after 3 warm-ups per implementation; the least disturbed run counts). */
export const runUIStream = async (log: (s: string) => void, runs = 5, deltas = 20_000): Promise<ReadonlyArray<UIStreamRow>> => {
  const parts = chatParts(deltas)
  const rows: Array<UIStreamRow> = []
  for (const withEnd of [false, true]) {
    const up = upstreamRun(parts, withEnd)
    const ours = aimuxRun(parts, withEnd)
    // the same bytes first (a benchmark of different outputs would measure nothing)
    const [a, b] = [await ours(), await up()]
    if (a !== b) throw new Error(`UI workload: aimux wrote ${a} bytes, upstream ${b}`)
    for (let i = 0; i < 3; i++) {
      await ours()
      await up()
    }
    const aimuxTimes: Array<number> = []
    const upstreamTimes: Array<number> = []
    for (let i = 0; i < runs; i++) {
      aimuxTimes.push(await cpuMs(ours))
      upstreamTimes.push(await cpuMs(up))
    }
    const row: UIStreamRow = {
      variant: withEnd ? "onEnd" : "no callbacks",
      parts: parts.length,
      aimuxCpuMs: best(aimuxTimes),
      upstreamCpuMs: best(upstreamTimes),
      ratio: best(aimuxTimes) / best(upstreamTimes)
    }
    log(`UI ${row.variant}: aimux ${row.aimuxCpuMs.toFixed(1)} cpu ms, upstream ${row.upstreamCpuMs.toFixed(1)} cpu ms (ratio ${row.ratio.toFixed(2)})\n`)
    rows.push(row)
  }
  return rows
}
