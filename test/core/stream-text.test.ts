/**
 * Differential tests of streamText against upstream `ai` (`streamText` + `MockLanguageModelV4`).
 *
 * Normalizations (both sides): parts go through a JSON round trip (undefined keys dropped, Dates
 * as ISO strings); `performance` of `finish-step` is removed (timing); generated ids (`aitxt-…`,
 * response ids without response-metadata) are replaced by `gen-N` in order of appearance;
 * a response timestamp not given by the model is replaced by `now`; error values are reduced to
 * `{name, message}` (plus `statusCode`/`isRetryable` when present); a generated file is reduced
 * to `{base64, mediaType}`.
 */
import { describe, expect, it } from "@effect/vitest"
import { streamText as upstreamStreamText } from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import { Deferred, Effect, Fiber, Stream } from "effect"
import * as StreamText from "../../src/core/StreamText.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import { normalize } from "../testing/normalize.ts"

const runUpstream = async (
  scripted: ReadonlyArray<ReadonlyArray<StreamPart>>,
  extra: Record<string, unknown> = {}
) => {
  let call = 0
  const model = new MockLanguageModelV4({
    doStream: async () => ({ stream: convertArrayToReadableStream([...(scripted[call++] ?? [])]) as never })
  })
  const result = upstreamStreamText({ model, prompt: "hi", onError: () => {}, ...extra })
  const parts: Array<unknown> = []
  for await (const part of result.fullStream) parts.push(part)
  return { parts, model }
}

const runOurs = (
  scripted: ReadonlyArray<ReadonlyArray<StreamPart>>,
  extra: Partial<StreamText.StreamTextOptions<{}, never>> = {}
) =>
  StreamText.streamText({ prompt: "hi", ...extra }).pipe(
    Stream.runCollect,
    Effect.map((chunk) => Array.from(chunk)),
    Effect.provide(MockLanguageModel.layer({ stream: scripted.map((parts) => ({ stream: parts })) }))
  )

const differential = (name: string, scripted: ReadonlyArray<ReadonlyArray<StreamPart>>) =>
  it.live(name, () =>
    Effect.gen(function*() {
      const upstream = yield* Effect.promise(() => runUpstream(scripted))
      const ours = yield* runOurs(scripted)
      expect(normalize(ours)).toEqual(normalize(upstream.parts))
    }))

const usage = H.usage(3, 10)
const at0 = new Date(0)

describe("streamText differential", () => {
  differential("text and reasoning with response metadata", [[
    { type: "stream-start", warnings: [{ type: "other", message: "w" }] },
    { type: "response-metadata", id: "r1", modelId: "m1", timestamp: at0 },
    ...H.reasoningParts("r", "think", ""),
    ...H.textParts("t", "Hel", "", "lo"),
    { type: "source", sourceType: "url", id: "s1", url: "https://example.com", title: "Ex" },
    { type: "finish", finishReason: { unified: "stop", raw: "end_turn" }, usage, providerMetadata: { p: { a: 1 } } }
  ]])

  differential("provider error part mid-stream is forwarded and the stream finishes", [[
    { type: "stream-start", warnings: [] },
    ...H.textParts("t", "a"),
    { type: "error", error: { message: "overloaded" } },
    { type: "error", error: { type: "server_error", message: "boom", code: 500 } },
    { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage }
  ]])

  differential("error part as last part: finish reason error", [[
    { type: "stream-start", warnings: [] },
    ...H.textParts("t", "a"),
    { type: "error", error: { message: "Service Unavailable" } }
  ]])

  differential("no finish and no output gives NoOutputGeneratedError", [[
    { type: "stream-start", warnings: [] }
  ]])

  differential("no finish with output keeps the partial step", [[
    { type: "stream-start", warnings: [] },
    ...H.textParts("t", "partial")
  ]])

  differential("provider-executed tool result is marked (success and isError) with dynamic from the part", [[
    { type: "stream-start", warnings: [] },
    { type: "tool-call", toolCallId: "p1", toolName: "web_search", input: "{\"q\":\"x\"}", providerExecuted: true, dynamic: true },
    { type: "tool-result", toolCallId: "p1", toolName: "web_search", result: { hits: 1 }, dynamic: true, preliminary: true },
    { type: "tool-call", toolCallId: "p2", toolName: "code", input: "", providerExecuted: true, dynamic: true },
    { type: "tool-result", toolCallId: "p2", toolName: "code", result: { err: "x" }, isError: true },
    { type: "tool-result", toolCallId: "orphan", toolName: "code", result: "late", providerMetadata: { p: { k: 1 } } },
    { type: "finish", finishReason: { unified: "stop", raw: undefined }, usage }
  ]])

  differential("invalid client call without tools gives a tool-error string", [[
    { type: "stream-start", warnings: [] },
    { type: "tool-call", toolCallId: "c1", toolName: "nope", input: "{\"a\":1}" },
    { type: "tool-call", toolCallId: "c2", toolName: "nope", input: "not json" },
    { type: "finish", finishReason: { unified: "tool-calls", raw: "tool_use" }, usage }
  ]])

  differential("interrupted finish", [[
    { type: "stream-start", warnings: [] },
    ...H.textParts("t", "cut"),
    { type: "finish", finishReason: { unified: "interrupted", raw: "paused" }, usage }
  ]])

  differential("files, custom parts, empty text delta with metadata", [[
    { type: "stream-start", warnings: [] },
    { type: "file", mediaType: "image/png", data: { type: "data", data: "AAEC" } },
    { type: "custom", kind: "p.thing" },
    { type: "text-start", id: "0" },
    { type: "text-delta", id: "0", delta: "", providerMetadata: { p: { sig: "s" } } },
    { type: "text-end", id: "0" },
    { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage }
  ]])
})

