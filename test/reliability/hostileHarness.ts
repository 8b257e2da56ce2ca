/**
 * Shared pieces of the hostile-input property tests (`hostile*.test.ts`): replayed bodies into a
 * provider's `stream` (and through core `streamText`), bounded in time; the "typed failures
 * only" check; byte-level re-chunking; arbitraries for random SSE framing and random
 * OpenAI-family chunks; the prototype-pollution check.
 */
import { expect } from "@effect/vitest"
import { it as vit } from "vitest"
import { Cause, Effect, Exit, Layer, Stream } from "effect"
import type * as HttpClient from "effect/http/HttpClient"
import * as fc from "fast-check"
import * as fs from "node:fs"
import * as path from "node:path"
import * as StreamText from "../../src/core/StreamText.ts"
import * as Tool from "../../src/core/Tool.ts"
import { LanguageModel, type Service } from "../../src/LanguageModel.ts"
import { IdGenerator, makeCounter } from "../../src/runtime/IdGenerator.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import * as ReplayHttpClient from "../../src/testing/ReplayHttpClient.ts"
import { normalize } from "../testing/normalize.ts"

/** Builds a provider model; needs an `HttpClient` (and an `IdGenerator`, which is provided). */
export type ModelBuilder = Effect.Effect<Service, unknown, HttpClient.HttpClient | IdGenerator>

/** Body chunks as given to the replay client: strings are UTF-8 encoded, bytes are sent as they are. */
export type Chunks = ReadonlyArray<string | Uint8Array>

/** The model over a replayed SSE body, with deterministic generated ids (a fresh counter per build). */
export const build = (model: ModelBuilder, chunks: Chunks): Effect.Effect<Service, unknown> =>
  Effect.provide(
    model,
    Layer.merge(
      ReplayHttpClient.layer({ chunks, headers: { "content-type": "text/event-stream" }, reusable: true }),
      Layer.succeed(IdGenerator, { generate: makeCounter("gen") })
    )
  )

/** A call with one function tool, so tool-call chunks are meaningful to every provider. */
export const call = {
  prompt: [{ role: "user" as const, content: [{ type: "text" as const, text: "hi" }] }],
  tools: [{ type: "function" as const, name: "weather", inputSchema: { type: "object", properties: { city: { type: "string" } } } }]
}

const bounded = <A, E>(effect: Effect.Effect<A, E>, what: string): Effect.Effect<A, E> =>
  effect.pipe(Effect.timeoutOrElse({ duration: "5 seconds", orElse: () => Effect.die(new Error(`hung: ${what}`)) }))

/** Runs `stream` to the end; the outcome is the parts and the exit, bounded in time. */
export const runStream = (model: ModelBuilder, chunks: Chunks) =>
  bounded(
    Effect.gen(function*() {
      const service = yield* build(model, chunks)
      const parts: Array<StreamPart> = []
      const exit = yield* Effect.exit(
        Effect.flatMap(service.stream(call), (r) => Stream.runForEach(r.stream, (p) => Effect.sync(() => parts.push(p))))
      )
      return { parts, exit }
    }),
    "stream"
  )

/** Runs core `streamText` (no tools) over the model to the end, bounded in time. */
export const runStreamText = (model: ModelBuilder, chunks: Chunks) =>
  bounded(
    Effect.gen(function*() {
      const service = yield* build(model, chunks)
      return Array.from(
        yield* StreamText.streamText({ prompt: "hi" }).pipe(
          Stream.runCollect,
          Effect.provide(Layer.succeed(LanguageModel, service))
        )
      )
    }),
    "streamText"
  )

/**
 * Runs core `streamText` with an executing `weather` tool (any JSON object input): the inputs the
 * tool received are returned with the parts, so a test can check what parsing handed over.
 */
