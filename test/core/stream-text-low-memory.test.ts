/**
 * The low-memory single-consumer mode against upstream `ai` 7.0.173
 * (`experimental_streamTextLowMemory`, `MockLanguageModelV4`, the same scripted parts on both
 * sides): the full stream, the completion fields upstream's single-consumer result keeps
 * (`finishReason`, `rawFinishReason`, `totalUsage`, `usage`), callback payloads (`onChunk`,
 * `onError`, and `onEnd` / `onStepEnd`, which make both sides collect content again), an aborted
 * run and a failed call. That the default options collect nothing is measured, not asserted here
 * (bench/lowMemory.ts, docs/benchmarks.md); the rule that decides it is tested option by option.
 */
import { describe, expect, it } from "@effect/vitest"
import { APICallError as UpstreamAPICallError } from "@ai-sdk/provider"
import { experimental_streamTextLowMemory as upstreamLowMemory } from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import { Cause, Effect, Exit, Stream } from "effect"
import * as StopCondition from "../../src/core/StopCondition.ts"
import * as StreamTextLowMemory from "../../src/core/StreamTextLowMemory.ts"
import * as Tool from "../../src/core/Tool.ts"
import { APICallError } from "../../src/contract/errors/APICallError.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import { normalize } from "../testing/normalize.ts"

const failure = { message: "Bad Request", url: "https://api.test/v1", requestBodyValues: {}, statusCode: 400 }
const at0 = new Date(0)

const text: ReadonlyArray<StreamPart> = [
  { type: "stream-start", warnings: [] },
  { type: "response-metadata", id: "r1", modelId: "m1", timestamp: at0 },
  ...H.reasoningParts("r", "think"),
  ...H.textParts("t", "Hello, ", "world"),
  { type: "source", sourceType: "url", id: "s1", url: "https://example.com", title: "Ex" },
  { type: "finish", finishReason: { unified: "length", raw: "max_tokens" }, usage: H.usage(4, 9), providerMetadata: { p: { a: 1 } } }
]
const midError: ReadonlyArray<StreamPart> = [
  { type: "stream-start", warnings: [] },
  { type: "response-metadata", id: "r1", modelId: "m1", timestamp: at0 },
  ...H.textParts("t", "par"),
  { type: "error", error: new Error("boom") },
  { type: "finish", finishReason: { unified: "error", raw: "error" }, usage: H.usage(1, 1) }
]

type Call = ReadonlyArray<StreamPart> | "fail"

interface Observed {
  readonly parts: ReadonlyArray<unknown>
  readonly completion: unknown
  readonly chunks: ReadonlyArray<unknown>
  readonly errors: ReadonlyArray<unknown>
  readonly ends: ReadonlyArray<unknown>
  readonly stepEnds: ReadonlyArray<unknown>
}

interface Case {
  readonly call: Call
  readonly withEnd?: boolean
  readonly abortAfter?: number
}

const endView = (v: Record<string, unknown>) => ({
  text: v.text,
  content: v.content,
  finishReason: v.finishReason,
  totalUsage: v.totalUsage,
  responseMessages: v.responseMessages
})

const settle = async <A>(promise: PromiseLike<A>): Promise<{ ok: A } | { error: unknown }> => {
  try {
    return { ok: await promise }
  } catch (error) {
    return { error }
  }
}

const runUpstream = async (c: Case): Promise<Observed> => {
  const chunks: Array<unknown> = []
  const errors: Array<unknown> = []
  const ends: Array<unknown> = []
  const stepEnds: Array<unknown> = []
  const controller = new AbortController()
  const result = upstreamLowMemory({
    model: new MockLanguageModelV4({
      doStream: async () => {
        if (c.call === "fail") throw new UpstreamAPICallError(failure)
        return { stream: convertArrayToReadableStream([...c.call]) as never }
      }
    }),
    prompt: "hi",
    abortSignal: controller.signal,
    onChunk: ({ chunk }) => void chunks.push(chunk),
    onError: ({ error }) => void errors.push(error),
    ...(c.withEnd === true
      ? {
        onEnd: (event: unknown) => void ends.push(endView(event as never)),
        onStepEnd: (step: unknown) => void stepEnds.push(endView(step as never))
      }
      : {})
  })
  const parts: Array<unknown> = []
  for await (const part of result.fullStream) {
    parts.push(part)
    if (c.abortAfter !== undefined && parts.length === c.abortAfter) controller.abort("stop")
  }
  const completion = await settle(Promise.all([result.finishReason, result.rawFinishReason, result.totalUsage, result.usage]))
  return {
    parts,
    completion: "ok" in completion
      ? { finishReason: completion.ok[0], rawFinishReason: completion.ok[1], totalUsage: completion.ok[2], usage: completion.ok[3] }
      : { failed: true },
    chunks,
    errors,
    ends,
    stepEnds
  }
}

