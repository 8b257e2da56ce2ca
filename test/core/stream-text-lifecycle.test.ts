/**
 * Lifecycle of generation with tools: abort mid-tool (differential on the parts against upstream
 * `ai`, plus the aggregate failing with the reason), consumer interruption interrupting running
 * tools (their finalizers run), the `toolCallConcurrency` limit on TestClock, failing callbacks
 * that must not change the stream or the error, onChunk order, and tool services in `R`.
 */
import { describe, expect, it } from "@effect/vitest"
import { jsonSchema, streamText as upstreamStreamText, tool } from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import { Context, Deferred, Effect, Fiber, Layer, Stream, Tracer } from "effect"
import { TestClock } from "effect/testing"
import * as GenerateText from "../../src/core/GenerateText.ts"
import * as StreamText from "../../src/core/StreamText.ts"
import * as Tool from "../../src/core/Tool.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import { normalize } from "../testing/normalize.ts"

const objectSchema = { type: "object" } as const
const callStep = (...ids: ReadonlyArray<string>) => H.framed(ids.map((id) => H.toolCall(id, "slow", {})), H.finish("tool-calls"))

describe("abort and interruption with running tools", () => {
  it.live("abort mid-tool: abort part, no finish-step/finish, as upstream; the aggregate fails with the reason", () =>
    Effect.gen(function*() {
      const scripted: Array<StreamPart> = callStep("c1")
      // upstream: the tool starts, then the signal aborts; the tool waits for the abort
      const controller = new AbortController()
      const upstream = upstreamStreamText({
        model: new MockLanguageModelV4({ doStream: async () => ({ stream: convertArrayToReadableStream([...scripted]) as never }) }),
        prompt: "hi",
        abortSignal: controller.signal,
        onError: () => {},
        tools: {
          slow: tool({
            inputSchema: jsonSchema(objectSchema),
            execute: (_input, { abortSignal }) =>
              new Promise((_, reject) => {
                abortSignal?.addEventListener("abort", () => reject(abortSignal.reason))
                setTimeout(() => controller.abort(), 1)
              })
          })
        }
      })
      const upstreamParts: Array<unknown> = []
      yield* Effect.promise(async () => {
        for await (const part of upstream.fullStream) upstreamParts.push(part)
      })

      let finalized = 0
      const started = yield* Deferred.make<void>()
      const ours = StreamText.streamText({
        prompt: "hi",
        abort: Effect.as(Deferred.await(started), new DOMException("This operation was aborted", "AbortError")),
        tools: {
          slow: Tool.make({
            inputSchema: Tool.jsonSchema(objectSchema),
            execute: () =>
              Effect.andThen(Deferred.succeed(started, undefined), Effect.never).pipe(
                Effect.onInterrupt(() => Effect.sync(() => void finalized++))
              )
          })
        }
      })
      const { fullStream, result } = yield* StreamText.withResult(ours)
      const parts = Array.from(yield* Stream.runCollect(fullStream).pipe(
        Effect.provide(MockLanguageModel.layer({ stream: { stream: scripted } }))
      ))
      expect(normalize(parts)).toEqual(normalize(upstreamParts))
      expect(parts.map((p) => p.type)).not.toContain("finish-step")
      expect(finalized).toBe(1)
      const failure = yield* Effect.flip(result)
      expect(failure).toMatchObject({ _tag: "AbortedError", reason: "AbortError: This operation was aborted" })
    }))

  it.effect("interrupting the consumer interrupts running tools (finalizers run) and emits nothing more", () =>
    Effect.gen(function*() {
      const started = yield* Deferred.make<void>()
      let finalized = 0
      const seen: Array<string> = []
      const fiber = yield* StreamText.streamText({
        prompt: "hi",
        tools: {
          slow: Tool.make({
            inputSchema: Tool.jsonSchema(objectSchema),
            execute: () =>
              Effect.andThen(Deferred.succeed(started, undefined), Effect.never).pipe(
                Effect.ensuring(Effect.sync(() => void finalized++))
              )
          })
        }
      }).pipe(
        Stream.runForEach((part) => Effect.sync(() => void seen.push(part.type))),
        Effect.provide(MockLanguageModel.layer({ stream: { stream: callStep("c1", "c2") } })),
        Effect.forkChild
      )
      yield* Deferred.await(started)
      yield* Fiber.interrupt(fiber)
      expect(finalized).toBe(2)
      // what the consumer got before the interruption is a prefix of the stream; nothing after
      expect(["start", "start-step", "tool-call", "tool-call"].slice(0, seen.length)).toEqual(seen)
    }))

  it.effect("toolCallConcurrency limits the tools running at once (TestClock)", () =>
    Effect.gen(function*() {
      let running = 0
      let maxRunning = 0
      const results: Array<string> = []
      const fiber = yield* StreamText.streamText({
        prompt: "hi",
        toolCallConcurrency: 2,
        tools: {
          slow: Tool.make({
            inputSchema: Tool.jsonSchema(objectSchema),
            execute: (_input, { toolCallId }) =>
              Effect.gen(function*() {
                running++
                maxRunning = Math.max(maxRunning, running)
                yield* Effect.sleep(1_000)
                running--
                return toolCallId
              })
          })
        }
      }).pipe(
        Stream.runForEach((part) => Effect.sync(() => part.type === "tool-result" && results.push(String(part.output)))),
        Effect.provide(MockLanguageModel.layer({ stream: { stream: callStep("c1", "c2", "c3", "c4", "c5") } })),
        Effect.forkChild
      )
      yield* TestClock.adjust(1_000)
      expect(results).toHaveLength(2)
      yield* TestClock.adjust(1_000)
      expect(results).toHaveLength(4)
      yield* TestClock.adjust(1_000)
      yield* Fiber.join(fiber)
      expect(results.sort()).toEqual(["c1", "c2", "c3", "c4", "c5"])
      expect(maxRunning).toBe(2)
    }))
})