export const runStreamTextWithTool = (model: ModelBuilder, chunks: Chunks) =>
  bounded(
    Effect.gen(function*() {
      const service = yield* build(model, chunks)
      const inputs: Array<unknown> = []
      const parts = yield* StreamText.streamText({
        prompt: "hi",
        tools: {
          weather: Tool.make({
            inputSchema: Tool.jsonSchema<unknown>({ type: "object" }),
            execute: (input: unknown) => Effect.sync(() => (inputs.push(input), "sunny"))
          })
        }
      }).pipe(Stream.runCollect, Effect.provide(Layer.succeed(LanguageModel, service)))
      return { parts: Array.from(parts), inputs }
    }),
    "streamText with a tool"
  )

/** Never a defect or interruption: success, or failures that are typed (tagged) errors. */
export const assertTyped = (exit: Exit.Exit<unknown, unknown>): void => {
  if (Exit.isSuccess(exit)) return
  expect(Cause.hasDies(exit.cause)).toBe(false)
  expect(Cause.hasInterrupts(exit.cause)).toBe(false)
  for (const reason of exit.cause.reasons) {
    if (reason._tag === "Fail") expect(reason.error).toHaveProperty("_tag")
  }
}

/** A fast-check property whose body is an Effect (run on the live runtime). */
export const prop = <Ts extends [unknown, ...Array<unknown>]>(
  name: string,
  arbs: { [K in keyof Ts]: fc.Arbitrary<Ts[K]> },
  body: (...args: Ts) => Effect.Effect<void, unknown>,
  numRuns: number
): void =>
  vit(name, () =>
    fc.assert(fc.asyncProperty(...arbs, (...args: Ts) => Effect.runPromise(body(...args))), { numRuns }), 120_000)

/**
 * Splits the UTF-8 bytes of `text` at the given offsets (modulo its length), possibly inside a
 * multi-byte sequence. The chunks come back as latin1 strings (one char per byte); `asBytes`
 * turns them into the byte chunks sent.
 */
export const splitAt = (text: string, cuts: ReadonlyArray<number>): Array<string> => {
  const bytes = new TextEncoder().encode(text)
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b)
  const out: Array<Uint8Array> = []
  let last = 0
  for (const p of points) {
    out.push(bytes.subarray(last, p))
    last = p
  }
  out.push(bytes.subarray(last))
  return out.filter((c) => c.length > 0).map((c) => Buffer.from(c).toString("latin1"))
}

/** latin1 strings (one char per byte) back to byte chunks. */
export const asBytes = (chunks: ReadonlyArray<string>): Array<Uint8Array> =>
  chunks.map((c) => Uint8Array.from(Buffer.from(c, "latin1")))

/** `text` as one chunk of its UTF-8 bytes. */
export const whole = (text: string): Array<Uint8Array> => [new TextEncoder().encode(text)]

/** Random byte chunks. */
export const randomBytes = fc.array(fc.uint8Array({ maxLength: 200 }), { maxLength: 8 })

/** Offsets to split a body at. */
export const cuts = (max: number, maxLength: number) => fc.array(fc.nat(max), { maxLength })

const sseLine = fc.oneof(
  fc.json().map((j) => `data: ${j}`),
  fc.json().map((j) => `data:${j}`),
  fc.constantFrom(": keepalive", "event: message_start", "event: ping", "event: error", "id: 7", "retry: 10", "data: [DONE]", "data:", "data: [DONE] ", ""),
  fc.string().map((s) => `data: ${s}`),
  fc.string({ unit: "binary" }).map((s) => `data: ${s}`),
  fc.string()
)

/** Random SSE framing: any lines (JSON, junk, fields, comments) with any line ends. */
export const sseBody = fc.array(fc.tuple(sseLine, fc.constantFrom("\n", "\r\n", "\r", "\n\n", "\r\n\r\n")), { maxLength: 30 })
  .map((lines) => lines.map(([l, end]) => l + end).join(""))

/** JSON texts as `data:` events, each ended by a blank line. */
export const asEvents = (texts: ReadonlyArray<string>): string => texts.map((t) => `data: ${t}\n\n`).join("")

