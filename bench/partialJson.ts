/**
 * Workload P (partial JSON linearity): a structured output of about 1 MB (then 4 and 16 MB)
 * streamed in deltas of ~100 characters (10k, then 40k and 160k deltas) through aimux's partial-output parser
 * (`Output.json().makePartialParser()`, what `partialOutputStream` runs per text delta), against
 * upstream's algorithm (`parsePartialJson` of the whole accumulated text on every delta, as
 * upstream's `streamText` output transform does). Upstream is quadratic, so it is measured on
 * 100 KB and 200 KB only.
 */
import { parsePartialJson } from "ai"
import { Schema } from "effect"
import * as Output from "../src/core/Output.ts"

const cpuMs = (f: () => void): number => {
  const start = process.cpuUsage()
  f()
  const used = process.cpuUsage(start)
  return (used.user + used.system) / 1000
}

const cpuMsAsync = async (f: () => Promise<void>): Promise<number> => {
  const start = process.cpuUsage()
  await f()
  const used = process.cpuUsage(start)
  return (used.user + used.system) / 1000
}

/** A JSON object of about `bytes` characters: one long text field (the open path stays short). */
export const textObjectText = (bytes: number): string =>
  JSON.stringify({ title: "essay", body: "lorem ipsum dolor sit amet, \"quoted\" \u00e9 ".repeat(Math.ceil(bytes / 40)).slice(0, bytes) })

/** A JSON object of about `bytes` characters: an array of records with text fields. */
export const objectText = (bytes: number): string => {
  const items: Array<unknown> = []
  let size = 0
  for (let i = 0; size < bytes; i++) {
    const item = { id: i, name: `item ${i}`, done: i % 3 === 0, score: i / 7, text: "lorem ipsum dolor sit amet ".repeat(6) }
    size += JSON.stringify(item).length + 1
    items.push(item)
  }
  return JSON.stringify({ title: "report", items })
}

/** A JSON object of about `bytes` characters: one map-like object of keyed records (an open object with many keys). */
export const mapText = (bytes: number): string => {
  const map: Record<string, unknown> = {}
  let size = 0
  for (let i = 0; size < bytes; i++) {
    const item = { id: i, text: "lorem ipsum dolor sit amet ".repeat(6) }
    size += JSON.stringify(item).length + 12
    map[`key-${i}`] = item
  }
  return JSON.stringify({ title: "index", map })
}

/** The `Output.array` envelope of about `bytes` characters: `{"elements": [records]}`. */
export const elementsText = (bytes: number): string => {
  const { items } = JSON.parse(objectText(bytes))
  return JSON.stringify({ elements: items })
}

const Item = Schema.Struct({ id: Schema.Number, name: Schema.String, done: Schema.Boolean, score: Schema.Number, text: Schema.String })

/** The text cut into `count` deltas of equal size. */
export const deltasOf = (text: string, count: number): Array<string> => {
  const size = Math.ceil(text.length / count)
  const out: Array<string> = []
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size))
  return out
}

const aimuxRun = (deltas: ReadonlyArray<string>, shape: PartialJsonRow["shape"]): number => {
  // the array-of-records envelope goes through Output.array's element scanner, as partialOutputStream does
  const parser = shape === "elements" ? Output.array({ element: Item }).makePartialParser() : Output.json().makePartialParser()
  let published = 0
  const ms = cpuMs(() => {
    for (const delta of deltas) if (parser.push(delta) !== undefined) published++
  })
  if (published === 0) throw new Error("no partial output published")
  return ms
}

const upstreamRun = async (deltas: ReadonlyArray<string>): Promise<number> =>
  cpuMsAsync(async () => {
    let text = ""
    let last: string | undefined = undefined
    for (const delta of deltas) {
      text += delta
      const result = await parsePartialJson(text)
      if (result.value !== undefined) last = JSON.stringify(result.value)
    }
    if (last === undefined) throw new Error("no partial output")
  })

/** The least disturbed of the runs: on a shared machine the minimum estimates the work, a median the load. */
const best = (runs: ReadonlyArray<number>) => Math.min(...runs)

/** One row of the P workload. */
export interface PartialJsonRow {
  readonly implementation: "aimux" | "upstream"
  readonly shape: "text field" | "records" | "elements" | "map"
  readonly bytes: number
  readonly deltas: number
  readonly cpuMs: number
}

/** A time ratio between two sizes of one shape. */
export interface PartialJsonRatio {
  readonly implementation: string
  readonly shape: string
  readonly ratio: number
  readonly sizes: string
}

/** aimux's sizes: 1, 4 and 16 MB in ~100-character deltas (linear time: ratios near 4). */
const AIMUX_SIZES = [[1_000_000, 10_000], [4_000_000, 40_000], [16_000_000, 160_000]] as const

/**
 * Runs workload P on four shapes (one long text field; an object holding an array of ~200-byte
 * records; the same records as `Output.array`'s `{"elements": [...]}` envelope): aimux at
 * 1 MB / 10k, 4 MB / 40k and 16 MB / 160k deltas, upstream at 100 KB / 1k and 200 KB / 2k deltas.
 */
export const runPartialJson = async (log: (s: string) => void): Promise<{
  readonly rows: ReadonlyArray<PartialJsonRow>
  readonly ratios: ReadonlyArray<PartialJsonRatio>
}> => {
  const rows: Array<PartialJsonRow> = []
  const ratios: Array<PartialJsonRatio> = []
  const shapes = [["text field", textObjectText], ["records", objectText], ["elements", elementsText], ["map", mapText]] as const
  for (const [shape, make] of shapes) {
    const aimux: Array<number> = []
    for (const [bytes, count] of AIMUX_SIZES) {
      const deltas = deltasOf(make(bytes), count)
      aimuxRun(deltas, shape)
      const ms = best(Array.from({ length: 5 }, () => aimuxRun(deltas, shape)))
      rows.push({ implementation: "aimux", shape, bytes, deltas: deltas.length, cpuMs: ms })
      log(`P ${shape} aimux ${bytes} B / ${deltas.length} deltas: ${ms.toFixed(1)} cpu ms\n`)
      aimux.push(ms)
    }
    ratios.push({ implementation: "aimux", shape, ratio: aimux[1]! / aimux[0]!, sizes: "4 MB / 1 MB" })
    ratios.push({ implementation: "aimux", shape, ratio: aimux[2]! / aimux[1]!, sizes: "16 MB / 4 MB" })
    const upstream: Array<number> = []
    for (const [bytes, count] of [[100_000, 1_000], [200_000, 2_000]] as const) {
      const deltas = deltasOf(make(bytes), count)
      const ms = await upstreamRun(deltas)
      rows.push({ implementation: "upstream", shape, bytes, deltas: deltas.length, cpuMs: ms })
      log(`P ${shape} upstream ${bytes} B / ${deltas.length} deltas: ${ms.toFixed(1)} cpu ms\n`)
      upstream.push(ms)
    }
    ratios.push({ implementation: "upstream", shape, ratio: upstream[1]! / upstream[0]!, sizes: "200 KB / 100 KB" })
  }
  return { rows, ratios }
}
