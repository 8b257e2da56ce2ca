/**
 * What the default mode of `streamText` keeps of a step's content (`src/core/internal/ContentRetention.ts`):
 * nothing, unless something can read it. Checked functionally: the parts the consumer has already
 * handled are unreachable (a full GC collects them) while the run is still streaming when no
 * option reads step content, and are still held when `onEnd`, `onStepEnd` or `stopWhen` is given
 * (the control that makes the check able to fail). The aggregated values are folds over the parts
 * and so do not depend on it: `collect` gives the same result either way. Equality of the parts
 * and folds with upstream's default mode is the other streamText suites' (all unchanged).
 */
import { describe, expect, it } from "@effect/vitest"
import * as v8 from "node:v8"
import * as vm from "node:vm"
import { Effect, Stream } from "effect"
import { defaultCollects, lowMemoryCollects } from "../../src/core/internal/ContentRetention.ts"
import * as StopCondition from "../../src/core/StopCondition.ts"
import * as StreamText from "../../src/core/StreamText.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import { normalize } from "../testing/normalize.ts"

v8.setFlagsFromString("--expose-gc")
const gc: () => void = vm.runInNewContext("gc")

const files = 4
const deltas = 2_000

/** The model's parts, made as they are pulled (the mock holds none of them). */
const modelParts = function*(): Generator<StreamPart> {
  yield { type: "stream-start", warnings: [] }
  yield { type: "response-metadata", id: "r1", modelId: "m1", timestamp: new Date(0) }
  for (let i = 0; i < files; i++) yield { type: "file", mediaType: "text/plain", data: { type: "data", data: btoa(`file ${i}`) } }
  yield { type: "text-start", id: "t" }
  for (let i = 0; i < deltas; i++) yield { type: "text-delta", id: "t", delta: "x" }
  yield { type: "text-end", id: "t" }
  yield { type: "finish", finishReason: H.finishReason("stop"), usage: H.usage(3, deltas) }
}

const model = MockLanguageModel.layer({ stream: () => ({ stream: Stream.fromIterable({ [Symbol.iterator]: modelParts }) }) })

type Options = Omit<StreamText.StreamTextOptions<{}, never>, "prompt">

/**
 * Runs streamText and, halfway through the text (far more parts after the files than the hand-off
 * holds, far fewer than the rest of the step), collects garbage and reports whether the `file`
 * parts the consumer saw are still reachable.
 */
const filesHeld = (options: Options) =>
  Effect.gen(function*() {
    const refs: Array<WeakRef<object>> = []
    let seen = 0
    let held: boolean | undefined = undefined
    yield* Stream.runForEach(StreamText.streamText({ prompt: "hi", ...options }), (part) => {
      if (part.type === "file") refs.push(new WeakRef(part))
      // halfway: the hand-off (256 parts) is far past the files, and the step is still streaming
      if (part.type !== "text-delta" || ++seen !== deltas / 2) return Effect.void
      // a WeakRef keeps its target for the job that made it: collect in later macrotasks, up to
      // eight times until the parts are gone (a collection can still see a reference the run
      // drops as it goes on, more often on a loaded machine); the controls stay held throughout
      const nextTask = Effect.promise(() => new Promise<void>((resolve) => setImmediate(resolve)))
      const collect = (left: number): Effect.Effect<void> =>
        Effect.flatMap(nextTask, () => {
          gc()
          held = refs.some((ref) => ref.deref() !== undefined)
          return held && left > 1 ? collect(left - 1) : Effect.void
        })
      return collect(8)
    })
    expect(refs.length).toBe(files)
    return held
  }).pipe(Effect.provide(model))

