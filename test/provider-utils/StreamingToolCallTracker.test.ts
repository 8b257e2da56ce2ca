import { it as eit } from "@effect/vitest"
import { StreamingToolCallTracker as UpstreamTracker } from "@ai-sdk/provider-utils"
import { StreamingToolCallTracker as DeepSeekTracker } from "../../node_modules/@ai-sdk/deepseek/node_modules/@ai-sdk/provider-utils/dist/index.js"
import { Effect, Exit, Stream } from "effect"
import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import { IdGenerator } from "../../src/runtime/IdGenerator.ts"
import * as Tracker from "../../src/provider-utils/StreamingToolCallTracker.ts"
import { InvalidResponseDataError } from "../../src/contract/errors/InvalidResponseDataError.ts"

type Delta = Tracker.Delta
type Options = {
  readonly typeValidation?: Tracker.TypeValidation
  readonly generator?: "counter" | "constant" | "blank"
  readonly metadata?: boolean
}

/** What one run produced: the parts emitted by each step (one per delta, then flush), or the error. */
interface Trace {
  readonly steps: Array<Array<unknown>>
  readonly error?: { readonly name: string; readonly message: string; readonly data: unknown }
}

const makeGenerator = (kind: Options["generator"]): () => string => {
  let counter = 0
  switch (kind) {
    case "constant":
      return () => "dup"
    case "blank":
      return () => "  "
    default:
      return () => `id-${counter++}`
  }
}

const metadataHooks = {
  extractMetadata: (delta: Delta) =>
    delta.id != null ? { test: { wireId: delta.id, index: delta.index ?? null } } : undefined,
  buildToolCallProviderMetadata: (metadata: Tracker.Options["extractMetadata"] extends unknown ? any : never) =>
    metadata != null ? { built: { from: metadata } } : undefined
}

const hookOptions = (options: Options) => ({
  generateId: makeGenerator(options.generator),
  ...(options.typeValidation !== undefined ? { typeValidation: options.typeValidation } : {}),
  ...(options.metadata ? metadataHooks : {})
})

const errorOf = (e: unknown) => {
  if (!(e instanceof Error)) throw e
  return { name: e.name, message: e.message, data: (e as { data?: unknown }).data }
}

const runUpstream = (
  Impl: typeof UpstreamTracker,
  deltas: ReadonlyArray<Delta>,
  options: Options = {}
): Trace => {
  let current: Array<unknown> = []
  const steps: Array<Array<unknown>> = []
  const tracker = new Impl({ enqueue: (part) => current.push(part) }, hookOptions(options) as never)
  try {
    for (const delta of deltas) {
      current = []
      tracker.processDelta(delta as never)
      steps.push(current)
    }
    current = []
    tracker.flush()
    steps.push(current)
    return { steps }
  } catch (e) {
    steps.push(current)
    return { steps, error: errorOf(e) }
  }
}

const runOurs = (deltas: ReadonlyArray<Delta>, options: Options = {}): Trace => {
  const tracker = Tracker.make(hookOptions(options))
  const steps: Array<Array<unknown>> = []
  for (const delta of deltas) {
    const out: Array<Tracker.Part> = []
    const result = tracker.processDelta(delta, out)
    steps.push(out)
    if (result instanceof InvalidResponseDataError) {
      return { steps, error: errorOf(result) }
    }
  }
  steps.push(tracker.flush())
  return { steps }
}

/** Runs both, asserts identical traces, returns ours flattened for extra assertions. */
const same = (deltas: ReadonlyArray<Delta>, options: Options = {}) => {
  const ours = runOurs(deltas, options)
  const upstream = runUpstream(UpstreamTracker, deltas, options)
  expect(ours).toEqual(upstream)
  return { parts: ours.steps.flat() as Array<Record<string, unknown>>, steps: ours.steps, error: ours.error }
}

const d = (
  index: number | undefined,
  id: string | null | undefined,
  name: string | null | undefined,
  args: string | null | undefined,
  type?: string
): Delta => ({
  ...(index !== undefined ? { index } : {}),
  ...(id !== undefined ? { id } : {}),
  ...(type !== undefined ? { type } : {}),
  function: { ...(name !== undefined ? { name } : {}), ...(args !== undefined ? { arguments: args } : {}) }
})

const calls = (parts: Array<Record<string, unknown>>) =>
  parts.filter((p) => p.type === "tool-call").map((p) => `${p.toolCallId}:${p.toolName}:${p.input}`)

