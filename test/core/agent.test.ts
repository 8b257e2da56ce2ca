/**
 * Differential tests of the tool-loop agent against upstream `ai`'s `ToolLoopAgent` on
 * `MockLanguageModelV4` / aimux `MockLanguageModel` with the same scripted results: the prompt of
 * every call (instructions as the system message, tool results fed back), call settings and
 * headers (upstream's `ai/<version>` user-agent part, which aimux's core does not send, removed),
 * the results (text, steps, response messages), the default 20-step stop condition, structured
 * output, streaming parts, and the `Agent` service built by `Agent.layer`.
 */
import { describe, expect, it } from "@effect/vitest"
import { Output as UpstreamOutput, ToolLoopAgent, tool as upstreamTool, isStepCount as upstreamIsStepCount } from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import { Effect, Schema, Stream } from "effect"
import { z } from "zod"
import * as Agent from "../../src/core/Agent.ts"
import * as Output from "../../src/core/Output.ts"
import { isStepCount } from "../../src/core/StopCondition.ts"
import * as Tool from "../../src/core/Tool.ts"
import type { CallOptions } from "../../src/contract/CallOptions.ts"
import type { GenerateResult } from "../../src/contract/Results.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import { normalize } from "../testing/normalize.ts"

const result = (content: GenerateResult["content"], unified: "stop" | "tool-calls" = "stop"): GenerateResult => ({
  content,
  finishReason: H.finishReason(unified),
  usage: H.usage(3, 10),
  warnings: [],
  response: { id: "r1", modelId: "m1", timestamp: new Date(0) }
})

const toolStep = result([{ type: "tool-call", toolCallId: "c1", toolName: "weather", input: "{\"city\":\"Paris\"}" }], "tool-calls")
const answer = result([{ type: "text", text: "It is sunny." }])

const upstreamWeather = upstreamTool({
  description: "Weather of a city",
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, sky: "sunny" })
})
const weather = Tool.make({
  description: "Weather of a city",
  inputSchema: Schema.Struct({ city: Schema.String }),
  execute: ({ city }) => Effect.succeed({ city, sky: "sunny" })
})

/** The parts of call options both sides must agree on. */
const callView = (options: Record<string, unknown>) => {
  const headers = { ...(options.headers as Record<string, string> | undefined) }
  if (headers["user-agent"] !== undefined) headers["user-agent"] = headers["user-agent"].replace(/\s*ai\/\S+/, "").trim()
  return normalize([{
    prompt: options.prompt,
    tools: options.tools,
    toolChoice: options.toolChoice,
    temperature: options.temperature,
    responseFormat: options.responseFormat,
    headers
  }])
}

const resultView = (r: { text: string; steps: ReadonlyArray<{ content: unknown; finishReason: string }>; response: { messages: unknown } }) =>
  normalize([{ text: r.text, steps: r.steps.map((s) => ({ content: s.content, finishReason: s.finishReason })), messages: r.response.messages }])

