/**
 * Where a provider stream's CPU time goes, stage by stage, on a workload's own bytes (for
 * docs/benchmarks.md's profile summary): UTF-8 + SSE, `JSON.parse`, the prototype-key scan, the
 * chunk Schema decode, the provider transform, and the whole `stream` against the floor. Each
 * stage runs alone over pre-computed input, median of N runs (CPU time).
 *
 *   node bench/stages.ts W1 [runs]
 */
import * as Sse from "../src/provider-utils/Sse.ts"
import { makeBatchSafeParseJson, makeShapes, type ParseResult } from "../src/runtime/ParseJson.ts"
import { OpenAIChatChunk } from "../src/providers/kits/openai/OpenAIChatApi.ts"
import { makeTransformer } from "../src/providers/kits/openai/internal/StreamTransducer.ts"
import { makeCounter } from "../src/runtime/IdGenerator.ts"
import type { StreamPart } from "../src/contract/StreamPart.ts"
import * as Data from "./data.ts"
import { median, timingProbe } from "./measure.ts"
import * as W from "./workloads.ts"

const [workload = "W1", runsText = "30"] = process.argv.slice(2)
const runs = Number(runsText)
const body = workload === "W2" ? Data.openaiToolsBody(8, 2_000) : Data.openaiTextBody(20_000)
const chunks = Data.split(body, 16 * 1024)


// texts per chunk
const textsOf = (): Array<Array<string>> => {
  const decoder = Sse.makeDecoder()
  return chunks.map((chunk) => {
    const texts: Array<string> = []
    decoder.push(chunk, (e) => {
      if (e.data !== "[DONE]") texts.push(e.data)
    })
    return texts
  })
}
const texts = textsOf()
const all = texts.flat()
const values = all.map((t) => JSON.parse(t))
const { batch, parse } = makeBatchSafeParseJson(OpenAIChatChunk)
const results: Array<Array<ParseResult<OpenAIChatChunk>>> = texts.map((ts) => ts.map((t) => parse(t)))
const rx = /"(?:(?:_|\\u005[Ff])(?:_|\\u005[Ff])(?:p|\\u0070)(?:r|\\u0072)(?:o|\\u006[Ff])(?:t|\\u0074)(?:o|\\u006[Ff])(?:_|\\u005[Ff])(?:_|\\u005[Ff])|(?:c|\\u0063)(?:o|\\u006[Ff])(?:n|\\u006[Ee])(?:s|\\u0073)(?:t|\\u0074)(?:r|\\u0072)(?:u|\\u0075)(?:c|\\u0063)(?:t|\\u0074)(?:o|\\u006[Ff])(?:r|\\u0072))"\s*:/

let sink = 0
const stages: Array<[string, () => void | Promise<void>]> = [
  ["utf-8 + SSE (Sse.makeDecoder)", () => { sink += textsOf().length }],
  ["JSON.parse", () => { for (const t of all) sink += JSON.parse(t) === null ? 1 : 0 }],
  ["prototype-key regex", () => { for (const t of all) sink += rx.test(t) ? 1 : 0 }],
  ["secure parse + Schema decode (batched per chunk)", () => { for (const ts of texts) batch(() => { for (const t of ts) sink += parse(t).success ? 1 : 0 }) }],
  ["secure parse + Schema decode, with the stream's shapes", () => { const shapes = makeShapes(); for (const ts of texts) batch(() => { for (const t of ts) sink += parse(t, shapes).success ? 1 : 0 }) }],
  ["provider transform", () => {
    const t = makeTransformer({ includeRawChunks: false, generateId: makeCounter("id") })
    for (const rs of results) {
      if (rs.length === 0) continue
      const out: Array<StreamPart> = []
      t.onChunk(rs as [ParseResult<OpenAIChatChunk>, ...Array<ParseResult<OpenAIChatChunk>>], out)
      sink += out.length
    }
    const out: Array<StreamPart> = []
    t.onEnd?.(out)
  }],
  ["floor (whole run)", () => W.floor(chunks)(timingProbe())],
  ["aimux stream (whole run)", () => W.aimuxOpenAI(chunks)(timingProbe())]
]
// interleaved rounds: load changes on the machine hit every stage alike
const samples = stages.map(() => [] as Array<number>)
for (let i = 0; i < runs + 3; i++) {
  for (let s = 0; s < stages.length; s++) {
    const start = process.cpuUsage()
    await stages[s][1]()
    const used = process.cpuUsage(start)
    if (i >= 3) samples[s].push((used.user + used.system) / 1000)
  }
}
const rows: Array<[string, number]> = stages.map(([name], s) => [name, median(samples[s])])
for (const [name, ms] of rows) console.log(`${ms.toFixed(2).padStart(8)} ms  ${name}`)
if (sink === -1) console.log(sink)