describe("StreamingToolCallTracker (differential vs @ai-sdk/provider-utils 5.0.81)", () => {
  it("behaviour 1: missing/reused labels keep parallel calls apart (5.0.55 fix)", () => {
    const deltas = [d(0, "a", "get", ""), d(0, null, null, '{"x":1}'), d(0, "b", "get", ""), d(0, null, null, '{"x":2}')]
    const { parts } = same(deltas)
    expect(calls(parts)).toEqual(['a:get:{"x":1}', 'b:get:{"x":2}'])
    expect(parts.map((p) => `${p.type}(${p.id ?? p.toolCallId})`)).toEqual([
      "tool-input-start(a)",
      "tool-input-delta(a)",
      "tool-input-start(b)",
      "tool-input-delta(b)",
      "tool-input-end(a)",
      "tool-call(a)",
      "tool-input-end(b)",
      "tool-call(b)"
    ])
  })

  it("behaviour 1: DeepSeek's pinned 5.0.51 tracker merges the calls; aimux keeps two", () => {
    const deltas = [d(0, "a", "get", ""), d(0, null, null, '{"x":1}'), d(0, "b", "get", ""), d(0, null, null, '{"x":2}')]
    const deepseek = runUpstream(DeepSeekTracker as unknown as typeof UpstreamTracker, deltas)
    expect(calls(deepseek.steps.flat() as Array<Record<string, unknown>>)).toEqual(['a:get:{"x":1}{"x":2}'])
    expect(calls(runOurs(deltas).steps.flat() as Array<Record<string, unknown>>)).toEqual([
      'a:get:{"x":1}',
      'b:get:{"x":2}'
    ])
  })

  it("behaviour 2: two structured starts on one index are two calls", () => {
    const { parts } = same([d(0, "a", "get", '{"x":1}'), d(0, "b", "get", '{"x":2}')])
    expect(calls(parts)).toEqual(['a:get:{"x":1}', 'b:get:{"x":2}'])
  })

  it("behaviour 3: an id change on an incomplete call continues it (with an empty delta)", () => {
    const { parts } = same([d(0, "a", "get", '{"q"'), d(0, "b", "get", ""), d(0, null, null, ":1}")])
    expect(calls(parts)).toEqual(['a:get:{"q":1}'])
    expect(parts).toContainEqual({ type: "tool-input-delta", id: "a", delta: "" })
  })

  it("behaviour 4: an unlabeled delta between two incomplete calls is dropped", () => {
    const { parts, steps } = same([d(0, "a", "get", '{"q"'), d(0, "b", "get", '{"r"'), d(0, null, null, ":1}")])
    expect(steps[2]).toEqual([])
    expect(calls(parts)).toEqual(['a:get:{"q"', 'b:get:{"r"'])
  })

  it("behaviour 5: index-less calls then an unlabeled delta: ambiguous, dropped", () => {
    const { parts, steps, error } = same([
      d(undefined, "a", "get", '{"q"'),
      d(undefined, "b", "get", '{"r"'),
      d(undefined, undefined, undefined, ":1}")
    ])
    expect(error).toBeUndefined()
    expect(steps[2]).toEqual([])
    expect(calls(parts)).toEqual(['a:get:{"q"', 'b:get:{"r"'])
  })

  it("behaviour 6: a blank name as the first delta emits nothing and does not fail", () => {
    const { parts, error } = same([d(0, "a", "  ", "{}")])
    expect(parts).toEqual([])
    expect(error).toBeUndefined()
  })

  it("behaviour 7: a blank-name continuation is accepted", () => {
    const { parts } = same([d(0, "a", "get", '{"x"'), d(0, "a", "", ":1}")])
    expect(calls(parts)).toEqual(['a:get:{"x":1}'])
  })

  it("behaviour 8: a new call without a name fails with InvalidResponseDataError", () => {
    const { error } = same([d(0, "a", null, "{}")])
    expect(error?.name).toBe("AI_InvalidResponseDataError")
    expect(error?.message).toBe("Expected 'function.name' to be a string.")
    expect(error?.data).toEqual(d(0, "a", null, "{}"))
  })

  it("behaviour 8: parts emitted before the failing delta stay emitted", () => {
    const { steps, error } = same([d(0, "a", "get", "{}"), d(1, "b", undefined, "{}")])
    expect(steps[0]).toHaveLength(2)
    expect(error?.message).toBe("Expected 'function.name' to be a string.")
  })

  it("behaviour 9: typeValidation required / if-present / none", () => {
    expect(same([d(0, "a", "get", "{}")], { typeValidation: "required" }).error?.message).toBe(
      "Expected 'function' type."
    )
    expect(same([d(0, "a", "get", "{}", "function")], { typeValidation: "required" }).error).toBeUndefined()
    expect(same([d(0, "a", "get", "{}")], { typeValidation: "if-present" }).error).toBeUndefined()
    expect(same([d(0, "a", "get", "{}", "tool")], { typeValidation: "if-present" }).error?.message).toBe(
      "Expected 'function' type."
    )
    expect(same([d(0, "a", "get", "{}", "tool")], { typeValidation: "none" }).error).toBeUndefined()
    // Type validation runs before the name check, and only for new calls.
    expect(same([d(0, "a", null, "{}", "tool")], { typeValidation: "if-present" }).error?.message).toBe(
      "Expected 'function' type."
    )
    expect(
      same([d(0, "a", "get", "{", "function"), d(0, "a", null, "}", "tool")], { typeValidation: "required" }).error
    ).toBeUndefined()
  })

  it("behaviour 10: flush sorts by index when every call has one", () => {
    const { steps } = same([d(1, "b", "b", "{}"), d(0, "a", "a", "{}")])
    expect(steps[2].map((p) => `${(p as { type: string }).type}`)).toEqual([
      "tool-input-end",
      "tool-call",
      "tool-input-end",
      "tool-call"
    ])
    expect(calls(steps[2] as Array<Record<string, unknown>>)).toEqual(["a:a:{}", "b:b:{}"])
  })

  it("behaviour 11: mixed indices flush in arrival order", () => {
    const { parts } = same([d(1, "b", "b", "{}"), d(undefined, "c", "c", "{}"), d(0, "a", "a", "{}")])
    expect(calls(parts)).toEqual(["b:b:{}", "c:c:{}", "a:a:{}"])
  })

  it("behaviour 12: nothing finalizes before flush, even complete JSON", () => {
    const { steps } = same([d(0, "a", "get", '{"x":1}'), d(1, "b", "get", "[1,2]")])
    for (const step of steps.slice(0, -1)) {
      expect(step.every((p) => ["tool-input-start", "tool-input-delta"].includes((p as { type: string }).type))).toBe(
        true
      )
    }
  })

  it("behaviour 13: arguments are never JSON-checked", () => {
    expect(calls(same([d(0, "a", "get", '{"x":')]).parts)).toEqual(['a:get:{"x":'])
    expect(calls(same([d(0, "a", "get", "42")]).parts)).toEqual(["a:get:42"])
    expect(calls(same([d(0, "a", "get", "")]).parts)).toEqual(["a:get:"])
  })

  it("behaviour 14: id allocation (reused wire id, suffixes, 'tool-call' fallback)", () => {
    expect(calls(same([d(0, "a", "get", "{}"), d(1, "a", "get", "{}")]).parts)).toEqual([
      "a:get:{}",
      "id-0:get:{}"
    ])
    expect(
      calls(
        same([d(0, "a", "get", "{}"), d(1, "a", "get", "{}"), d(2, "a", "get", "{}"), d(3, "a", "get", "{}")], {
          generator: "constant"
        }).parts
      )
    ).toEqual(["a:get:{}", "dup:get:{}", "dup-1:get:{}", "dup-2:get:{}"])
    expect(
      calls(same([d(0, " ", "get", "{}"), d(1, undefined, "get", "{}")], { generator: "blank" }).parts)
    ).toEqual(["tool-call:get:{}", "tool-call-1:get:{}"])
    // A wire id equal to an already generated id is itself replaced.
    expect(
      calls(same([d(0, undefined, "get", "{}"), d(1, "id-0", "get", "{}"), d(2, "id-2", "get", "{}")]).parts)
    ).toEqual(["id-0:get:{}", "id-1:get:{}", "id-2:get:{}"])
    // A suffix already taken by a wire id is skipped.
    expect(
      calls(
        same([d(0, "dup", "get", "{}"), d(1, "dup-1", "get", "{}"), d(2, "dup", "get", "{}"), d(3, "x", "get", "{}"), d(4, "x", "get", "{}")], {
          generator: "constant"
        }).parts
      )
    ).toEqual(["dup:get:{}", "dup-1:get:{}", "dup-2:get:{}", "x:get:{}", "dup-3:get:{}"])
  })

  it("behaviour 15: the sole-call continuation rule gives {}{}", () => {
    expect(calls(same([d(0, "a", "get", "{}"), d(0, null, null, "{}")]).parts)).toEqual(["a:get:{}{}"])
  })

  it("behaviour 16: a new name at the same index is a new call", () => {
    expect(calls(same([d(0, "a", "x", "{}"), d(0, null, "y", "{}")]).parts)).toEqual(["a:x:{}", "id-0:y:{}"])
  })

  it("behaviour 17: empty first arguments emit no delta; an empty continuation emits ''", () => {
    const { steps } = same([d(0, "a", "get", ""), d(0, null, null, ""), d(0, null, null, null)])
    expect(steps[0]).toEqual([{ type: "tool-input-start", id: "a", toolName: "get" }])
    expect(steps[1]).toEqual([{ type: "tool-input-delta", id: "a", delta: "" }])
    expect(steps[2]).toEqual([])
  })

  it("spec §1: blank-name delta that correlates is a continuation", () => {
    expect(calls(same([d(0, "a", "get", '{"x"'), d(0, "a", "", ":1}")]).parts)).toEqual(['a:get:{"x":1}'])
  })

  it("spec §1: known id on a new index without a name links the index", () => {
    const { parts } = same([d(0, "a", "get", '{"x"'), d(1, "a", null, ":1}"), d(1, null, null, "")])
    expect(calls(parts)).toEqual(['a:get:{"x":1}'])
  })

  it("spec §1: known id, conflicting index already used: ambiguous", () => {
    const { steps } = same([d(0, "a", "get", '{"x"'), d(1, "b", "put", '{"y"'), d(1, "a", null, ":1}")])
    expect(steps[2]).toEqual([])
  })

  it("spec §1: known id without index, by name", () => {
    same([d(undefined, "a", "get", '{"x"'), d(undefined, "a", "get", ":1}"), d(undefined, "a", "put", "{}")])
    same([d(undefined, "a", "get", "{}"), d(undefined, "a", "get", "{}"), d(undefined, "a", null, "x")])
  })

  it("spec §1: unseen id with a structured start at a known index is new", () => {
    expect(calls(same([d(0, "a", "get", '{"x"'), d(0, "b", "get", "{}")]).parts)).toEqual(['a:get:{"x"', "b:get:{}"])
  })

  it("metadata hooks: extract once at creation, build at finalization, falsy omitted", () => {
    const { parts } = same([d(0, "a", "get", "{"), d(0, "zz", null, "}"), d(1, undefined, "put", "{}")], {
      metadata: true
    })
    const toolCalls = parts.filter((p) => p.type === "tool-call")
    expect(toolCalls[0].providerMetadata).toEqual({ built: { from: { test: { wireId: "a", index: 0 } } } })
    expect("providerMetadata" in toolCalls[1]).toBe(false)
  })

  it("deltas after flush: finished calls ignore continuations, new calls still start", () => {
    const tracker = Tracker.make({ generateId: makeGenerator("counter") })
    const upstreamParts: Array<unknown> = []
    const upstream = new UpstreamTracker({ enqueue: (p) => upstreamParts.push(p) }, { generateId: makeGenerator("counter") })
    const ours: Array<Tracker.Part> = []
    const script = [d(0, "a", "get", "{}")]
    const after = [d(0, null, null, "x"), d(1, "b", "put", "{}"), d(undefined, null, null, "y")]
    for (const delta of script) {
      upstream.processDelta(delta as never)
      tracker.processDelta(delta, ours)
    }
    upstream.flush()
    tracker.flush(ours)
    for (const delta of after) {
      upstream.processDelta(delta as never)
      tracker.processDelta(delta, ours)
    }
    upstream.flush()
    tracker.flush(ours)
    upstream.flush()
    tracker.flush(ours)
    expect(ours).toEqual(upstreamParts)
  })

  const fragment = fc.constantFrom("", " ", "{", "}", "[", "]", '"', "\\", "x", ":1", '{"x":1}', "{}", "\n{", ",", "\\\"", "42")
  const args = fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom(null, undefined) },
    { weight: 4, arbitrary: fc.array(fragment, { maxLength: 4 }).map((parts) => parts.join("")) }
  )
  const delta: fc.Arbitrary<Delta> = fc.record(
    {
      index: fc.constantFrom(0, 1, 2, null, undefined),
      id: fc.constantFrom("a", "b", "c", "id-0", "", " ", null, undefined),
      type: fc.constantFrom("function", "other", null, undefined),
      function: fc.oneof(
        { weight: 1, arbitrary: fc.constantFrom(null, undefined) },
        {
          weight: 8,
          arbitrary: fc.record(
            { name: fc.constantFrom("get", "put", "", " ", null, undefined), arguments: args },
            { requiredKeys: [] }
          )
        }
      )
    },
    { requiredKeys: [] }
  )
  const options: fc.Arbitrary<Options> = fc.record({
    typeValidation: fc.constantFrom("none", "if-present", "required"),
    generator: fc.constantFrom("counter", "constant", "blank"),
    metadata: fc.boolean()
  })

  it("generated delta sequences give identical parts or the same error", () => {
    fc.assert(
      fc.property(fc.array(delta, { maxLength: 12 }), options, (deltas, opts) => {
        expect(runOurs(deltas, opts)).toEqual(runUpstream(UpstreamTracker, deltas, opts))
      }),
      { numRuns: 3000 }
    )
  })

  it("generated named-first sequences (fewer early errors) give identical parts", () => {
    const named = fc.record({
      index: fc.constantFrom(0, 1, undefined),
      id: fc.constantFrom("a", "b", undefined),
      function: fc.record({ name: fc.constantFrom("get", "put"), arguments: args }, { requiredKeys: ["name"] })
    }, { requiredKeys: ["function"] })
    fc.assert(
      fc.property(named, fc.array(fc.oneof(named, delta), { maxLength: 15 }), (first, rest) => {
        const deltas = [first, ...rest]
        expect(runOurs(deltas)).toEqual(runUpstream(UpstreamTracker, deltas))
      }),
      { numRuns: 3000 }
    )
  })

  it("huge arguments in many fragments stay linear and exact", () => {
    const piece = '{"k":"' + "x".repeat(94) + '"},'
    const tracker = Tracker.make({ generateId: makeGenerator("counter") })
    const out: Array<Tracker.Part> = []
    tracker.processDelta(d(0, "a", "get", "["), out)
    const n = 100_000 // 10 MB of arguments in 100k fragments
    for (let i = 0; i < n; i++) tracker.processDelta(d(0, null, null, piece), out)
    tracker.processDelta(d(0, null, null, "1]"), out)
    const parts = tracker.flush()
    expect(out).toHaveLength(n + 3)
    const call = parts[1]
    expect(call.type).toBe("tool-call")
    if (call.type === "tool-call") {
      expect(call.input.length).toBe(1 + n * piece.length + 2)
      expect(call.input.startsWith('[{"k":"xx')).toBe(true)
      expect(call.input.endsWith('},1]')).toBe(true)
    }
  })
})

