/**
 * Linearity at scale (`npm run bench -- --only LIN`, or `node --expose-gc bench/linearity.ts`):
 * one OpenAI chat stream carrying 1, 10 and 100 MB of tool-call arguments (128-character
 * fragments) and 1, 10 and 100 MB of text (128-character deltas), through the aimux model. The
 * body is generated a network read at a time as it is pulled (a 100 MB payload is a ~300 MB SSE
 * body, never held whole), so the live heap is the pipeline's own. CPU time and live heap peak
 * (a full gc every few MB read) per size, and the ratios 10/1 and 100/10: linear time is a ratio
 * near 10, flat memory is a text peak that does not grow with the stream.
 */
import { Effect, Schema, Stream } from "effect"
import { HttpClient, HttpClientResponse } from "effect/http"
import * as OpenAIChatLanguageModel from "../src/providers/kits/openai/OpenAIChatLanguageModel.ts"
import { makeCounter } from "../src/runtime/IdGenerator.ts"
import { CallOptions } from "../src/contract/CallOptions.ts"

const MB = 1024 * 1024
const READ = 16 * 1024
const encoder = new TextEncoder()

const envelope = (delta: unknown, finish: string | null = null) =>
  `data: {"id":"chatcmpl-lin","object":"chat.completion.chunk","created":1700000000,"model":"gpt-4o-mini","choices":[{"index":0,"delta":${JSON.stringify(delta)},"logprobs":null,"finish_reason":${JSON.stringify(finish)}}]}\n\n`

const WORDS = ["alpha", "beta", "gamma", "delta", "é", "日本", "\"q\"", "line\n", "tab\t", "{j}"]

/** 128 characters of varied text (escapes and non-ASCII included), deterministic in `i`. */
const fragment = (i: number): string => {
  let s = ""
  let k = i
  while (s.length < 128) {
    s += WORDS[k % WORDS.length] + " "
    k = (k * 1103515245 + 12345) >>> 8
  }
  return s.slice(0, 128)
}

/** The SSE events of a stream of `kind` with `bytes` of payload, as a generator of texts. */
function* events(kind: "arguments" | "text", bytes: number): Generator<string> {
  const count = Math.ceil(bytes / 128)
  if (kind === "arguments") {
    yield envelope({ tool_calls: [{ index: 0, id: "call_big", type: "function", function: { name: "big", arguments: "" } }] })
    yield envelope({ tool_calls: [{ index: 0, function: { arguments: "{\"items\":\"" } }] })
    for (let i = 0; i < count; i++) {
      yield envelope({ tool_calls: [{ index: 0, function: { arguments: JSON.stringify(fragment(i)).slice(1, -1) } }] })
    }
    yield envelope({ tool_calls: [{ index: 0, function: { arguments: "\"}" } }] })
    yield envelope({}, "tool_calls")
  } else {
    yield envelope({ role: "assistant", content: "" })
    for (let i = 0; i < count; i++) yield envelope({ content: fragment(i) })
    yield envelope({}, "stop")
  }
  yield "data: [DONE]\n\n"
}

interface Sampler {
  reads: number
  bodyBytes: number
  peak: number
  readonly every: number
}

const gc = (): void => {
  globalThis.gc?.()
  globalThis.gc?.()
}

const sample = (sampler: Sampler): void => {
  if (sampler.reads++ % sampler.every !== 0 || sampler.every === 0) return
  gc()
  const used = process.memoryUsage().heapUsed
  if (used > sampler.peak) sampler.peak = used
}

/** A body generated a read at a time. */
const bodyOf = (kind: "arguments" | "text", bytes: number, sampler: Sampler): ReadableStream<Uint8Array> => {
  const source = events(kind, bytes)
  let pending = ""
  let done = false
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      sample(sampler)
      while (!done && pending.length < READ) {
        const next = source.next()
        if (next.done === true) done = true
        else pending += next.value
      }
      if (pending.length === 0) {
        controller.close()
        return
      }
      const bytesOut = encoder.encode(pending)
      sampler.bodyBytes += bytesOut.length
      pending = ""
      controller.enqueue(bytesOut)
    }
  }, { highWaterMark: 0 })
}

const options = Schema.decodeUnknownSync(CallOptions)({ prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }] })