describe("streamText marking", () => {
  it.effect("stream text parts carry providerExecuted: true, the V4 part does not", () =>
    Effect.gen(function*() {
      const v4: StreamPart = { type: "tool-result", toolCallId: "p1", toolName: "search", result: { ok: true } }
      const parts = yield* runOurs([H.framed([v4])])
      const result = parts.find((p) => p.type === "tool-result")
      expect(result).toMatchObject({ providerExecuted: true, output: { ok: true } })
      expect("providerExecuted" in v4).toBe(false)
    }))
})

describe("streamText cancellation and abort", () => {
  it.effect("abort trigger mid-text ends with abort and no finish; aggregate fails with the reason", () =>
    Effect.gen(function*() {
      const gate = yield* Deferred.make<string>()
      const body = Stream.concat(
        Stream.fromIterable<StreamPart>([{ type: "stream-start", warnings: [] }, { type: "text-start", id: "t" }, { type: "text-delta", id: "t", delta: "a" }]),
        Stream.fromEffect(Effect.as(Deferred.succeed(gate, "stop now"), { type: "text-delta", id: "t", delta: "b" } as const)).pipe(Stream.concat(Stream.never))
      )
      let onAbort = 0
      const run = StreamText.streamText({
        prompt: "hi",
        abort: Deferred.await(gate),
        onAbort: () => Effect.sync(() => void onAbort++)
      })
      const { fullStream, result } = yield* StreamText.withResult(run)
      const parts = Array.from(yield* Stream.runCollect(fullStream).pipe(
        Effect.provide(MockLanguageModel.layer({ stream: { stream: body } }))
      ))
      expect(parts.map((p) => p.type)).toEqual(["start", "start-step", "text-start", "text-delta", "text-delta", "abort"])
      expect(parts[parts.length - 1]).toEqual({ type: "abort", reason: "stop now" })
      expect(onAbort).toBe(1)
      const failure = yield* Effect.flip(result)
      expect(failure).toMatchObject({ _tag: "AbortedError", reason: "stop now" })
    }))

  it.live("abort via AbortSignal matches upstream's abort part", () =>
    Effect.gen(function*() {
      const controller = new AbortController()
      const run = StreamText.streamText({ prompt: "hi", abort: controller.signal })
      const fiber = yield* Stream.runCollect(run).pipe(
        Effect.provide(MockLanguageModel.layer({ stream: { stream: H.thenHang(Stream.fromIterable<StreamPart>([{ type: "stream-start", warnings: [] }, ...H.textParts("t", "x").slice(0, 2)])) } })),
        Effect.forkChild
      )
      yield* Effect.sleep(1)
      controller.abort()
      const parts = Array.from(yield* Fiber.join(fiber))
      expect(parts[parts.length - 1]).toEqual({ type: "abort", reason: "AbortError: This operation was aborted" })
      expect(parts.some((p) => p.type === "finish" || p.type === "finish-step")).toBe(false)
    }))

  it.effect("interrupting the consumer interrupts the model stream and emits nothing more", () =>
    Effect.gen(function*() {
      let finalized = false
      const body = H.thenHang(Stream.fromIterable<StreamPart>([{ type: "stream-start", warnings: [] }, { type: "text-start", id: "t" }])).pipe(
        Stream.ensuring(Effect.sync(() => { finalized = true }))
      )
      const parts = yield* StreamText.streamText({ prompt: "hi" }).pipe(
        Stream.take(3),
        Stream.runCollect,
        Effect.provide(MockLanguageModel.layer({ stream: { stream: body } }))
      )
      expect(Array.from(parts).map((p) => p.type)).toEqual(["start", "start-step", "text-start"])
      expect(finalized).toBe(true)
    }))
})
