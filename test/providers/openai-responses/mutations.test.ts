/**
 * Differential on mutated events: every fixture and recording with one event
 * changed (a key removed, a value replaced by null, a number or a string, a
 * nested object emptied), through upstream and aimux at the whole body. The
 * Schemas must accept and reject exactly what upstream's zod schemas do, and
 * no input becomes a defect. Deterministic (seeded).
 */
import type { LanguageModelV4CallOptions } from "@ai-sdk/provider"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import {
  chunksToSse,
  expectSameGenerate,
  expectSameStream,
  fixtureDir,
  listFiles,
  readText,
  recordingsDir,
  runOursStream
} from "./harness.ts"
import { guardCorpus } from "../_kit/Corpus.ts"

const prng = (seed: number) => {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Json = null | boolean | number | string | Array<Json> | { [key: string]: Json }

// Every path to a value inside an event (keys and array indices).
const paths = (value: Json, prefix: Array<string | number> = []): Array<Array<string | number>> => {
  if (value === null || typeof value !== "object") return []
  const out: Array<Array<string | number>> = []
  const entries: Array<[string | number, Json]> = Array.isArray(value)
    ? value.map((v, i): [number, Json] => [i, v])
    : Object.entries(value)
  for (const [key, child] of entries) {
    out.push([...prefix, key])
    out.push(...paths(child, [...prefix, key]))
  }
  return out
}

const mutate = (event: Json, path: Array<string | number>, kind: number): Json => {
  const copy: Json = JSON.parse(JSON.stringify(event))
  let parent: Json = copy
  for (const key of path.slice(0, -1)) {
    if (parent === null || typeof parent !== "object") return copy
    parent = Array.isArray(parent) ? parent[Number(key)] : parent[String(key)]
  }
  const last = path[path.length - 1]
  if (parent === null || typeof parent !== "object") return copy
  const replacement: Json | undefined = [undefined, null, 42, "x", {}, []][kind]
  if (Array.isArray(parent)) {
    if (replacement === undefined) parent.splice(Number(last), 1)
    else parent[Number(last)] = replacement
  } else if (replacement === undefined) {
    delete parent[String(last)]
  } else {
    parent[String(last)] = replacement
  }
  return copy
}

const files = [
  ...listFiles(fixtureDir, ".chunks.txt").map((f) => join(fixtureDir, f)),
  ...listFiles(recordingsDir, ".chunks.txt").map((f) => join(recordingsDir, f))
]

guardCorpus({
  label: "OpenAI Responses mutations: recorded streams",
  count: listFiles(recordingsDir, ".chunks.txt").length,
  minimum: 16,
  provider: "openai-responses"
})

const tools: LanguageModelV4CallOptions["tools"] = [
  { type: "function", name: "weather", inputSchema: { type: "object" } },
  { type: "provider", id: "openai.web_search", name: "web_search", args: {} },
  { type: "provider", id: "openai.shell", name: "shell", args: {} },
  { type: "provider", id: "openai.custom", name: "write_sql", args: {} }
]

const cases: Array<{ readonly name: string; readonly body: string }> = []
const rand = prng(18)
for (const file of files) {
  const lines = readText(file).split("\n").filter((l) => l.trim() !== "")
  for (let n = 0; n < 6; n++) {
    const index = Math.floor(rand() * lines.length)
    let event: Json
    try {
      event = JSON.parse(lines[index])
    } catch {
      continue
    }
    const all = paths(event)
    if (all.length === 0) continue
    const path = all[Math.floor(rand() * all.length)]
    const kind = Math.floor(rand() * 6)
    const mutated = [...lines]
    mutated[index] = JSON.stringify(mutate(event, path, kind))
    cases.push({ name: `${file.split("/").pop()} #${index} ${path.join(".")} → ${["removed", "null", "42", "\"x\"", "{}", "[]"][kind]}`, body: chunksToSse(mutated.join("\n")) })
  }
}

describe("OpenAI Responses stream: mutated events (differential)", () => {
  it("has the cases, and they reach the validation paths", async () => {
    expect(cases.length).toBeGreaterThanOrEqual(250)
    let rejected = 0
    for (const testCase of cases) {
      const ours = await runOursStream(testCase.body, { options: { prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }], tools } })
      if (JSON.stringify(ours).includes("AI_TypeValidationError")) rejected++
    }
    // a mutation either keeps the event valid (an optional key, an ignored one) or is rejected by its Schema
    expect(rejected).toBeGreaterThanOrEqual(50)
    expect(rejected).toBeLessThan(cases.length)
  }, 120_000)
  for (const testCase of cases) {
    it(testCase.name, async () => {
      await expectSameStream(testCase.body, {
        options: { prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }], tools }
      })
    })
  }
})

const bodies = [
  ...listFiles(join(fixtureDir, "generate"), ".json").map((f) => join(fixtureDir, "generate", f)),
  ...listFiles(recordingsDir, ".json").map((f) => join(recordingsDir, f))
]
const generateCases: Array<{ readonly name: string; readonly body: string }> = []
for (const file of bodies) {
  const body: Json = JSON.parse(readText(file))
  const all = paths(body)
  for (let n = 0; n < 8 && all.length > 0; n++) {
    const path = all[Math.floor(rand() * all.length)]
    const kind = Math.floor(rand() * 6)
    generateCases.push({
      name: `${file.split("/").pop()} ${path.join(".")} → ${["removed", "null", "42", "\"x\"", "{}", "[]"][kind]}`,
      body: JSON.stringify(mutate(body, path, kind))
    })
  }
}

describe("OpenAI Responses generate: mutated bodies (differential)", () => {
  it("has the cases", () => {
    expect(generateCases.length).toBeGreaterThanOrEqual(120)
  })
  for (const testCase of generateCases) {
    it(testCase.name, async () => {
      await expectSameGenerate(testCase.body, {
        options: { prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }], tools }
      })
    })
  }
})