/** One run: parts consumed and dropped; what is kept is what the consumer needs to check the run. */
const runOnce = async (kind: "arguments" | "text", bytes: number, every: number) => {
  const sampler: Sampler = { reads: 0, bodyBytes: 0, peak: 0, every }
  const client = HttpClient.make((request) =>
    Effect.sync(() =>
      HttpClientResponse.fromWeb(request, new Response(bodyOf(kind, bytes, sampler), { headers: { "content-type": "text/event-stream" } }))
    )
  )
  const model = OpenAIChatLanguageModel.makeWith(client, {
    provider: "openai.chat",
    modelId: "gpt-4o-mini",
    url: "https://api.openai.com/v1/chat/completions",
    headers: {},
    generateId: makeCounter("id")
  })
  gc()
  const baseline = process.memoryUsage().heapUsed
  sampler.peak = baseline
  let textChars = 0
  let inputChars = 0
  const cpu = process.cpuUsage()
  await Effect.runPromise(
    Effect.flatMap(model.stream(options), ({ stream }) =>
      Stream.runForEachArray(stream, (parts) =>
        Effect.sync(() => {
          for (const part of parts) {
            if (part.type === "text-delta") textChars += part.delta.length
            else if (part.type === "tool-call") inputChars += part.input.length
          }
        })))
  )
  const used = process.cpuUsage(cpu)
  return {
    cpuMs: (used.user + used.system) / 1000,
    liveHeapPeakMB: (sampler.peak - baseline) / MB,
    bodyMB: sampler.bodyBytes / MB,
    payloadMB: (kind === "text" ? textChars : inputChars) / MB
  }
}

/** One row of the linearity table. */
export interface LinearityRow {
  readonly kind: "arguments" | "text"
  readonly payloadMB: number
  readonly bodyMB: number
  readonly cpuMs: number
  readonly liveHeapPeakMB: number
}

/** Runs every size of both kinds (the 1 MB size twice, the first as warm-up). */
export const runLinearity = async (sizesMB: ReadonlyArray<number>, log: (s: string) => void): Promise<Array<LinearityRow>> => {
  const rows: Array<LinearityRow> = []
  for (const kind of ["arguments", "text"] as const) {
    await runOnce(kind, 1 * MB, 0)
    for (const size of sizesMB) {
      log(`LIN ${kind} ${size} MB ...`)
      // timed without sampling; then the live heap, a full gc about every 4 MB of body (every 1 MB for 1 MB)
      const timed = await runOnce(kind, size * MB, 0)
      const r = await runOnce(kind, size * MB, size <= 1 ? 64 : 256)
      rows.push({ kind, payloadMB: r.payloadMB, bodyMB: r.bodyMB, cpuMs: timed.cpuMs, liveHeapPeakMB: r.liveHeapPeakMB })
      log(` ${timed.cpuMs.toFixed(0)} cpu ms, live heap peak ${r.liveHeapPeakMB.toFixed(1)} MB\n`)
    }
  }
  return rows
}

/** The table, with the time ratio to the previous size. */
export const report = (rows: ReadonlyArray<LinearityRow>): string => {
  const lines = [
    "| payload | MB | body MB | cpu ms | cpu ms per MB | time ratio to previous size | live heap peak MB |",
    "| --- | --- | --- | --- | --- | --- | --- |"
  ]
  rows.forEach((r, i) => {
    const previous = i > 0 && rows[i - 1].kind === r.kind ? rows[i - 1] : undefined
    lines.push(`| ${r.kind === "text" ? "text deltas" : "tool arguments"} | ${r.payloadMB.toFixed(1)} | ${r.bodyMB.toFixed(0)} | ${r.cpuMs.toFixed(0)} | ${(r.cpuMs / r.payloadMB).toFixed(1)} | ${previous === undefined ? "—" : `${(r.cpuMs / previous.cpuMs).toFixed(2)} for ${(r.payloadMB / previous.payloadMB).toFixed(0)}×`} | ${r.liveHeapPeakMB.toFixed(1)} |`)
  })
  return lines.join("\n")
}

if (import.meta.main) {
  const sizes = (process.argv[2] ?? "1,10,100").split(",").map(Number)
  const rows = await runLinearity(sizes, (s) => process.stderr.write(s))
  console.log(report(rows))
}
