/**
 * The fast decode paths of `ParseJson.makeSafeValidate` (the hot path measured by `npm run bench`)
 * accept and reject exactly what the interpreted Schema decoder does, with the same output (same
 * keys, same order) and the same issue: the decoder generated from the AST
 * (`internal/fastDecode.ts`, used for the OpenAI schemas) and Effect's `SchemaJITCompiler` (used
 * for schemas outside that subset, such as Anthropic's stream events).
 *
 * The reference runs in a worker thread: a separate isolate where no Schema was compiled, so its
 * decoders are the interpreter's. Inputs: every payload of the OpenAI chat and Anthropic fixtures,
 * generated chunks (fast-check, fixed seed), and random mutations of both (deleted keys, replaced
 * values of any JSON type, unknown keys, array edits), so that both accepted and rejected values
 * are well represented.
 */
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import * as fs from "node:fs"
import * as path from "node:path"
import { Worker } from "node:worker_threads"
import * as fc from "fast-check"
import type { Schema } from "effect"
import { secureJsonParse as upstreamSecureJsonParse } from "@ai-sdk/provider-utils"
import { Result } from "effect"
import { makeSafeValidate, secureJsonParse } from "../src/runtime/ParseJson.ts"
import { StreamEvent } from "../src/providers/kits/anthropic/AnthropicApi.ts"
import { OpenAIChatChunk, OpenAIChatResponse, OpenAIErrorData } from "../src/providers/kits/openai/OpenAIChatApi.ts"
import { TypeValidationError } from "../src/contract/errors/TypeValidationError.ts"

type Reference = { readonly ok: true; readonly json: string } | { readonly ok: false; readonly message: string }

let worker: Worker
beforeAll(() => {
  worker = new Worker(new URL("./bench-fast-path.worker.ts", import.meta.url))
})
afterAll(() => worker.terminate())

const reference = (schema: string, texts: ReadonlyArray<string>): Promise<Array<Reference>> =>
  new Promise((resolve, reject) => {
    worker.once("message", resolve)
    worker.once("error", reject)
    worker.postMessage({ schema, texts })
  })

const fixtures = path.resolve(import.meta.dirname, "../fixtures")

const sseDataLines = (dir: string): Array<string> =>
  fs.readdirSync(dir).filter((f) => f.endsWith(".sse")).flatMap((f) =>
    fs.readFileSync(path.join(dir, f), "utf8").split(/\r?\n/).filter((l) => l.startsWith("data: {")).map((l) =>
      l.slice(6)
    )
  ).filter(isJson)

const chunkLines = (dir: string): Array<string> =>
  fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".chunks.txt")).flatMap((f) =>
    fs.readFileSync(path.join(dir, f), "utf8").split("\n").filter((l) => l.trim().startsWith("{"))
  ).filter(isJson)

