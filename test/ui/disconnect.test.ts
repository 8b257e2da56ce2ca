/**
 * Stop: interrupting a UI message stream (a client that goes away) interrupts the generation
 * behind it: no further model request, no tool execution, `onEnd` with `isAborted` and
 * `isCancelled`. First directly (the stream interrupted after its first chunks), then over a
 * loopback Effect HTTP server (`@effect/platform-node` on 127.0.0.1, port 0): 200 concurrent
 * chats whose clients read normally, read slowly, or disconnect mid-stream. Every chat's first
 * step streams text slowly and ends with a tool call; the tool runs in the second step. Counted:
 * model requests and tool executions per chat, open generations (a finalizer per run).
 */
import { describe, expect, it } from "@effect/vitest"
import { createServer } from "node:http"
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import { Effect, Fiber, Schema, Stream } from "effect"
import * as HttpServer from "effect/http/HttpServer"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as StopCondition from "../../src/core/StopCondition.ts"
import * as StreamText from "../../src/core/StreamText.ts"
import * as Tool from "../../src/core/Tool.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import * as ToUIMessageStream from "../../src/ui/ToUIMessageStream.ts"
import type * as UIMessage from "../../src/ui/UIMessage.ts"
import * as UIMessageStreamResponse from "../../src/ui/UIMessageStreamResponse.ts"

interface Counters {
  readonly requests: Map<string, number>
  readonly executed: Array<string>
  readonly ends: Map<string, UIMessage.FinishEvent>
  open: number
}

const newCounters = (): Counters => ({ requests: new Map(), executed: [], ends: new Map(), open: 0 })

const slowStep: ReadonlyArray<StreamPart> = [
  { type: "stream-start", warnings: [] },
  ...H.textParts("t", ...Array.from({ length: 16 }, (_, i) => `w${i} `)),
  H.toolCall("c1", "count", "{}"),
  H.finish("tool-calls")
]
const lastStep = H.framed(H.textParts("t2", "done"))

/** One chat's UI stream: streamText on a model whose first step is slow, the tool counting its runs. */
const chat = (id: string, counters: Counters) => {
  const tools = {
    count: Tool.make({
      inputSchema: Tool.jsonSchema({ type: "object" }),
      execute: () => Effect.sync(() => void counters.executed.push(id))
    })
  }
  const model = MockLanguageModel.layer({
    stream: (_options, index) => {
      counters.requests.set(id, (counters.requests.get(id) ?? 0) + 1)
      return index === 0
        ? { stream: Stream.fromIterable(slowStep).pipe(Stream.tap(() => Effect.sleep("6 millis"))) }
        : { stream: lastStep }
    }
  })
  const stream = ToUIMessageStream.toUIMessageStream({
    stream: StreamText.streamText({ prompt: "hi", tools, stopWhen: StopCondition.isStepCount(2) }),
    tools,
    onEnd: (event) => Effect.sync(() => void counters.ends.set(id, event))
  }).pipe(Stream.ensuring(Effect.sync(() => void counters.open--)))
  return { stream: Stream.suspend(() => {
    counters.open++
    return stream
  }), model }
}

const ChatBody = Schema.Struct({ id: Schema.String })

const waitUntil = (condition: () => boolean) =>
  Effect.gen(function*() {
    for (let i = 0; i < 200 && !condition(); i++) yield* Effect.sleep("10 millis")
  })

type Behaviour = "normal" | "slow" | "disconnect"

const client = (url: string, id: string, behaviour: Behaviour) =>
  Effect.promise(async () => {
    const controller = new AbortController()
    const response = await fetch(url, { method: "POST", body: JSON.stringify({ id }), signal: controller.signal })
    const reader = response.body!.getReader()
    let text = ""
    const decoder = new TextDecoder()
    try {
      while (true) {
        const { done, value } = await reader.read()
        if (done) break
        text += decoder.decode(value)
        if (behaviour === "disconnect" && text.includes("text-delta")) {
          controller.abort()
          break
        }
        if (behaviour === "slow") await new Promise((resolve) => setTimeout(resolve, 3))
      }
    } catch {
      // the abort
    }
    return { status: response.status, text }
  })