describe("StreamingToolCallTracker.stream", () => {
  eit.effect("flushes at the end, ids from the IdGenerator service, chunking does not matter", () =>
    Effect.gen(function*() {
      const deltas = [d(0, "a", "get", '{"x"'), d(1, undefined, "put", "{}"), d(0, null, null, ":1}"), d(1, "a", "put", "")]
      const expected = runUpstream(UpstreamTracker, deltas).steps.flat()
      for (const size of [1, 2, 4]) {
        const parts = yield* Stream.fromIterable(deltas).pipe(
          Stream.rechunk(size),
          Tracker.stream(),
          Stream.runCollect,
          Effect.provide(IdGenerator.layerTest)
        )
        expect(parts).toEqual(expected)
      }
    }))

  eit.effect("a tracker error fails the stream after the parts before it", () =>
    Effect.gen(function*() {
      const collected: Array<Tracker.Part> = []
      const exit = yield* Stream.fromIterable([d(0, "a", "get", "{}"), d(1, "b", null, "{}"), d(2, "c", "get", "{}")]).pipe(
        Tracker.stream(),
        Stream.runForEach((part) => Effect.sync(() => collected.push(part))),
        Effect.provide(IdGenerator.layerTest),
        Effect.exit
      )
      expect(collected.map((p) => p.type)).toEqual(["tool-input-start", "tool-input-delta"])
      expect(Exit.isFailure(exit)).toBe(true)
      if (Exit.isFailure(exit)) {
        const error = exit.cause.reasons[0]
        expect(error._tag === "Fail" && error.error.message).toBe("Expected 'function.name' to be a string.")
      }
    }))

  eit.effect("an upstream failure does not flush (no tool-call for open calls)", () =>
    Effect.gen(function*() {
      const collected: Array<Tracker.Part> = []
      const exit = yield* Stream.fromIterable([d(0, "a", "get", "{}")]).pipe(
        Stream.concat(Stream.fail("boom")),
        Tracker.stream(),
        Stream.runForEach((part) => Effect.sync(() => collected.push(part))),
        Effect.provide(IdGenerator.layerTest),
        Effect.exit
      )
      expect(collected.map((p) => p.type)).toEqual(["tool-input-start", "tool-input-delta"])
      expect(exit).toEqual(Exit.fail("boom"))
    }))
})