describe("callbacks", () => {
  const scripted: Array<StreamPart> = H.framed([
    ...H.textParts("t", "a"),
    { type: "error", error: { message: "overloaded" } },
    H.toolCall("c1", "echo", {})
  ], H.finish("tool-calls"))
  const tools = {
    echo: Tool.make({ inputSchema: Tool.jsonSchema(objectSchema), execute: () => Effect.succeed("echoed") })
  }
  const layer = MockLanguageModel.layer({ stream: { stream: scripted } })
  const collect = (options: Partial<StreamText.StreamTextOptions<typeof tools, never>>) =>
    StreamText.streamText({ prompt: "hi", tools, ...options }).pipe(
      Stream.runCollect,
      Effect.map((c) => normalize(Array.from(c))),
      Effect.provide(layer)
    )

  it.effect("failing or dying callbacks change neither the stream nor its error parts", () =>
    Effect.gen(function*() {
      const plain = yield* collect({})
      const errors: Array<unknown> = []
      let ends = 0
      const noisy = yield* collect({
        onChunk: () => Effect.fail("chunk callback failed"),
        onError: ({ error }) => Effect.andThen(Effect.sync(() => void errors.push(error)), Effect.die("onError died")),
        onStepEnd: () => Effect.die(new Error("step callback died")),
        onEnd: () => Effect.andThen(Effect.sync(() => void ends++), Effect.fail("end failed"))
      })
      expect(noisy).toEqual(plain)
      expect(normalize(errors)).toEqual([{
        name: "AI_StreamProviderError",
        message: "overloaded",
        statusCode: 503,
        isRetryable: true,
        data: { message: "overloaded" }
      }])
      expect(ends).toBe(1)
    }))

  it.effect("onChunk sees every part in stream order; onFinish is the onEnd alias, onStepFinish the onStepEnd alias", () =>
    Effect.gen(function*() {
      const chunks: Array<string> = []
      const steps: Array<number> = []
      let finished: string | undefined
      const parts = yield* collect({
        onChunk: ({ chunk }) => Effect.sync(() => void chunks.push(chunk.type)),
        onStepFinish: (step) => Effect.sync(() => void steps.push(step.stepNumber)),
        onFinish: (result) => Effect.sync(() => void (finished = result.text))
      })
      expect(chunks).toEqual((parts as Array<{ type: string }>).map((p) => p.type))
      expect(steps).toEqual([0])
      expect(finished).toBe("a")
    }))

  it.effect("generateText: failing callbacks keep the result; onError sees the real error, which stays the failure", () =>
    Effect.gen(function*() {
      const seen: Array<string> = []
      const ok = yield* GenerateText.generateText({
        prompt: "hi",
        onStepEnd: () => Effect.fail("x"),
        onEnd: () => Effect.die("y")
      }).pipe(Effect.provide(MockLanguageModel.layer({
        generate: { content: [{ type: "text", text: "fine" }], finishReason: H.finishReason("stop"), usage: H.usage(1, 1), warnings: [] }
      })))
      expect(ok.text).toBe("fine")
      const failure = yield* GenerateText.generateText({
        prompt: "hi",
        toolChoice: "required",
        tools,
        onError: ({ error }) => Effect.andThen(Effect.sync(() => void seen.push(String(error))), Effect.fail("callback failed"))
      }).pipe(
        Effect.provide(MockLanguageModel.layer({
          generate: { content: [{ type: "text", text: "no tool" }], finishReason: H.finishReason("stop"), usage: H.usage(1, 1), warnings: [] }
        })),
        Effect.flip
      )
      expect(failure.name).toBe("AI_ToolChoiceViolationError")
      expect(seen).toHaveLength(1)
    }))
})