describe("disconnect stops the generation", () => {
  it.live("an interrupted UI stream: one model request, no tool run, onEnd isAborted and isCancelled", () =>
    Effect.gen(function*() {
      const counters = newCounters()
      const { model, stream } = chat("direct", counters)
      const seen: Array<string> = []
      const fiber = yield* stream.pipe(
        Stream.runForEach((chunk) => Effect.sync(() => void seen.push(chunk.type))),
        Effect.provide(model),
        Effect.forkChild
      )
      // interrupted once text streams (mid first step, before its tool call)
      yield* waitUntil(() => seen.includes("text-delta"))
      yield* Fiber.interrupt(fiber)
      yield* Effect.sleep("50 millis")
      expect(counters.requests.get("direct")).toBe(1)
      expect(counters.executed).toEqual([])
      expect(counters.open).toBe(0)
      const end = counters.ends.get("direct")
      expect(end?.isAborted).toBe(true)
      expect(end?.isCancelled).toBe(true)
      // the message so far: the text streamed before the interruption
      expect(end?.responseMessage.parts.some((p) => p.type === "text")).toBe(true)
    }))

  it.live("the same run not interrupted: two model requests, the tool ran once, onEnd completed", () =>
    Effect.gen(function*() {
      const counters = newCounters()
      const { model, stream } = chat("whole", counters)
      yield* Stream.runDrain(stream).pipe(Effect.provide(model))
      expect(counters.requests.get("whole")).toBe(2)
      expect(counters.executed).toEqual(["whole"])
      expect(counters.ends.get("whole")?.isAborted).toBe(false)
      expect(counters.ends.get("whole")?.outcome).toEqual({ status: "completed" })
    }))

  it.live("200 concurrent chats over loopback HTTP with slow and vanishing clients", () =>
    Effect.scoped(Effect.gen(function*() {
      const counters = newCounters()
      const server = yield* NodeHttpServer.make(() => createServer(), { port: 0, host: "127.0.0.1" })
      yield* server.serve(Effect.gen(function*() {
        const request = yield* HttpServerRequest.HttpServerRequest
        const { id } = yield* Schema.decodeUnknownEffect(ChatBody)(yield* request.json)
        const { model, stream } = chat(id, counters)
        return yield* UIMessageStreamResponse.toResponse(stream).pipe(Effect.provide(model))
      }).pipe(Effect.orDie))
      const url = `${HttpServer.formatAddress(server.address)}/api/chat`
      const behaviours: ReadonlyArray<Behaviour> = ["normal", "slow", "disconnect"]
      const chats = Array.from({ length: 200 }, (_, i) => ({ id: `chat-${i}`, behaviour: behaviours[i % 3]! }))
      const started = Date.now()
      const results = yield* Effect.forEach(chats, ({ behaviour, id }) => client(url, id, behaviour), { concurrency: "unbounded" })
      yield* waitUntil(() => counters.open === 0)
      const disconnected = new Set(chats.filter((c) => c.behaviour === "disconnect").map((c) => c.id))
      // every generation ended (no fiber left running a model stream or a tool)
      expect(counters.open).toBe(0)
      // no tool ran for a vanished client, and its run made no second model request
      expect(counters.executed.filter((id) => disconnected.has(id))).toEqual([])
      for (const id of disconnected) {
        expect(counters.requests.get(id)).toBe(1)
        expect(counters.ends.get(id)?.isCancelled).toBe(true)
      }
      // every other chat ran to its end: its tool once, two model requests, [DONE]
      const finished = chats.filter((c) => !disconnected.has(c.id))
      expect(counters.executed.filter((id) => !disconnected.has(id)).sort()).toEqual(finished.map((c) => c.id).sort())
      for (const [i, c] of chats.entries()) {
        expect(results[i]!.status).toBe(200)
        if (!disconnected.has(c.id)) {
          expect(counters.requests.get(c.id)).toBe(2)
          expect(results[i]!.text.endsWith("data: [DONE]\n\n")).toBe(true)
        }
      }
      expect(Date.now() - started).toBeLessThan(20_000)
    })), 30_000)
})
