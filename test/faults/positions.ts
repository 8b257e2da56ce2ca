/**
 * The hostile-input generator of the fault suite (issue 31): every JSON position a provider parses,
 * found in the provider's own wire shapes (the committed fixture bodies of `bodies.ts`'s `sources`:
 * stream events and generate bodies, error payloads included), and the body that carries a hostile
 * value (nested 10^3 / 10^4 / 10^5 deep, or huge) at that position.
 *
 * A position is a path into one JSON payload (an SSE `data:` event, a `.chunks.txt` line, a
 * generate body), named by its shape: the event's kind, then each key (array indices as `[]`),
 * tagged with the `type` of the object it is in. The first payload of each shape is the one used,
 * so a provider's positions are its distinct wire shapes, not its number of fixture lines.
 */
import { Cause, Exit, type Option } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import * as Bedrock from "../providers/amazon-bedrock/harness.ts"
import * as BedrockAnthropic from "../providers/amazon-bedrock/anthropicHarness.ts"
import * as F from "./bodies.ts"

/** The value put at a position before the body is encoded; its JSON text is then replaced. */
const hole = "@@aimux-hostile-value@@"
const holeJson = JSON.stringify(hole)

type Segment = string | number

/** One JSON position of a provider's wire shapes. */
export interface Position {
  readonly provider: string
  readonly mode: "stream" | "generate"
  readonly file: string
  readonly shape: string
  /** the payload's line in the file (stream), -1 for a whole-file generate body */
  readonly line: number
  readonly path: ReadonlyArray<Segment>
  readonly contentType: string
  /** an error payload (its shape or file says so): generate also runs it as an HTTP 400 body */
  readonly error: boolean
}

/** A hostile value as JSON text. */
export interface Hostile {
  readonly name: string
  readonly text: string
}

const deepArray = (depth: number): string => "[".repeat(depth) + "]".repeat(depth)
const deepObject = (depth: number): string => "{\"a\":".repeat(depth) + "0" + "}".repeat(depth)

/** The hostile values every position gets. */
export const hostiles: ReadonlyArray<Hostile> = [
  { name: "array 10^3 deep", text: deepArray(1_000) },
  { name: "array 10^4 deep", text: deepArray(10_000) },
  { name: "array 10^5 deep", text: deepArray(100_000) },
  { name: "object 10^5 deep", text: deepObject(100_000) },
  { name: "string of 2^22 characters", text: JSON.stringify("x".repeat(2 ** 22)) },
  { name: "array of 10^5 objects", text: `[${Array.from({ length: 100_000 }, () => "{\"a\":[1]}").join(",")}]` }
]

const isObject = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

const kindOf = (payload: unknown): string => {
  if (!isObject(payload)) return "value"
  for (const key of ["type", "object", "event", "event_type"]) {
    const v = payload[key]
    if (typeof v === "string") return v
  }
  // Bedrock event lines: `{ "<eventType>": payload }`
  const keys = Object.keys(payload)
  return keys.length === 1 ? keys[0]! : "object"
}

/** Every non-root path of `payload` with its shape name (iterative). */
export const pathsOf = (payload: unknown, kind: string): Array<{ readonly path: ReadonlyArray<Segment>; readonly shape: string }> => {
  const out: Array<{ readonly path: ReadonlyArray<Segment>; readonly shape: string }> = []
  const stack: Array<{ readonly value: unknown; readonly path: ReadonlyArray<Segment>; readonly shape: string }> = [
    { value: payload, path: [], shape: kind }
  ]
  while (stack.length > 0) {
    const { path: at, shape, value } = stack.pop()!
    if (at.length > 0) out.push({ path: at, shape })
    if (Array.isArray(value)) {
      value.forEach((item, i) => stack.push({ value: item, path: [...at, i], shape: `${shape}[]` }))
    } else if (isObject(value)) {
      const tag = typeof value.type === "string" ? `<${value.type}>` : ""
      for (const [key, item] of Object.entries(value)) stack.push({ value: item, path: [...at, key], shape: `${shape}${tag}.${key}` })
    }
  }
  return out
}

const setAt = (payload: unknown, at: ReadonlyArray<Segment>, value: unknown): unknown => {
  const copy: unknown = JSON.parse(JSON.stringify(payload))
  let node: unknown = copy
  for (const segment of at.slice(0, -1)) node = Reflect.get(Object(node), segment)
  Reflect.set(Object(node), at[at.length - 1]!, value)
  return copy
}

const errorish = (text: string): boolean => /error|exception|fail|refus/i.test(text)

/** A stream fixture's payload lines: `{json}` or `data: {json}` (other lines kept as they are). */
const payloadLines = (text: string): Array<{ readonly line: number; readonly prefix: string; readonly value: unknown }> =>
  text.split("\n").flatMap((raw, line) => {
    const prefix = raw.startsWith("data: ") ? "data: " : raw.startsWith("data:") ? "data:" : ""
    const rest = raw.slice(prefix.length)
    if (!rest.startsWith("{")) return []
    try {
      return [{ line, prefix, value: JSON.parse(rest) }]
    } catch {
      return []
    }
  })

const contentTypeOf = (source: F.Source): string => source.contentType ?? "text/event-stream"