describe("streamText default mode retains step content only when it is read", () => {
  it.effect("nothing reads it: the parts already consumed are unreachable while the run streams", () =>
    Effect.gen(function*() {
      expect(yield* filesHeld({})).toBe(false)
      // tools, structured output or a tool choice read no step content in a one-step run
      expect(yield* filesHeld({ onChunk: () => Effect.void, onError: () => Effect.void })).toBe(false)
    }))

  it.effect("onEnd, onStepEnd or stopWhen reads it: the step keeps its content (the control)", () =>
    Effect.gen(function*() {
      expect(yield* filesHeld({ onEnd: () => Effect.void })).toBe(true)
      expect(yield* filesHeld({ onStepEnd: () => Effect.void })).toBe(true)
      expect(yield* filesHeld({ stopWhen: StopCondition.isStepCount(2) })).toBe(true)
      expect(yield* filesHeld({ onLanguageModelCallEnd: () => Effect.void })).toBe(true)
    }))

  it.effect("the folds are the same whether the run keeps content or not", () =>
    Effect.gen(function*() {
      const kept = yield* StreamText.collect(StreamText.streamText({ prompt: "hi", onEnd: () => Effect.void }))
      const notKept = yield* StreamText.collect(StreamText.streamText({ prompt: "hi" }))
      expect(normalize([notKept])).toEqual(normalize([kept]))
      expect(notKept.text).toBe("x".repeat(deltas))
      expect(notKept.files.length).toBe(files)
    }).pipe(Effect.provide(model)))

  it.effect("streamRetries: a retried step's finish-step carries its attempt's content, so it is kept", () =>
    Effect.gen(function*() {
      const failed: ReadonlyArray<StreamPart> = [
        { type: "stream-start", warnings: [] },
        ...H.textParts("t", "par").slice(0, 2),
        { type: "error", error: new Error("boom") }
      ]
      const succeeded: ReadonlyArray<StreamPart> = [
        { type: "stream-start", warnings: [] },
        ...H.textParts("t", "whole"),
        { type: "finish", finishReason: H.finishReason("stop"), usage: H.usage(1, 1) }
      ]
      const retried = MockLanguageModel.layer({ stream: [{ stream: failed }, { stream: succeeded }] })
      const run = (options: Options) =>
        StreamText.collect(StreamText.streamText({ prompt: "hi", streamRetries: 1, onError: () => Effect.void, ...options })).pipe(
          Effect.provide(retried)
        )
      const kept = yield* run({ onEnd: () => Effect.void })
      expect(kept.text).toBe("whole")
      expect(normalize([yield* run({})])).toEqual(normalize([kept]))
    }))
})

describe("the retention rules", () => {
  const readers = {
    stopWhen: StopCondition.isStepCount(2),
    streamRetries: 1,
    recordContent: true,
    onEnd: () => Effect.void,
    onFinish: () => Effect.void,
    onStepEnd: () => Effect.void,
    onStepFinish: () => Effect.void,
    onAbort: () => Effect.void,
    onLanguageModelCallEnd: () => Effect.void,
    experimental_onLanguageModelCallEnd: () => Effect.void
  }
  const notReaders = {
    tools: { t: {} },
    toolChoice: "auto",
    output: {},
    prepareStep: () => Effect.void,
    recordContent: false
  }

  it("default mode: exactly the options that read step content", () => {
    expect(defaultCollects({})).toBe(false)
    for (const [key, value] of Object.entries(readers)) expect([key, defaultCollects({ [key]: value })]).toEqual([key, true])
    for (const [key, value] of Object.entries(notReaders)) expect([key, defaultCollects({ [key]: value })]).toEqual([key, false])
  })

  it("low-memory mode: upstream's rule (tools, tool choice, output and prepareStep count too)", () => {
    expect(lowMemoryCollects({})).toBe(false)
    for (const key of ["tools", "toolChoice", "output", "prepareStep"] as const) {
      expect([key, lowMemoryCollects({ [key]: notReaders[key] })]).toEqual([key, true])
    }
    expect(lowMemoryCollects({ tools: {} })).toBe(false)
    expect(lowMemoryCollects({ onEnd: readers.onEnd, stopWhen: readers.stopWhen })).toBe(true)
  })
})