const fragment = fc.oneof(
  fc.constantFrom("", " ", "{", "}", "[", "]", "\"", "\\", ":", ",", "{\"city\":", "\"Paris\"", "}}", "{}", "[1,", "null", "__proto__", "{\"__proto__\":{\"polluted\":1}}", "\u00e9", "\ud83d", "\ude00"),
  fc.string({ maxLength: 8 })
)
const nullish = <A>(arb: fc.Arbitrary<A>) => fc.oneof(arb, fc.constant(null), fc.constant(undefined))

/** Mostly `usual` (weight 5), else absent (3) or `odd` (2): chunks pass the Schema often enough to reach the tracker. */
const mostly = <A, B>(usual: fc.Arbitrary<A>, odd: fc.Arbitrary<B>) =>
  fc.oneof(
    { weight: 5, arbitrary: usual },
    { weight: 3, arbitrary: fc.constant(undefined) },
    { weight: 2, arbitrary: odd }
  )

/**
 * A streamed tool-call delta, mostly within the OpenAI-family Schema, with colliding indices, ids
 * and names (absent keys are `undefined`, dropped by `JSON.stringify`).
 */
export const toolCallDelta = fc.record({
  index: fc.oneof({ weight: 9, arbitrary: fc.nat(2) }, { weight: 1, arbitrary: fc.constantFrom(null, undefined, -1, 1.5) }),
  id: mostly(fc.constantFrom("call_1", "call_2"), fc.constantFrom(null, "", " ", "__proto__", "constructor")),
  type: mostly(fc.constant("function"), fc.constantFrom("other", null)),
  function: fc.oneof(
    {
      weight: 9,
      arbitrary: fc.record({
        name: fc.oneof(
          { weight: 6, arbitrary: fc.constantFrom("weather", "other") },
          { weight: 2, arbitrary: fc.constant(undefined) },
          { weight: 2, arbitrary: fc.constantFrom(null, "", " ", "__proto__", "toString") }
        ),
        arguments: fc.oneof(
          { weight: 8, arbitrary: fragment },
          { weight: 1, arbitrary: fc.constant(undefined) },
          { weight: 1, arbitrary: fc.constant(null) }
        )
      })
    },
    { weight: 1, arbitrary: fc.constantFrom(null, undefined) }
  )
})

/**
 * Random OpenAI-family stream chunks: a choice whose delta has the given text keys (random
 * strings), `tool_calls` (see `toolCallDelta`), a random finish reason, optional usage; plus error
 * frames, arbitrary JSON and `[DONE]`. `extra` adds provider-specific top-level fields.
 */