/** The sources of a provider: declared in `bodies.ts`, else its own `fixtures/<provider>` folder. */
export const sourcesOf = (provider: string): ReadonlyArray<F.Source> =>
  F.sources[provider] ?? [
    { dir: provider, suffix: ".chunks.txt", convert: (t) => t.split("\n").filter((l) => l.trim() !== "").map((l) => `data: ${l}\n\n`).join("") },
    { dir: provider, suffix: ".sse", convert: (t) => t }
  ]

/** Every position of `provider`'s stream events and generate bodies, one per shape. */
export const positionsOf = (provider: string): Array<Position> => {
  const seen = new Set<string>()
  const out: Array<Position> = []
  const add = (p: Omit<Position, "provider">) => {
    const key = `${p.mode} ${p.shape}`
    if (seen.has(key)) return
    seen.add(key)
    out.push({ provider, ...p })
  }
  const dirs = new Set<string>()
  for (const source of sourcesOf(provider)) {
    dirs.add(source.dir)
    for (const file of F.walk(path.join(F.root, source.dir), source.suffix)) {
      if (source.only !== undefined && !source.only.has(path.basename(file))) continue
      const text = fs.readFileSync(file, "utf8")
      for (const { line, value } of payloadLines(text)) {
        const kind = kindOf(value)
        for (const { path: at, shape } of pathsOf(value, kind)) {
          add({ mode: "stream", file, shape, line, path: at, contentType: contentTypeOf(source), error: errorish(kind) })
        }
      }
    }
  }
  for (const dir of dirs) {
    for (const file of F.walk(path.join(F.root, dir), ".json")) {
      let value: unknown
      try {
        value = JSON.parse(fs.readFileSync(file, "utf8"))
      } catch {
        continue
      }
      if (!isObject(value)) continue
      for (const { path: at, shape } of pathsOf(value, `body ${Object.keys(value).sort().slice(0, 3).join(",")}`)) {
        add({ mode: "generate", file, shape, line: -1, path: at, contentType: "application/json", error: errorish(path.basename(file)) || "error" in value })
      }
    }
  }
  return out
}

const concat = (parts: ReadonlyArray<Uint8Array>): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

const encoder = new TextEncoder()

/** Event-stream bodies are framed per line: the hostile line is framed with its hostile text. */
const framedLine = (provider: string, line: string, hostile: string): Uint8Array => {
  // an Anthropic event (it has a `type`) is a `chunk` frame of its text; other lines Bedrock frames
  const parsed: unknown = JSON.parse(line)
  if (provider !== "amazon-bedrock" && isObject(parsed) && "type" in parsed) {
    return Bedrock.encodeFrame(BedrockAnthropic.chunkFrame(line.split(holeJson).join(hostile)))
  }
  const frame = Bedrock.lineToFrame(line)
  return Bedrock.encodeFrame({ ...frame, body: frame.body.split(holeJson).join(hostile) })
}

/** The response body carrying `hostile` at `position`. */
export const bodyFor = (position: Position, hostile: Hostile): string | Uint8Array => {
  const text = fs.readFileSync(position.file, "utf8")
  if (position.mode === "generate") {
    return JSON.stringify(setAt(JSON.parse(text), position.path, hole)).split(holeJson).join(hostile.text)
  }
  const source = sourcesOf(position.provider).find((s) => position.file.startsWith(path.join(F.root, s.dir)) && position.file.endsWith(s.suffix))!
  const lines = text.split("\n")
  const raw = lines[position.line]!
  const prefix = raw.startsWith("data: ") ? "data: " : raw.startsWith("data:") ? "data:" : ""
  lines[position.line] = prefix + JSON.stringify(setAt(JSON.parse(raw.slice(prefix.length)), position.path, hole))
  if (source.contentType === "application/vnd.amazon.eventstream") {
    return concat(lines.filter((l) => l.trim() !== "").map((l) =>
      l.includes(holeJson) ? framedLine(position.provider, l, hostile.text) : (source.convert(l) as Uint8Array)
    ))
  }
  const converted = source.convert(lines.join("\n"))
  return typeof converted === "string" ? converted.split(holeJson).join(hostile.text) : converted
}

/** The bytes of a body. */
export const bytesOf = (body: string | Uint8Array): Uint8Array => typeof body === "string" ? encoder.encode(body) : body

/** The JSON text of `value` (JSON data) with `hostile`'s text at `at`. */
export const textWithHostile = (value: unknown, at: ReadonlyArray<Segment>, hostile: Hostile): string =>
  JSON.stringify(setAt(value, at, hole)).split(holeJson).join(hostile.text)

/** `value` (JSON data) with `hostile` at `at`, as a client's JSON text of it would decode. */
export const withHostile = (value: unknown, at: ReadonlyArray<Segment>, hostile: Hostile): unknown =>
  JSON.parse(textWithHostile(value, at, hostile))

/** How a run on a hostile input ended: a result, a typed failure, a defect, or no end in time. */
export type Outcome = "ok" | "typed" | "defect" | "hang"

/** The outcome of a run bounded by `Effect.exit` then `Effect.timeoutOption`. */
export const classify = <A, E>(outcome: Option.Option<Exit.Exit<A, E>>): Outcome =>
  outcome._tag === "None" ? "hang" : Exit.isSuccess(outcome.value) ? "ok" : Cause.hasDies(outcome.value.cause) ? "defect" : "typed"