function isJson(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

// ---- generated values ----

const optional = <T>(arb: fc.Arbitrary<T>) => fc.oneof(arb, fc.constant(null))
const text = fc.string({ maxLength: 12 })
const logprob = fc.record({
  token: text,
  logprob: fc.double({ noNaN: true, noDefaultInfinity: true }),
  top_logprobs: fc.array(fc.record({ token: text, logprob: fc.double({ noNaN: true, noDefaultInfinity: true }) }), {
    maxLength: 2
  })
})
const toolCallDelta = fc.record({
  index: fc.nat(8),
  id: optional(text),
  type: optional(fc.constant("function")),
  function: fc.record({ name: optional(text), arguments: optional(text) }, { requiredKeys: [] })
}, { requiredKeys: ["index", "function"] })
const usage = fc.record({
  prompt_tokens: optional(fc.nat()),
  completion_tokens: optional(fc.nat()),
  total_tokens: optional(fc.nat()),
  prompt_tokens_details: optional(fc.record({ cached_tokens: optional(fc.nat()) }, { requiredKeys: [] })),
  completion_tokens_details: optional(
    fc.record({ reasoning_tokens: optional(fc.nat()), accepted_prediction_tokens: optional(fc.nat()) }, {
      requiredKeys: []
    })
  )
}, { requiredKeys: [] })
const chatChunk = fc.record({
  id: optional(text),
  object: fc.constant("chat.completion.chunk"),
  created: optional(fc.nat()),
  model: optional(text),
  choices: fc.array(
    fc.record({
      index: fc.nat(3),
      delta: optional(fc.record({
        role: optional(fc.constant("assistant")),
        content: optional(text),
        refusal: optional(text),
        tool_calls: optional(fc.array(toolCallDelta, { maxLength: 3 })),
        annotations: optional(fc.array(
          fc.record({
            type: fc.constant("url_citation"),
            url_citation: fc.record({ start_index: fc.nat(), end_index: fc.nat(), url: text, title: text })
          }),
          { maxLength: 2 }
        ))
      }, { requiredKeys: [] })),
      logprobs: optional(fc.record({ content: optional(fc.array(logprob, { maxLength: 2 })) }, { requiredKeys: [] })),
      finish_reason: optional(text)
    }, { requiredKeys: ["index"] }),
    { maxLength: 2 }
  ),
  usage: optional(usage)
}, { requiredKeys: ["choices"] })
const errorFrame = fc.record({
  error: fc.record({
    message: text,
    type: optional(text),
    param: fc.jsonValue({ maxDepth: 1 }),
    code: optional(fc.oneof(text, fc.integer()))
  }, { requiredKeys: ["message"] })
})

// ---- mutations ----

const replacements = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(null, 0, -1.5, "", "function", "assistant", "url_citation", true, [], {}, 1e308)
)
const mutation = fc.record({ node: fc.nat(), key: fc.nat(), kind: fc.nat(3), value: replacements })

const containers = (value: unknown, out: Array<Array<unknown> | Record<string, unknown>>) => {
  if (Array.isArray(value)) {
    out.push(value)
    for (const item of value) containers(item, out)
  } else if (value !== null && typeof value === "object") {
    const record: Record<string, unknown> = Object(value)
    out.push(record)
    for (const key of Object.keys(record)) containers(record[key], out)
  }
  return out
}

type Mutation = typeof mutation extends fc.Arbitrary<infer M> ? M : never

const mutate = (text: string, mutations: ReadonlyArray<Mutation>) => {
  const root: unknown = JSON.parse(text)
  for (const sampled of mutations) {
    // a fresh copy: a sampled value may be drawn again (a shared one could form a cycle)
    const m = { ...sampled, value: JSON.parse(JSON.stringify(sampled.value)) }
    const nodes = containers(root, [])
    if (nodes.length === 0) break
    const node = nodes[m.node % nodes.length]
    if (Array.isArray(node)) {
      if (m.kind === 0 && node.length > 0) node.splice(m.key % node.length, 1)
      else if (m.kind === 1 && node.length > 0) node[m.key % node.length] = m.value
      else node.push(m.value)
    } else {
      const keys = Object.keys(node)
      if (m.kind === 0 && keys.length > 0) delete node[keys[m.key % keys.length]]
      else if (m.kind === 1 && keys.length > 0) node[keys[m.key % keys.length]] = m.value
      else node[`extra_${m.key % 4}`] = m.value
    }
  }
  return JSON.stringify(root)
}

const withMutations = (texts: ReadonlyArray<string>, seed: number, perText: number): Array<string> => {
  const out = [...texts]
  const samples = fc.sample(fc.array(mutation, { minLength: 1, maxLength: 3 }), {
    seed,
    numRuns: texts.length * perText
  })
  samples.forEach((ms, i) => out.push(mutate(texts[i % texts.length], ms)))
  return out
}

const check = async (name: string, schema: Schema.ConstraintDecoder<unknown>, texts: ReadonlyArray<string>) => {
  const expected = await reference(name, texts)
  const validate = makeSafeValidate(schema)
  let accepted = 0
  let rejected = 0
  texts.forEach((text, i) => {
    const actual = validate(JSON.parse(text))
    const want = expected[i]
    if (want.ok) {
      accepted++
      expect({ text, ok: actual.success }).toEqual({ text, ok: true })
      if (actual.success) expect({ text, json: JSON.stringify(actual.value) }).toEqual({ text, json: want.json })
    } else {
      rejected++
      expect({ text, ok: actual.success }).toEqual({ text, ok: false })
      if (!actual.success) {
        expect(actual.error).toBeInstanceOf(TypeValidationError)
        expect({ text, issue: String(actual.error.cause) }).toEqual({ text, issue: want.message })
      }
    }
  })
  // both outcomes must be exercised for the comparison to mean anything
  expect(accepted).toBeGreaterThan(texts.length / 10)
  expect(rejected).toBeGreaterThan(texts.length / 10)
}