export const openAIFamilyEvents = (options: {
  readonly textKeys: ReadonlyArray<string>
  readonly extra?: fc.Arbitrary<Record<string, unknown>> | undefined
}) => {
  const delta = fc.record(
    {
      role: fc.constantFrom("assistant", "user", ""),
      ...Object.fromEntries(options.textKeys.map((k) => [k, nullish(fc.string({ maxLength: 6 }))])),
      tool_calls: mostly(fc.array(toolCallDelta, { minLength: 1, maxLength: 2 }), fc.constantFrom(null, []))
    },
    { requiredKeys: [] }
  )
  const usage = fc.record(
    {
      prompt_tokens: nullish(fc.oneof(fc.nat(100), fc.double())),
      completion_tokens: nullish(fc.nat(100)),
      total_tokens: nullish(fc.nat(200)),
      completion_tokens_details: nullish(fc.record({ reasoning_tokens: nullish(fc.nat(50)) }, { requiredKeys: [] })),
      prompt_tokens_details: nullish(fc.record({ cached_tokens: nullish(fc.nat(50)) }, { requiredKeys: [] }))
    },
    { requiredKeys: [] }
  )
  const choice = fc.record({
    index: fc.nat(1),
    delta: mostly(delta, fc.constant(null)),
    finish_reason: fc.oneof(
      { weight: 8, arbitrary: fc.constant(null) },
      { weight: 2, arbitrary: fc.constantFrom("stop", "length", "tool_calls", "content_filter", "function_call", "weird", "", undefined) }
    )
  })
  const chunk = fc.record(
    {
      id: nullish(fc.constantFrom("c1", "c2", "")),
      created: nullish(fc.oneof(fc.nat(2_000_000_000), fc.constant(0))),
      model: nullish(fc.constantFrom("m", "")),
      choices: fc.oneof(
        { weight: 8, arbitrary: fc.tuple(choice) },
        { weight: 1, arbitrary: fc.constant([]) },
        { weight: 1, arbitrary: fc.tuple(choice, choice) }
      ),
      usage: nullish(usage),
      extra: options.extra ?? fc.constant({})
    },
    { requiredKeys: ["choices"] }
  ).map(({ extra, ...rest }) => JSON.stringify({ ...rest, ...extra }))
  const errorFrame = fc.record({
    error: fc.record(
      { message: fc.oneof(fc.string(), fc.constant(null)), type: nullish(fc.string()), code: nullish(fc.oneof(fc.string(), fc.nat())) },
      { requiredKeys: [] }
    )
  }).map((v) => JSON.stringify(v))
  return fc.array(
    fc.oneof(
      { weight: 12, arbitrary: chunk },
      { weight: 1, arbitrary: errorFrame },
      { weight: 1, arbitrary: fc.json() },
      { weight: 1, arbitrary: fc.constantFrom("[DONE]", "{", "", "null", "{\"__proto__\":{\"polluted\":1},\"choices\":[]}") }
    ),
    { minLength: 1, maxLength: 20, size: "max" }
  ).map(asEvents)
}

/** A fixture file of the repository. */
export const fixture = (dir: string, name: string): string =>
  fs.readFileSync(path.resolve(import.meta.dirname, "../../fixtures", dir, name), "utf8")

/** Parts with generated ids numbered per run, errors reduced, so two runs compare. */
export const stable = (parts: ReadonlyArray<unknown>): unknown => normalize(parts)

/** Nothing reached `Object.prototype`. */
export const assertNoPollution = (): void => {
  const probe: object = {}
  expect(Reflect.get(probe, "polluted")).toBeUndefined()
  expect(Reflect.get(Object.prototype, "polluted")).toBeUndefined()
  expect(Object.keys(Object.prototype)).toStrictEqual([])
  expect(Reflect.get(Function.prototype, "polluted")).toBeUndefined()
  expect(Reflect.get(Array.prototype, "polluted")).toBeUndefined()
}

/**
 * Standard hostile-input suite for one provider: random bytes, random chunk events and random SSE
 * framing into `stream` (typed outcomes only, bounded time).
 */
export const hostileInputProperties = (
  label: string,
  model: ModelBuilder,
  events: fc.Arbitrary<string>,
  runs: { readonly bytes: number; readonly events: number; readonly framing: number }
): void => {
  prop(`${label}: random bytes`, [randomBytes], (chunks) =>
    Effect.gen(function*() {
      const { exit } = yield* runStream(model, chunks)
      assertTyped(exit)
    }), runs.bytes)

  prop(`${label}: random JSON events`, [events, cuts(4000, 6)], (body, at) =>
    Effect.gen(function*() {
      const { exit } = yield* runStream(model, asBytes(splitAt(body, at)))
      assertTyped(exit)
      assertNoPollution()
    }), runs.events)

  prop(`${label}: random SSE framing`, [sseBody, cuts(4000, 6)], (body, at) =>
    Effect.gen(function*() {
      const { exit } = yield* runStream(model, asBytes(splitAt(body, at)))
      assertTyped(exit)
    }), runs.framing)
}

/**
 * Byte offsets to split a body of `length` bytes at: random offsets, fixed-size chunks (1 to 64
 * bytes), or every byte.
 */