const runOurs = (c: Case) =>
  Effect.gen(function*() {
    const chunks: Array<unknown> = []
    const errors: Array<unknown> = []
    const ends: Array<unknown> = []
    const stepEnds: Array<unknown> = []
    let seen = 0
    let stop: (() => void) | undefined = undefined
    const abort = Effect.callback<unknown>((resume) => {
      stop = () => resume(Effect.succeed("stop"))
    })
    const { fullStream, completion } = yield* StreamTextLowMemory.withCompletion(StreamTextLowMemory.experimental_streamTextLowMemory({
      prompt: "hi",
      abort,
      onChunk: ({ chunk }) => Effect.sync(() => void chunks.push(chunk)),
      onError: ({ error }) => Effect.sync(() => void errors.push(error)),
      ...(c.withEnd === true
        ? {
          onEnd: (event) => Effect.sync(() => void ends.push(endView(event as never))),
          onStepEnd: (step) => Effect.sync(() => void stepEnds.push(endView(step as never)))
        }
        : {})
    }))
    const parts = Array.from(yield* fullStream.pipe(
      Stream.tap(() =>
        Effect.sync(() => {
          seen++
          if (c.abortAfter !== undefined && seen === c.abortAfter) stop?.()
        })
      ),
      Stream.runCollect,
      Effect.provide(MockLanguageModel.layer({
        stream: () => (c.call === "fail" ? Effect.fail(new APICallError(failure)) : { stream: c.call })
      }))
    ))
    const exit = yield* Effect.exit(completion)
    return {
      parts,
      completion: Exit.isSuccess(exit) ? exit.value : { failed: true, error: Cause.squash(exit.cause) },
      chunks,
      errors,
      ends,
      stepEnds
    }
  })

const differential = (name: string, c: Case, check?: (ours: Observed) => void) =>
  it.effect(name, () =>
    Effect.gen(function*() {
      const upstream = yield* Effect.promise(() => runUpstream(c))
      const ours = yield* runOurs(c)
      expect(normalize(ours.parts)).toEqual(normalize(upstream.parts))
      const { error: _error, ...completion } = ours.completion as Record<string, unknown>
      expect(normalize([completion])).toEqual(normalize([upstream.completion]))
      // upstream calls onChunk for a provider error when its read loop meets it, ahead of the
      // parts still queued before it (docs/divergences.md): other parts in order, errors apart
      const isError = (chunk: unknown) => (chunk as { type: string }).type === "error"
      expect(normalize(ours.chunks.filter((x) => !isError(x)))).toEqual(normalize(upstream.chunks.filter((x) => !isError(x))))
      expect(normalize(ours.chunks.filter(isError))).toEqual(normalize(upstream.chunks.filter(isError)))
      expect(normalize(ours.errors)).toEqual(normalize(upstream.errors))
      expect(normalize(ours.ends)).toEqual(normalize(upstream.ends))
      expect(normalize(ours.stepEnds)).toEqual(normalize(upstream.stepEnds))
      check?.(ours)
    }))

describe("experimental_streamTextLowMemory (differential)", () => {
  differential("a text stream: the same parts, the completion fields", { call: text }, (ours) =>
    expect(ours.completion).toMatchObject({ finishReason: "length", rawFinishReason: "max_tokens" }))
  differential("onEnd / onStepEnd given: content is collected for them, payloads as upstream", { call: text, withEnd: true }, (ours) =>
    expect(ours.ends).toMatchObject([{ text: "Hello, world" }]))
  differential("an error part mid-stream: onError, the finish, the completion", { call: midError })
  differential("a failed call: the error part, the completion fails", { call: "fail" }, (ours) =>
    expect(ours.completion).toMatchObject({ failed: true }))
})

describe("experimental_streamTextLowMemory (aimux)", () => {
  it.effect("an aborted run: the completion fails with AbortedError", () =>
    Effect.gen(function*() {
      const { fullStream, completion } = yield* StreamTextLowMemory.withCompletion(
        StreamTextLowMemory.experimental_streamTextLowMemory({ prompt: "hi", abort: Effect.succeed("stop") })
      )
      yield* Stream.runDrain(fullStream).pipe(Effect.provide(MockLanguageModel.layer({ stream: { stream: H.thenHang(Stream.fromIterable(text)) } })))
      const error = yield* Effect.flip(completion)
      expect(error).toMatchObject({ _tag: "AbortedError", reason: "stop" })
    }))

  it("collectsContent: upstream's rule, option by option", () => {
    const tool = Tool.make({ inputSchema: Tool.jsonSchema<{}>({ type: "object" }), execute: () => Effect.succeed(1) })
    const cb = () => Effect.void
    expect(StreamTextLowMemory.collectsContent({ prompt: "hi" })).toBe(false)
    expect(StreamTextLowMemory.collectsContent({ prompt: "hi", tools: {} })).toBe(false)
    expect(StreamTextLowMemory.collectsContent({ prompt: "hi", onChunk: cb, onError: cb, onStart: cb, onStepStart: cb })).toBe(false)
    const collecting: ReadonlyArray<Record<string, unknown>> = [
      { tools: { tool } },
      { toolChoice: "auto" },
      { prepareStep: () => Effect.succeed(undefined) },
      { stopWhen: StopCondition.isStepCount(2) },
      { onEnd: cb },
      { onFinish: cb },
      { onStepEnd: cb },
      { onStepFinish: cb },
      { onAbort: cb },
      { onLanguageModelCallEnd: cb },
      { experimental_onLanguageModelCallEnd: cb }
    ]
    for (const extra of collecting) expect(StreamTextLowMemory.collectsContent({ prompt: "hi", ...extra })).toBe(true)
  })
})