describe("compiled Schema decoding (bench hot path) matches the interpreter", () => {
  it("OpenAI chat chunks: fixtures, generated chunks and error frames, and their mutations", async () => {
    const generated = [
      ...fc.sample(chatChunk, { seed: 11, numRuns: 400 }),
      ...fc.sample(errorFrame, { seed: 12, numRuns: 100 })
    ].map((v) => JSON.stringify(v))
    const base = [...sseDataLines(path.join(fixtures, "openai-chat")), ...generated]
    await check("openai-chunk", OpenAIChatChunk, withMutations(base, 13, 3))
  })

  it("OpenAI error bodies and chat responses (mutated)", async () => {
    const errors = fc.sample(errorFrame, { seed: 21, numRuns: 200 }).map((v) => JSON.stringify(v))
    await check("openai-error", OpenAIErrorData, withMutations(errors, 22, 2))
    const response = JSON.stringify({
      id: "chatcmpl-1",
      created: 1,
      model: "gpt-4o-mini",
      choices: [{
        index: 0,
        message: {
          role: "assistant",
          content: "hi",
          tool_calls: [{ id: "c1", type: "function", function: { name: "f", arguments: "{}" } }]
        },
        logprobs: null,
        finish_reason: "stop"
      }],
      usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 }
    })
    await check("openai-response", OpenAIChatResponse, withMutations([response], 23, 300))
  })

  it("Anthropic stream events: every recorded and crafted event, and their mutations", async () => {
    const base = chunkLines(path.join(fixtures, "anthropic"))
    expect(base.length).toBeGreaterThan(100)
    await check("anthropic-event", StreamEvent, withMutations(base, 31, 2))
  })
})

// ---- secure JSON: the single prototype-key regex (bench hot path) vs upstream's two ----

const keyText = fc.constantFrom(
  "__proto__",
  "\\u005f_proto__",
  "\\u005F\\u005Fproto\\u005f\\u005f",
  "__pr\\u006fto__",
  "constructor",
  "c\\u006fnstructor",
  "\\u0063onstructor",
  "prototype",
  "_proto_",
  "constructo",
  "a"
)
const space = fc.constantFrom("", " ", "\n", "\t ")
const { json } = fc.letrec<{ json: string }>((tie) => ({
  json: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom("1", "null", "true", "\"__proto__\"", "\"constructor\""),
    fc.array(tie("json"), { maxLength: 3 }).map((items) => `[${items.join(",")}]`),
    fc.array(fc.tuple(keyText, space, tie("json")), { maxLength: 3 }).map((entries) =>
      `{${entries.map(([k, ws, v]) => `"${k}"${ws}:${v}`).join(",")}}`
    )
  )
}))

describe("secure JSON parsing (bench hot path) matches upstream secureJsonParse", () => {
  it("on generated texts with prototype keys, escaped or not", () => {
    let rejected = 0
    const texts = fc.sample(json, { seed: 41, numRuns: 3000 })
    for (const text of texts) {
      let upstream: unknown
      try {
        upstream = { ok: JSON.stringify(upstreamSecureJsonParse(text)) }
      } catch (e) {
        rejected++
        upstream = { error: String(e) }
      }
      const ours = secureJsonParse(text)
      expect({ text, result: Result.isSuccess(ours) ? { ok: JSON.stringify(ours.success) } : { error: String(ours.failure) } })
        .toEqual({ text, result: upstream })
    }
    expect(rejected).toBeGreaterThan(texts.length / 20)
    expect(rejected).toBeLessThan(texts.length - texts.length / 20)
  })
})