export const chunkings = (length: number): fc.Arbitrary<ReadonlyArray<number>> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.array(fc.nat(length), { minLength: 1, maxLength: 12 }) },
    { weight: 2, arbitrary: fc.integer({ min: 1, max: 64 }).map((size) => Array.from({ length: Math.floor(length / size) }, (_, i) => (i + 1) * size)) },
    { weight: 1, arbitrary: fc.constant(Array.from({ length }, (_, i) => i)) }
  )

/** Offsets that fall inside a multi-byte UTF-8 sequence of `text`. */
export const insideMultiByte = (text: string): Array<number> => {
  const bytes = new TextEncoder().encode(text)
  const out: Array<number> = []
  for (let i = 1; i < bytes.length; i++) if ((bytes[i] & 0xc0) === 0x80) out.push(i)
  return out
}

/**
 * Any chunking of a valid body gives the same parts (and a successful end) through `stream` and
 * through `streamText`; so does a split inside each multi-byte character.
 */
export const chunkingProperties = (
  label: string,
  model: ModelBuilder,
  body: string,
  runs: { readonly stream: number; readonly streamText: number }
): void => {
  const length = new TextEncoder().encode(body).length
  prop(`${label}: stream`, [chunkings(length)], (at) =>
    Effect.gen(function*() {
      const one = yield* runStream(model, whole(body))
      const split = yield* runStream(model, asBytes(splitAt(body, at)))
      expect(Exit.isSuccess(one.exit)).toBe(true)
      expect(Exit.isSuccess(split.exit)).toBe(true)
      expect(one.parts.some((p) => p.type === "finish")).toBe(true)
      expect(stable(split.parts)).toStrictEqual(stable(one.parts))
    }), runs.stream)

  prop(`${label}: streamText`, [chunkings(length)], (at) =>
    Effect.gen(function*() {
      const one = yield* runStreamText(model, whole(body))
      const split = yield* runStreamText(model, asBytes(splitAt(body, at)))
      expect(one.some((p) => p.type === "finish")).toBe(true)
      expect(stable(split)).toStrictEqual(stable(one))
    }), runs.streamText)

  const inside = insideMultiByte(body)
  if (inside.length > 0) {
    vit(`${label}: a split inside each multi-byte character (${inside.length} offsets)`, () =>
      Effect.runPromise(Effect.gen(function*() {
        const one = stable((yield* runStream(model, whole(body))).parts)
        for (const at of inside) {
          const bytes = new TextEncoder().encode(body)
          const split = yield* runStream(model, [bytes.subarray(0, at), bytes.subarray(at)])
          expect(Exit.isSuccess(split.exit)).toBe(true)
          expect(stable(split.parts)).toStrictEqual(one)
        }
      })), 60_000)
  }
}

const chunkText = (fields: string, choice: string): string =>
  `{"id":"chatcmpl-1","object":"chat.completion.chunk","created":1711357598,"model":"m"${fields},"choices":[${choice}]}`

const choiceText = (delta: string, finish: string | null, inject = ""): string =>
  `{"index":0${inject},"delta":${delta},"finish_reason":${finish === null ? "null" : JSON.stringify(finish)}}`

/**
 * A valid OpenAI-family body with multi-byte text everywhere (so byte-level splits land inside
 * UTF-8 sequences): reasoning under `reasoningKey` (if any), text, two tool calls whose arguments
 * arrive in fragments, a finish with usage.
 */