type Requirements<T> = T extends Effect.Effect<infer _A, infer _E, infer R> ? R : never

class Greeter extends Context.Service<Greeter, { readonly greet: (name: string) => string }>()("test/Greeter") {}

describe("tool services", () => {
  it.effect("a tool handler's services are required by generateText and provided by the caller", () =>
    Effect.gen(function*() {
      const greet = Tool.make({
        inputSchema: Tool.jsonSchema<{ name: string }>({ type: "object" }),
        execute: ({ name }) => Effect.map(Effect.service(Greeter), (g) => g.greet(name))
      })
      const program = GenerateText.generateText({ prompt: "hi", tools: { greet } })
      // the Greeter requirement is in the type (this line does not compile otherwise)
      const requiresGreeter: Greeter extends Requirements<typeof program> ? true : false = true
      expect(requiresGreeter).toBe(true)
      const result = yield* program.pipe(
        Effect.provide(Layer.succeed(Greeter)({ greet: (name) => `hello ${name}` })),
        Effect.provide(MockLanguageModel.layer({
          generate: {
            content: [{ type: "tool-call", toolCallId: "c1", toolName: "greet", input: "{\"name\":\"Ada\"}" }],
            finishReason: H.finishReason("tool-calls"),
            usage: H.usage(1, 1),
            warnings: []
          }
        }))
      )
      expect(result.toolResults[0]?.output).toBe("hello Ada")
    }))
})

describe("telemetry", () => {
  it.effect("streamText and generateText spans carry model, provider, usage and finish reason", () =>
    Effect.gen(function*() {
      const spans: Array<Tracer.NativeSpan> = []
      const tracer = Tracer.make({
        span: (options) => {
          const span = new Tracer.NativeSpan(options)
          spans.push(span)
          return span
        }
      })
      yield* StreamText.streamText({ prompt: "hi" }).pipe(
        Stream.runDrain,
        Effect.provide(MockLanguageModel.layer({ stream: { stream: H.framed(H.textParts("t", "x"), H.finish("stop", H.usage(7, 3))) } })),
        Effect.withTracer(tracer)
      )
      yield* GenerateText.generateText({ prompt: "hi" }).pipe(
        Effect.provide(MockLanguageModel.layer({
          generate: { content: [{ type: "text", text: "x" }], finishReason: H.finishReason("length"), usage: H.usage(5, 2), warnings: [] }
        })),
        Effect.withTracer(tracer)
      )
      const attributes = (name: string) => Object.fromEntries(spans.find((s) => s.name === name)?.attributes ?? [])
      expect(attributes("StreamText.streamText")).toMatchObject({
        "gen_ai.system": "mock-provider",
        "gen_ai.request.model": "mock-model-id",
        "gen_ai.response.finish_reasons": ["stop"],
        "gen_ai.usage.input_tokens": 7,
        "gen_ai.usage.output_tokens": 3
      })
      expect(attributes("GenerateText.generateText")).toMatchObject({
        "gen_ai.system": "mock-provider",
        "gen_ai.response.finish_reasons": ["length"],
        "gen_ai.usage.input_tokens": 5,
        "gen_ai.usage.output_tokens": 2
      })
    }))
})