describe("ToolLoopAgent (vs upstream)", () => {
  it.live("generate: instructions, tools, a tool step then the answer; prompts, settings, result", () =>
    Effect.gen(function*() {
      const scripts = [toolStep, answer]
      let call = 0
      const model = new MockLanguageModelV4({ doGenerate: async () => scripts[call++] as never })
      const upstreamAgent = new ToolLoopAgent({
        model,
        instructions: "You are a weather bot.",
        tools: { weather: upstreamWeather },
        temperature: 0.3,
        headers: { "X-Custom": "1" }
      })
      const upstream = yield* Effect.promise(() => upstreamAgent.generate({ prompt: "Weather in Paris?" }))
      const agent = Agent.make({
        instructions: "You are a weather bot.",
        tools: { weather },
        temperature: 0.3,
        headers: { "X-Custom": "1" }
      })
      const ours = yield* Effect.gen(function*() {
        const r = yield* agent.generate({ prompt: "Weather in Paris?" })
        const calls = yield* (yield* MockLanguageModel.MockLanguageModel).generateCalls
        return { r, calls }
      }).pipe(Effect.provide(MockLanguageModel.layer({ generate: scripts })))
      expect(ours.calls.map((c) => callView(c))).toEqual(model.doGenerateCalls.map((c) => callView(c as never)))
      expect(resultView(ours.r)).toEqual(resultView(upstream as never))
      expect(agent.version).toBe(upstreamAgent.version)
    }))

  it.live("generate: the default stop condition ends the loop after 20 steps", () =>
    Effect.gen(function*() {
      const model = new MockLanguageModelV4({ doGenerate: async () => toolStep as never })
      const upstream = yield* Effect.promise(() =>
        new ToolLoopAgent({ model, tools: { weather: upstreamWeather } }).generate({ prompt: "loop" })
      )
      const ours = yield* Agent.make({ tools: { weather } }).generate({ prompt: "loop" }).pipe(
        Effect.provide(MockLanguageModel.layer({ generate: toolStep }))
      )
      expect(ours.steps.length).toBe(upstream.steps.length)
      expect(ours.steps.length).toBe(20)
    }))

  it.live("generate: stopWhen and structured output from the settings", () =>
    Effect.gen(function*() {
      const text = result([{ type: "text", text: "{\"city\":\"Oslo\"}" }])
      const model = new MockLanguageModelV4({ doGenerate: async () => text as never })
      const upstream = yield* Effect.promise(() =>
        new ToolLoopAgent({
          model,
          stopWhen: upstreamIsStepCount(1),
          output: UpstreamOutput.object({ schema: z.object({ city: z.string() }) })
        }).generate({ prompt: "city?" })
      )
      const ours = yield* Agent.make({
        stopWhen: isStepCount(1),
        output: Output.object({ schema: Schema.Struct({ city: Schema.String }) })
      }).generate({ prompt: "city?" }).pipe(Effect.provide(MockLanguageModel.layer({ generate: text })))
      expect(ours.output).toEqual(upstream.output)
      const calls = model.doGenerateCalls as ReadonlyArray<CallOptions>
      expect(calls[0]?.responseFormat).toEqual({
        type: "json",
        schema: { $schema: "http://json-schema.org/draft-07/schema#", type: "object", properties: { city: { type: "string" } }, required: ["city"], additionalProperties: false }
      })
    }))

  it.live("generate: the agent's prepareStep (instructions, tool choice, active tools, temperature per step)", () =>
    Effect.gen(function*() {
      const scripts = [toolStep, answer]
      let call = 0
      const model = new MockLanguageModelV4({ doGenerate: async () => scripts[call++] as never })
      const upstreamAgent = new ToolLoopAgent({
        model,
        instructions: "You are a weather bot.",
        tools: { weather: upstreamWeather },
        prepareStep: ({ stepNumber }) =>
          stepNumber === 0
            ? { toolChoice: { type: "tool", toolName: "weather" } }
            : { instructions: "Answer in one sentence.", activeTools: [], temperature: 0 }
      })
      const upstream = yield* Effect.promise(() => upstreamAgent.generate({ prompt: "Weather in Paris?" }))
      const agent = Agent.make({
        instructions: "You are a weather bot.",
        tools: { weather },
        prepareStep: ({ stepNumber }) =>
          Effect.succeed(
            stepNumber === 0
              ? { toolChoice: { type: "tool" as const, toolName: "weather" as const } }
              : { instructions: "Answer in one sentence.", activeTools: [], temperature: 0 }
          )
      })
      const ours = yield* Effect.gen(function*() {
        const r = yield* agent.generate({ prompt: "Weather in Paris?" })
        const calls = yield* (yield* MockLanguageModel.MockLanguageModel).generateCalls
        return { r, calls }
      }).pipe(Effect.provide(MockLanguageModel.layer({ generate: scripts })))
      expect(model.doGenerateCalls).toHaveLength(2)
      expect(ours.calls.map((c) => callView(c))).toEqual(model.doGenerateCalls.map((c) => callView(c as never)))
      expect(resultView(ours.r)).toEqual(resultView(upstream as never))
    }))

  it.live("stream: the same parts as upstream's agent stream", () =>
    Effect.gen(function*() {
      const scripted: ReadonlyArray<ReadonlyArray<StreamPart>> = [
        H.framed([H.toolCall("c1", "weather", { city: "Paris" })], H.finish("tool-calls")),
        H.framed(H.textParts("t", "It is ", "sunny."))
      ]
      let call = 0
      const model = new MockLanguageModelV4({
        doStream: async () => ({ stream: convertArrayToReadableStream([...(scripted[call++] ?? [])]) as never })
      })
      const upstreamResult = yield* Effect.promise(() =>
        new ToolLoopAgent({ model, instructions: "Be brief.", tools: { weather: upstreamWeather } }).stream({ prompt: "Paris?" })
      )
      const upstreamParts: Array<unknown> = []
      yield* Effect.promise(async () => {
        for await (const part of upstreamResult.fullStream) upstreamParts.push(part)
      })
      const ours = yield* Agent.make({ instructions: "Be brief.", tools: { weather } }).stream({ prompt: "Paris?" }).pipe(
        Stream.runCollect,
        Effect.provide(MockLanguageModel.layer({ stream: scripted.map((parts) => ({ stream: parts })) }))
      )
      expect(normalize(Array.from(ours))).toEqual(normalize(upstreamParts))
    }))

  // Issue 31: a model that calls a tool on every step, so only the step limit can stop the loop
  // (an `isStepCount(n)` one step late for n > 1 passed while every mock stopped calling tools first).
  for (const n of [2, 3, 5]) {
    it.live(`generate: isStepCount(${n}) with a tool call on every step stops after exactly ${n} steps, as upstream`, () =>
      Effect.gen(function*() {
        const model = new MockLanguageModelV4({ doGenerate: async () => toolStep as never })
        const upstream = yield* Effect.promise(() =>
          new ToolLoopAgent({ model, tools: { weather: upstreamWeather }, stopWhen: upstreamIsStepCount(n) }).generate({ prompt: "loop" })
        )
        const ours = yield* Effect.gen(function*() {
          const r = yield* Agent.make({ tools: { weather }, stopWhen: isStepCount(n) }).generate({ prompt: "loop" })
          return { r, calls: yield* (yield* MockLanguageModel.MockLanguageModel).generateCalls }
        }).pipe(Effect.provide(MockLanguageModel.layer({ generate: toolStep })))
        expect(resultView(ours.r)).toEqual(resultView(upstream as never))
        expect(ours.calls.map((c) => callView(c))).toEqual(model.doGenerateCalls.map((c) => callView(c as never)))
        expect(ours.r.steps.length).toBe(n)
        expect(model.doGenerateCalls).toHaveLength(n)
      }))

    it.live(`stream: isStepCount(${n}) with a tool call on every step stops after exactly ${n} steps, as upstream`, () =>
      Effect.gen(function*() {
        const parts: ReadonlyArray<StreamPart> = H.framed([H.toolCall("c1", "weather", { city: "Paris" })], H.finish("tool-calls"))
        const model = new MockLanguageModelV4({ doStream: async () => ({ stream: convertArrayToReadableStream([...parts]) as never }) })
        const upstreamResult = yield* Effect.promise(() =>
          new ToolLoopAgent({ model, tools: { weather: upstreamWeather }, stopWhen: upstreamIsStepCount(n) }).stream({ prompt: "loop" })
        )
        const upstreamParts: Array<unknown> = []
        yield* Effect.promise(async () => {
          for await (const part of upstreamResult.fullStream) upstreamParts.push(part)
        })
        const ours = yield* Effect.gen(function*() {
          const collected = yield* Stream.runCollect(
            Agent.make({ tools: { weather }, stopWhen: isStepCount(n) }).stream({ prompt: "loop" })
          )
          return { parts: Array.from(collected), calls: yield* (yield* MockLanguageModel.MockLanguageModel).streamCalls }
        }).pipe(Effect.provide(MockLanguageModel.layer({ stream: { stream: parts } })))
        expect(normalize(ours.parts)).toEqual(normalize(upstreamParts))
        expect(ours.parts.filter((p) => p.type === "finish-step")).toHaveLength(n)
        expect(ours.calls).toHaveLength(n)
        expect(model.doStreamCalls).toHaveLength(n)
      }))
  }

  it.effect("Agent.layer: the service needs only Agent; the model comes from the layer's context", () =>
    Effect.gen(function*() {
      const agent = yield* Agent.Agent
      const r = yield* agent.generate({ prompt: "Weather in Paris?" })
      expect(r.text).toBe("It is sunny.")
      expect(r.steps.length).toBe(2)
      const parts = Array.from(yield* Stream.runCollect(agent.stream({ prompt: "x" })))
      expect(parts.map((p) => p.type)).toContain("finish")
    }).pipe(
      Effect.provide(Agent.layer({ instructions: "Weather bot", tools: { weather } })),
      Effect.provide(MockLanguageModel.layer({
        generate: [toolStep, answer],
        stream: [{ stream: H.framed(H.textParts("t", "ok")) }]
      }))
    ))
})