export const craftedValidBody = (options: { readonly reasoningKey?: string | undefined }): string => {
  const delta = (d: Record<string, unknown>) => chunkText("", choiceText(JSON.stringify(d), null))
  const texts = [
    delta({ role: "assistant", content: "" }),
    ...(options.reasoningKey !== undefined
      ? [delta({ [options.reasoningKey]: "Überlegung ✓ " }), delta({ [options.reasoningKey]: "fertig 🧠" })]
      : []),
    delta({ content: "Grüße " }),
    delta({ content: "aus Zürich 🌍\n" }),
    delta({ tool_calls: [{ index: 0, id: "call_a", type: "function", function: { name: "weather", arguments: "" } }] }),
    delta({ tool_calls: [{ index: 0, function: { arguments: "{\"city\":\"Zü" } }] }),
    delta({ tool_calls: [{ index: 1, id: "call_b", type: "function", function: { name: "weather", arguments: "{\"city\":" } }] }),
    delta({ tool_calls: [{ index: 0, function: { arguments: "rich 🌍\"}" } }] }),
    delta({ tool_calls: [{ index: 1, function: { arguments: "\"東京\"}" } }] }),
    chunkText(
      `,"usage":{"prompt_tokens":7,"completion_tokens":11,"total_tokens":18}`,
      choiceText("{}", "tool_calls")
    )
  ]
  return asEvents(texts) + "data: [DONE]\n\n"
}

/** Raw JSON members (text, since `JSON.stringify` cannot write an own `__proto__` key) that try to reach a prototype. */
export const hostileMembers = [
  `"__proto__":{"polluted":"proto"}`,
  `"constructor":{"prototype":{"polluted":"ctor"}}`,
  `"\\u005f\\u005fproto\\u005f\\u005f":{"polluted":"escaped"}`,
  `"\\u0063onstructor":{"prototype":{"polluted":"escaped-ctor"}}`,
  `"a":[{"__proto__":{"polluted":"nested"}}]`,
  `"__proto__":null`
] as const

/** Tool-argument texts that try to reach a prototype, plus benign ones that merely mention the names. */
export const hostileArguments = fc.oneof(
  fc.constantFrom(...hostileMembers).map((m) => `{${m}}`),
  fc.tuple(fc.constantFrom(...hostileMembers), fc.json()).map(([m, j]) => `{"city":${j},${m}}`),
  fc.json().map((j) => `{"constructor":{"prototype":${j}}}`),
  fc.constantFrom(`{"city":"__proto__"}`, `{"city":"x","note":{"proto":"__proto__","constructor":"c"}}`, `{"city":"constructor"}`)
)

/**
 * An OpenAI-family body whose one tool call (`weather`) gets `args` split at `cuts` (each piece a
 * delta), with one of `hostileMembers` injected at `where` (top level, choice, delta, tool call,
 * function) of every chunk, or nowhere (`-1`).
 */
export const pollutionBody = (args: string, at: ReadonlyArray<number>, where: number, member: string): string => {
  const points = [...new Set(at.map((c) => c % (args.length + 1)))].sort((a, b) => a - b)
  const pieces: Array<string> = []
  let last = 0
  for (const p of points) {
    pieces.push(args.slice(last, p))
    last = p
  }
  pieces.push(args.slice(last))
  const inject = (slot: number) => (where === slot ? `,${member}` : "")
  const chunk = (toolCall: string) =>
    chunkText(inject(0), choiceText(`{"tool_calls":[${toolCall}]${inject(2)}}`, null, inject(1)))
  const texts = pieces.map((piece, i) => {
    const fn = `{${i === 0 ? `"name":"weather",` : ""}"arguments":${JSON.stringify(piece)}${inject(4)}}`
    return chunk(`{"index":0${i === 0 ? `,"id":"call_1","type":"function"` : ""},"function":${fn}${inject(3)}}`)
  })
  texts.push(chunkText(inject(0), choiceText("{}", "tool_calls", inject(1))))
  return asEvents(texts) + "data: [DONE]\n\n"
}

/**
 * `__proto__` / `constructor.prototype` in chunks and in tool arguments (split across deltas)
 * reach no prototype, through `stream`, `streamText` and an executing tool; inputs the tool gets
 * are plain objects without the injected values.
 */
