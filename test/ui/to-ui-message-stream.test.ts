/**
 * Differential tests of the UI message stream against upstream `ai` 7.0.173: the same model
 * script through upstream `streamText` + `toUIMessageStream` + `createUIMessageStreamResponse`
 * and through aimux `streamText` + `toUIMessageStream` + `toResponse`: equal chunks, byte-identical
 * SSE bodies (generated approval ids normalized), equal headers and status, the same executed
 * tools and the same `onEnd` event. Scenarios: text, reasoning (sent and withheld), sources,
 * files, custom parts, tools (multi-step, streaming preliminary results, errors with and without
 * redaction, invalid calls, dynamic, approvals), stream errors, aborts, metadata, persistence ids
 * and continuation, start/finish withheld, custom headers and status.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Stream } from "effect"
import { createUIMessageStreamResponse } from "ai"
import * as ReadUIMessageStream from "../../src/ui/ReadUIMessageStream.ts"
import * as UIMessageStreamResponse from "../../src/ui/UIMessageStreamResponse.ts"
import type { UIMessageChunk } from "../../src/ui/UIMessageChunk.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import { normalizeSide, type RunOptions, runOurs, runUpstream, type Script, upstreamSnapshots } from "./harness.ts"

const differential = (name: string, script: Script, options: RunOptions = {}) =>
  it.live(name, () =>
    Effect.gen(function*() {
      const upstream = normalizeSide(yield* Effect.promise(() => runUpstream(script, options)))
      const ours = normalizeSide(yield* runOurs(script, options))
      expect(ours.chunks).toEqual(upstream.chunks)
      expect(ours.body).toBe(upstream.body)
      expect(ours.headers).toEqual(upstream.headers)
      expect(ours.status).toBe(upstream.status)
      expect(ours.calls).toEqual(upstream.calls)
      expect(ours.finish).toEqual(upstream.finish)
      // the client side: upstream's reader builds the same messages from aimux's bytes, and
      // aimux's reader the same from aimux's chunks
      const last = options.ui?.originalMessages?.at(-1)
      const message = last?.role === "assistant" ? last : undefined
      const fromUpstreamBytes = yield* Effect.promise(() => upstreamSnapshots(upstream.body, message))
      const fromOurBytes = yield* Effect.promise(() => upstreamSnapshots(ours.body, message))
      expect(fromOurBytes).toEqual(fromUpstreamBytes)
      const ourSnapshots = yield* ReadUIMessageStream.readUIMessageStream({
        stream: Stream.fromIterable(ours.chunks as ReadonlyArray<UIMessageChunk>),
        message: message !== undefined ? structuredClone(message) : undefined
      }).pipe(Stream.runCollect)
      expect(JSON.parse(JSON.stringify(ourSnapshots))).toEqual(JSON.parse(JSON.stringify(fromUpstreamBytes)))
    }))

const call = (id: string, name: string, input: unknown): StreamPart => H.toolCall(id, name, input)
const toolStep = (...calls: ReadonlyArray<StreamPart>) => H.framed(calls, H.finish("tool-calls"))
const answer = H.framed(H.textParts("t2", "done"))

describe("toUIMessageStream + SSE response (differential)", () => {
  differential("text", [H.framed(H.textParts("t", "Hel", "lo", " world"))])

  differential("reasoning, text, sources, file and custom parts", [H.framed([
    ...H.reasoningParts("r", "think", "ing"),
    ...H.textParts("t", "a"),
    { type: "source", sourceType: "url", id: "s1", url: "https://example.com", title: "Ex" },
    { type: "source", sourceType: "document", id: "s2", mediaType: "application/pdf", title: "Doc", filename: "d.pdf" },
    { type: "file", mediaType: "image/png", data: { type: "data", data: "AAEC" } },
    { type: "custom", kind: "p.thing", providerMetadata: { p: { k: 1 } } }
  ])], { ui: { sendSources: true } })

  differential("reasoning and sources withheld", [H.framed([
    ...H.reasoningParts("r", "secret"),
    { type: "source", sourceType: "url", id: "s1", url: "https://example.com" },
    ...H.textParts("t", "a")
  ])], { ui: { sendReasoning: false } })

  differential("provider metadata on text parts", [H.framed([
    { type: "text-start", id: "0", providerMetadata: { p: { a: 1 } } },
    { type: "text-delta", id: "0", delta: "x", providerMetadata: { p: { b: 2 } } },
    { type: "text-end", id: "0", providerMetadata: { p: { c: 3 } } }
  ])])

  differential("tool call, result, second step (multi-step)", [
    toolStep(call("c1", "weather", "{\"city\":\"Rome\"}")),
    answer
  ], { steps: 2 })

  differential("streamed tool input", [[
    { type: "stream-start", warnings: [] },
    { type: "tool-input-start", id: "c1", toolName: "weather" },
    { type: "tool-input-delta", id: "c1", delta: "{\"city\":" },
    { type: "tool-input-delta", id: "c1", delta: "\"Rome\"}" },
    { type: "tool-input-end", id: "c1" },
    call("c1", "weather", "{\"city\":\"Rome\"}"),
    H.finish("tool-calls")
  ], answer], { steps: 2 })

  differential("preliminary tool results", [toolStep(call("c1", "progress", "{}")), answer], { steps: 2 })

  differential("tool error (text kept, as the model received it)", [toolStep(call("c1", "fails", "{}")), answer], { steps: 2 })

  differential("tool error redacted by a custom onError", [toolStep(call("c1", "fails", "{}"))], { ui: { customOnError: true } })

  differential("custom onError without redaction", [toolStep(call("c1", "fails", "{}"))], {
    ui: { customOnError: true, redactToolErrors: false }
  })

  differential("invalid tool calls (unknown tool, invalid input)", [
    toolStep(call("c1", "nope", "{}"), call("c2", "weather", "{\"city\":1}")),
    answer
  ], { steps: 2 })

  differential("dynamic tool and title/metadata", [toolStep(call("c1", "dyn", "{\"a\":1}"), call("c2", "text", "{}"))])

  differential("tool needing approval: request, the run ends", [toolStep(call("c1", "remove", "{\"path\":\"/x\"}"))], { steps: 2 })

  differential("stream error part (masked by default)", [[
    { type: "stream-start", warnings: [] },
    ...H.textParts("t", "a"),
    { type: "error", error: { message: "overloaded" } },
    H.finish()
  ]])

  differential("stream error part with a custom onError", [[
    { type: "stream-start", warnings: [] },
    { type: "error", error: new Error("boom") },
    H.finish()
  ]], { ui: { customOnError: true } })

  differential("abort trigger mid-stream: an abort chunk, no finish", [[
    { type: "stream-start", warnings: [] },
    ...H.textParts("t", "x", "y")
  ]], { abort: "at-first-delta" })

  differential("abort in the second step", [toolStep(call("c1", "weather", "{\"city\":\"Rome\"}")), [
    { type: "stream-start", warnings: [] },
    ...H.textParts("t", "x", "y")
  ]], { steps: 2, abort: "at-first-delta" })

  differential("message metadata on start, finish and finish-step", [toolStep(call("c1", "weather", "{\"city\":\"Rome\"}")), answer], {
    steps: 2,
    ui: { metadata: true }
  })

  differential("persistence: generated message id", [H.framed(H.textParts("t", "x"))], {
    ui: { originalMessages: [{ id: "u1", role: "user", parts: [{ type: "text", text: "hi" }] }], messageId: "msg-1" }
  })

  differential("persistence: continuation of the last assistant message", [H.framed(H.textParts("t", "x"))], {
    ui: {
      originalMessages: [
        { id: "u1", role: "user", parts: [{ type: "text", text: "hi" }] },
        { id: "a1", role: "assistant", parts: [{ type: "step-start" }, { type: "text", text: "before", state: "done" }] }
      ],
      messageId: "msg-2"
    }
  })

  differential("start and finish withheld", [H.framed(H.textParts("t", "x"))], { ui: { sendStart: false, sendFinish: false } })

  differential("custom headers and status", [H.framed(H.textParts("t", "x"))], {
    ui: { headers: { "X-Custom": "1", "Cache-Control": "no-store" }, status: 201 }
  })

  differential("keep-alive: the stream-open comment first (a fast stream is never idle)", [H.framed(H.textParts("t", "x"))], {
    ui: { keepAliveMs: 60_000 }
  })

  differential("finish reasons: length", [H.framed(H.textParts("t", "x"), H.finish("length"))])

  it.live("keep-alive comments while idle, none after the end", () =>
    Effect.gen(function*() {
      const chunks = Stream.make<ReadonlyArray<UIMessageChunk>>({ type: "start" }, { type: "finish" }).pipe(
        Stream.tap(() => Effect.sleep("60 millis"))
      )
      const body = yield* UIMessageStreamResponse.encode(chunks, { keepAliveMs: 20 }).pipe(
        Stream.decodeText,
        Stream.mkString
      )
      expect(body.startsWith(": stream-open\n\n")).toBe(true)
      expect(body.split(": keep-alive\n\n").length - 1).toBeGreaterThanOrEqual(2)
      expect(body.endsWith(`data: {"type":"finish"}\n\ndata: [DONE]\n\n`)).toBe(true)
    }))

  it.effect("an invalid keepAliveMs fails with upstream's message", () =>
    Effect.gen(function*() {
      const upstream = (() => {
        try {
          createUIMessageStreamResponse({ stream: new ReadableStream(), keepAliveMs: 0 })
          return "ok"
        } catch (e) {
          return (e as Error).message
        }
      })()
      const error = yield* Effect.flip(UIMessageStreamResponse.toResponse(Stream.empty, { keepAliveMs: 0 }))
      expect(error.message).toBe(upstream)
    }))
})