export const pollutionProperties = (label: string, model: ModelBuilder, numRuns: number): void => {
  prop(
    `${label}: chunks and tool arguments`,
    [hostileArguments, cuts(200, 5), fc.integer({ min: -1, max: 4 }), fc.constantFrom(...hostileMembers), cuts(4000, 4)],
    (args, at, where, member, split) =>
      Effect.gen(function*() {
        const body = pollutionBody(args, at, where, member)
        const streamed = yield* runStream(model, asBytes(splitAt(body, split)))
        assertTyped(streamed.exit)
        assertNoPollution()
        yield* runStreamText(model, whole(body))
        assertNoPollution()
        const { inputs, parts } = yield* runStreamTextWithTool(model, whole(body))
        expect(parts.some((p) => p.type === "finish")).toBe(true)
        assertNoPollution()
        for (const input of inputs) {
          expect(Object.getPrototypeOf(input)).toBe(Object.prototype)
          expect(Reflect.get(Object(input), "polluted")).toBeUndefined()
        }
      }),
    numRuns
  )
}

/** The hostile-input suite of an OpenAI-family provider (see the property builders above). */
export const openAIFamilySuite = (label: string, model: ModelBuilder, options: {
  readonly textKeys: ReadonlyArray<string>
  readonly reasoningKey?: string | undefined
  readonly extra?: fc.Arbitrary<Record<string, unknown>> | undefined
  /** Recorded or crafted valid bodies (name → SSE text) for the chunking properties. */
  readonly validBodies: Readonly<Record<string, string>>
}): void => {
  const events = openAIFamilyEvents(options)
  hostileInputProperties(label, model, events, { bytes: 100, events: 150, framing: 100 })

  // The random events must reach the provider's parsing, not just its error path.
  vit(`${label}: random events reach text, reasoning and tool-call parsing`, () =>
    Effect.runPromise(Effect.gen(function*() {
      const seen = new Set<string>()
      for (const body of fc.sample(events, { numRuns: 150, seed: 42 })) {
        for (const part of (yield* runStream(model, whole(body))).parts) seen.add(part.type)
      }
      for (const type of ["text-delta", "tool-input-start", "tool-input-delta", "tool-call", "error", "finish"]) {
        expect(seen).toContain(type)
      }
      if (options.reasoningKey !== undefined) expect(seen).toContain("reasoning-delta")
    })), 60_000)

  for (const [name, body] of Object.entries(options.validBodies)) {
    vit(`${label} ${name}: a valid body gives no error part`, () =>
      Effect.runPromise(Effect.gen(function*() {
        const { exit, parts } = yield* runStream(model, whole(body))
        expect(Exit.isSuccess(exit)).toBe(true)
        expect(parts.filter((p) => p.type === "error")).toStrictEqual([])
      })))
  }
  const crafted = craftedValidBody(options)
  vit(`${label} crafted multi-byte: text, reasoning and both tool calls arrive intact`, () =>
    Effect.runPromise(Effect.gen(function*() {
      const { exit, parts } = yield* runStream(model, whole(crafted))
      expect(Exit.isSuccess(exit)).toBe(true)
      expect(parts.filter((p) => p.type === "error")).toStrictEqual([])
      expect(parts.flatMap((p) => p.type === "text-delta" ? [p.delta] : []).join("")).toBe("Grüße aus Zürich 🌍\n")
      if (options.reasoningKey !== undefined) {
        expect(parts.flatMap((p) => p.type === "reasoning-delta" ? [p.delta] : []).join("")).toBe("Überlegung ✓ fertig 🧠")
      }
      expect(parts.flatMap((p) => p.type === "tool-call" ? [[p.toolCallId, p.input]] : [])).toStrictEqual([
        ["call_a", "{\"city\":\"Zürich 🌍\"}"],
        ["call_b", "{\"city\":\"東京\"}"]
      ])
    })))

  const bodies = { ...options.validBodies, "crafted multi-byte": crafted }
  for (const [name, body] of Object.entries(bodies)) {
    chunkingProperties(`${label} ${name}`, model, body, { stream: 40, streamText: 20 })
  }
  pollutionProperties(label, model, 60)
}
