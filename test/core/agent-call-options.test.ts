/**
 * Differential tests of the agent's typed per-call options (upstream `ToolLoopAgent`'s
 * `callOptionsSchema` / `prepareCall`, `ai@7.0.173`) against the pinned `ai` on
 * `MockLanguageModelV4` / aimux `MockLanguageModel` with the same scripts: the prompts and call
 * settings the model receives after `prepareCall` changed instructions, tools, active tools,
 * temperature, stopWhen, prepareStep, the prompt and the model; the payload `prepareCall` receives
 * (settings without callbacks, the default stop condition, validated and transformed options); the
 * results and stream parts; the `TypeValidationError` of invalid options (Effect Schema vs zod, and
 * a JSON Schema with the same validator on both sides), for `generate` and `stream`, before any
 * model call; the `Agent` service path. Types: `options` is required and typed by the schema.
 * Comparisons go through `test/providers/_kit/Wire.ts`.
 */
import { describe, expect, expectTypeOf, it } from "@effect/vitest"
import { isStepCount as upstreamIsStepCount, jsonSchema as upstreamJsonSchema, ToolLoopAgent, tool as upstreamTool } from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import { Effect, Exit, Schema, Stream } from "effect"
import { z } from "zod"
import * as Agent from "../../src/core/Agent.ts"
import type { LanguageModel } from "../../src/LanguageModel.ts"
import { isStepCount } from "../../src/core/StopCondition.ts"
import * as Tool from "../../src/core/Tool.ts"
import type { GenerateResult } from "../../src/contract/Results.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import { errorJson, partsJson, wireJson } from "../providers/_kit/Wire.ts"
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
const upstreamClock = upstreamTool({
  description: "The time",
  inputSchema: z.object({}),
  execute: async () => "noon"
})
const weather = Tool.make({
  description: "Weather of a city",
  inputSchema: Schema.Struct({ city: Schema.String }),
  execute: ({ city }) => Effect.succeed({ city, sky: "sunny" })
})
const clock = Tool.make({
  description: "The time",
  inputSchema: Schema.Struct({}),
  execute: () => Effect.succeed("noon")
})

/** What the model received, both sides (upstream's `ai/<version>` user-agent part removed). */
const callView = (options: unknown) => {
  const o = options as Record<string, unknown>
  const headers = { ...(o.headers as Record<string, string> | undefined) }
  if (headers["user-agent"] !== undefined) headers["user-agent"] = headers["user-agent"].replace(/\s*ai\/\S+/, "").trim()
  return wireJson({
    prompt: o.prompt,
    tools: o.tools,
    toolChoice: o.toolChoice,
    temperature: o.temperature,
    maxOutputTokens: o.maxOutputTokens,
    headers
  })
}

/**
 * The payload `prepareCall` received: its keys (upstream's `model` and its `undefined`
 * `experimental_sandbox` left out: aimux's model is the context's service and has no sandbox), and
 * its data (functions as their presence).
 */
const payloadView = (payload: Record<string, unknown>) => {
  const keys = Object.keys(payload).filter((key) => key !== "model" && !(key === "experimental_sandbox" && payload[key] === undefined)).sort()
  const data: Record<string, unknown> = {}
  for (const key of keys) {
    if (key === "callOptionsSchema") continue
    const value = payload[key]
    data[key] = typeof value === "function" ? "<function>" : key === "tools" ? Object.keys(value as object).sort() : wireJson(value)
  }
  return { keys, data }
}

const resultView = (r: { text: string; steps: ReadonlyArray<{ content: unknown; finishReason: string }>; response: { messages: unknown } }) =>
  wireJson({ text: r.text, steps: r.steps.map((s) => ({ content: s.content, finishReason: s.finishReason })), messages: r.response.messages })

const scriptedUpstream = (scripts: ReadonlyArray<GenerateResult>) => {
  let call = 0
  return new MockLanguageModelV4({ doGenerate: async () => scripts[Math.min(call++, scripts.length - 1)] as never })
}

const runOurs = <A, E>(effect: Effect.Effect<A, E, LanguageModel>, scripts: ReadonlyArray<GenerateResult>) =>
  Effect.gen(function*() {
    const exit = yield* Effect.exit(effect)
    const calls = yield* (yield* MockLanguageModel.MockLanguageModel).generateCalls
    return { exit, calls }
  }).pipe(Effect.provide(MockLanguageModel.layer({ generate: scripts })))

describe("ToolLoopAgent callOptionsSchema / prepareCall (vs upstream)", () => {
  it.live("generate: options validated, prepareCall changes instructions, tools, activeTools, temperature, stopWhen, headers", () =>
    Effect.gen(function*() {
      const scripts = [toolStep, answer]
      const upstreamPayloads: Array<Record<string, unknown>> = []
      const model = scriptedUpstream(scripts)
      const upstreamAgent = new ToolLoopAgent({
        model,
        instructions: "You are a weather bot.",
        tools: { weather: upstreamWeather, clock: upstreamClock },
        temperature: 0.3,
        callOptionsSchema: z.object({ user: z.string(), tier: z.enum(["free", "pro"]) }),
        prepareCall: ({ options, ...rest }) => {
          upstreamPayloads.push({ options, ...rest })
          return {
            ...rest,
            instructions: `${rest.instructions} The user is ${options.user}.`,
            activeTools: ["weather"],
            temperature: options.tier === "pro" ? 0.9 : 0.1,
            maxOutputTokens: 100,
            headers: { "X-Tier": options.tier },
            stopWhen: upstreamIsStepCount(2)
          }
        }
      })
      const upstream = yield* Effect.promise(() =>
        upstreamAgent.generate({ prompt: "Weather in Paris?", options: { user: "Ada", tier: "pro" } })
      )
      const ourPayloads: Array<Record<string, unknown>> = []
      const agent = Agent.make({
        instructions: "You are a weather bot.",
        tools: { weather, clock },
        temperature: 0.3,
        callOptionsSchema: Schema.Struct({ user: Schema.String, tier: Schema.Literals(["free", "pro"]) }),
        prepareCall: ({ options, ...rest }) =>
          Effect.sync(() => {
            ourPayloads.push({ options, ...rest })
            return {
              ...rest,
              instructions: `${rest.instructions} The user is ${options.user}.`,
              activeTools: ["weather" as const],
              temperature: options.tier === "pro" ? 0.9 : 0.1,
              maxOutputTokens: 100,
              headers: { "X-Tier": options.tier },
              stopWhen: isStepCount(2)
            }
          })
      })
      const ours = yield* runOurs(agent.generate({ prompt: "Weather in Paris?", options: { user: "Ada", tier: "pro" } }), scripts)
      expect(model.doGenerateCalls).toHaveLength(2)
      expect(ours.calls.map(callView)).toEqual(model.doGenerateCalls.map(callView))
      expect(ourPayloads.map(payloadView)).toEqual(upstreamPayloads.map(payloadView))
      expect(ourPayloads).toHaveLength(1)
      expect(Exit.isSuccess(ours.exit) && resultView(ours.exit.value)).toEqual(resultView(upstream as never))
    }))

  it.live("stream: the same prompts and parts after prepareCall; prepareCall may rewrite the prompt and drop tools", () =>
    Effect.gen(function*() {
      const scripted: ReadonlyArray<ReadonlyArray<StreamPart>> = [H.framed(H.textParts("t", "Bonjour ", "Ada."))]
      const model = new MockLanguageModelV4({
        doStream: async () => ({ stream: convertArrayToReadableStream([...(scripted[0] ?? [])]) as never })
      })
      const upstreamResult = yield* Effect.promise(() =>
        new ToolLoopAgent({
          model,
          instructions: "Be brief.",
          tools: { weather: upstreamWeather },
          callOptionsSchema: z.object({ language: z.string() }),
          prepareCall: ({ options, tools: _tools, prompt, ...rest }) => ({
            ...rest,
            prompt: `${String(prompt)} (answer in ${options.language})`
          })
        }).stream({ prompt: "Greet Ada", options: { language: "French" } })
      )
      const upstreamParts: Array<unknown> = []
      yield* Effect.promise(async () => {
        for await (const part of upstreamResult.fullStream) upstreamParts.push(part)
      })
      const ours = yield* Effect.gen(function*() {
        const parts = yield* Agent.make({
          instructions: "Be brief.",
          tools: { weather },
          callOptionsSchema: Schema.Struct({ language: Schema.String }),
          prepareCall: ({ options, tools: _tools, prompt, ...rest }) =>
            Effect.succeed({ ...rest, prompt: `${String(prompt)} (answer in ${options.language})` })
        }).stream({ prompt: "Greet Ada", options: { language: "French" } }).pipe(Stream.runCollect)
        const calls = yield* (yield* MockLanguageModel.MockLanguageModel).streamCalls
        return { parts: Array.from(parts), calls }
      }).pipe(Effect.provide(MockLanguageModel.layer({ stream: scripted.map((parts) => ({ stream: parts })) })))
      expect(model.doStreamCalls).toHaveLength(1)
      expect(ours.calls.map(callView)).toEqual(model.doStreamCalls.map(callView))
      expect(callView(ours.calls[0])).toMatchObject({ prompt: [{ role: "system" }, { role: "user", content: [{ text: "Greet Ada (answer in French)" }] }] })
      expect(normalize(partsJson(ours.parts))).toEqual(normalize(partsJson(upstreamParts)))
    }))

  it.live("prepareCall receives the transformed options and may set prepareStep and the model", () =>
    Effect.gen(function*() {
      const scripts = [toolStep, answer]
      const defaultModel = scriptedUpstream(scripts)
      const otherModel = scriptedUpstream(scripts)
      const seen: Array<unknown> = []
      const upstream = yield* Effect.promise(() =>
        new ToolLoopAgent({
          model: defaultModel,
          tools: { weather: upstreamWeather },
          callOptionsSchema: z.object({ budget: z.string().transform((s) => Number(s)) }),
          prepareCall: ({ options, ...rest }) => {
            seen.push(options)
            return {
              ...rest,
              model: options.budget > 10 ? otherModel : rest.model,
              prepareStep: ({ stepNumber }) => ({ toolChoice: stepNumber === 0 ? "required" : "none" })
            }
          }
        }).generate({ prompt: "Weather?", options: { budget: "42" } as never })
      )
      expect(defaultModel.doGenerateCalls).toHaveLength(0)
      const ourSeen: Array<unknown> = []
      const ours = yield* Effect.gen(function*() {
        const other = yield* MockLanguageModel.make({ generate: scripts })
        const agent = Agent.make({
          tools: { weather },
          callOptionsSchema: Schema.Struct({ budget: Schema.NumberFromString }),
          prepareCall: ({ options, ...rest }) =>
            Effect.sync(() => {
              ourSeen.push(options)
              return {
                ...rest,
                ...(options.budget > 10 ? { model: other.model } : {}),
                prepareStep: ({ stepNumber }: { readonly stepNumber: number }) =>
                  Effect.succeed({ toolChoice: stepNumber === 0 ? "required" as const : "none" as const })
              }
            })
        })
        // typed by the schema's Type; the encoded "42" passes validation as upstream's does
        const r = yield* agent.generate({ prompt: "Weather?", options: { budget: "42" } as never })
        return { r, calls: yield* other.recorder.generateCalls, defaultCalls: yield* (yield* MockLanguageModel.MockLanguageModel).generateCalls }
      }).pipe(Effect.provide(MockLanguageModel.layer({ generate: scripts })))
      expect(ours.defaultCalls).toHaveLength(0)
      expect(ours.calls.map(callView)).toEqual(otherModel.doGenerateCalls.map(callView))
      expect(wireJson(ourSeen)).toEqual(wireJson(seen))
      expect(resultView(ours.r)).toEqual(resultView(upstream as never))
    }).pipe(Effect.orDie))

  it.live("stream with messages: prepareCall sees the messages and switches the model", () =>
    Effect.gen(function*() {
      const parts = H.framed(H.textParts("t", "Hej."))
      const unused = new MockLanguageModelV4({ doStream: async () => ({ stream: convertArrayToReadableStream([...parts]) as never }) })
      const chosen = new MockLanguageModelV4({ doStream: async () => ({ stream: convertArrayToReadableStream([...parts]) as never }) })
      const messages = [{ role: "user" as const, content: "Greet me" }]
      const upstreamSeen: Array<unknown> = []
      const upstreamResult = yield* Effect.promise(() =>
        new ToolLoopAgent({
          model: unused,
          callOptionsSchema: z.object({ fast: z.boolean() }),
          prepareCall: ({ options, ...rest }) => {
            upstreamSeen.push({ messages: rest.messages, prompt: rest.prompt })
            return { ...rest, model: options.fast ? chosen : rest.model, instructions: "Be quick." }
          }
        }).stream({ messages, options: { fast: true } })
      )
      const upstreamParts: Array<unknown> = []
      yield* Effect.promise(async () => {
        for await (const part of upstreamResult.fullStream) upstreamParts.push(part)
      })
      const ourSeen: Array<unknown> = []
      const ours = yield* Effect.gen(function*() {
        const other = yield* MockLanguageModel.make({ stream: { stream: parts } })
        const collected = yield* Agent.make({
          callOptionsSchema: Schema.Struct({ fast: Schema.Boolean }),
          prepareCall: ({ options, ...rest }) =>
            Effect.sync(() => {
              ourSeen.push({ messages: rest.messages, prompt: rest.prompt })
              return { ...rest, ...(options.fast ? { model: other.model } : {}), instructions: "Be quick." }
            })
        }).stream({ messages, options: { fast: true } }).pipe(Stream.runCollect)
        const defaultCalls = yield* (yield* MockLanguageModel.MockLanguageModel).streamCalls
        return { parts: Array.from(collected), calls: yield* other.recorder.streamCalls, defaultCalls }
      }).pipe(Effect.provide(MockLanguageModel.layer({ stream: { stream: parts } })))
      expect([ours.defaultCalls.length, ours.calls.length]).toEqual([unused.doStreamCalls.length, chosen.doStreamCalls.length])
      expect(ours.calls.map(callView)).toEqual(chosen.doStreamCalls.map(callView))
      expect(wireJson(ourSeen)).toEqual(wireJson(upstreamSeen))
      expect(normalize(partsJson(ours.parts))).toEqual(normalize(partsJson(upstreamParts)))
    }))

  it.live("invalid options: upstream's TypeValidationError (field options) before any model call, generate and stream", () =>
    Effect.gen(function*() {
      const model = new MockLanguageModelV4({
        doGenerate: async () => answer as never,
        doStream: async () => ({ stream: convertArrayToReadableStream([...H.framed(H.textParts("t", "x"))]) as never })
      })
      let upstreamPrepared = 0
      const upstreamAgent = new ToolLoopAgent({
        model,
        callOptionsSchema: z.object({ user: z.string() }),
        prepareCall: (args) => {
          upstreamPrepared++
          return args
        }
      })
      const bad = { user: 42 } as never
      const upstreamGenerate = yield* Effect.promise(() => upstreamAgent.generate({ prompt: "x", options: bad }).then(() => undefined, (e: unknown) => e))
      const upstreamStream = yield* Effect.promise(() => upstreamAgent.stream({ prompt: "x", options: bad }).then(() => undefined, (e: unknown) => e))
      let ourPrepared = 0
      const agent = Agent.make({
        callOptionsSchema: Schema.Struct({ user: Schema.String }),
        prepareCall: (args) => Effect.sync(() => (ourPrepared++, args))
      })
      const badOurs = { user: 42 } as never
      const ours = yield* Effect.gen(function*() {
        const generate = yield* Effect.flip(agent.generate({ prompt: "x", options: badOurs }))
        const stream = yield* Effect.flip(Stream.runCollect(agent.stream({ prompt: "x", options: badOurs })))
        const recorder = yield* MockLanguageModel.MockLanguageModel
        return { generate, stream, calls: (yield* recorder.generateCalls).length + (yield* recorder.streamCalls).length }
      }).pipe(Effect.provide(MockLanguageModel.layer({ generate: answer, stream: { stream: H.framed(H.textParts("t", "x")) } })))
      expect(upstreamGenerate).toBeDefined()
      expect(errorJson(ours.generate)).toEqual(errorJson(upstreamGenerate))
      expect(errorJson(ours.stream)).toEqual(errorJson(upstreamStream))
      expect(errorJson(ours.generate)).toMatchObject({ name: "AI_TypeValidationError", message: "Type validation failed for options: Value: {\"user\":42}.", context: { field: "options" } })
      expect(model.doGenerateCalls.length + model.doStreamCalls.length).toBe(0)
      expect(ours.calls).toBe(0)
      expect([ourPrepared, upstreamPrepared]).toEqual([0, 0])
    }))

  it.live("a JSON Schema callOptionsSchema: its validator's failure is the cause, the whole message equal", () =>
    Effect.gen(function*() {
      const schema = { type: "object", properties: { user: { type: "string" } }, required: ["user"] } as const
      const model = new MockLanguageModelV4({ doGenerate: async () => answer as never })
      const upstreamError = yield* Effect.promise(() =>
        new ToolLoopAgent({
          model,
          callOptionsSchema: upstreamJsonSchema<{ user: string }>(schema, {
            validate: (value) => ({ success: false, error: new Error(`no user in ${JSON.stringify(value)}`) })
          })
        }).generate({ prompt: "x", options: { user: "Ada" } }).then(() => undefined, (e: unknown) => e)
      )
      const ours = yield* Agent.make({
        callOptionsSchema: Tool.jsonSchema<{ readonly user: string }>(schema, {
          validate: (value) => Effect.fail(new Error(`no user in ${JSON.stringify(value)}`))
        })
      }).generate({ prompt: "x", options: { user: "Ada" } }).pipe(Effect.flip, Effect.provide(MockLanguageModel.layer({ generate: answer })))
      const message = (e: unknown) => (e as Error).message
      expect(message(ours)).toBe(message(upstreamError))
      expect(message(ours)).toBe("Type validation failed for options: Value: {\"user\":\"Ada\"}.\nError message: Error: no user in {\"user\":\"Ada\"}")
      expect(errorJson(ours)).toEqual(errorJson(upstreamError))
    }))

  it.live("a JSON Schema without a validator accepts the options as they are (as upstream)", () =>
    Effect.gen(function*() {
      const schema = { type: "object", properties: { user: { type: "string" } } } as const
      const model = scriptedUpstream([answer])
      const upstream = yield* Effect.promise(() =>
        new ToolLoopAgent({
          model,
          callOptionsSchema: upstreamJsonSchema<{ user: string }>(schema),
          prepareCall: ({ options, ...rest }) => ({ ...rest, instructions: `user ${JSON.stringify(options)}` })
        }).generate({ prompt: "x", options: { user: 7 } as never })
      )
      const ours = yield* runOurs(
        Agent.make({
          callOptionsSchema: Tool.jsonSchema<{ readonly user: string }>(schema),
          prepareCall: ({ options, ...rest }) => Effect.succeed({ ...rest, instructions: `user ${JSON.stringify(options)}` })
        }).generate({ prompt: "x", options: { user: 7 } as never }),
        [answer]
      )
      expect(ours.calls.map(callView)).toEqual(model.doGenerateCalls.map(callView))
      expect(Exit.isSuccess(ours.exit) && ours.exit.value.text).toBe(upstream.text)
    }))

  it.live("prepareCall's failure fails the call before any model call; settings' onError is not called (upstream's try)", () =>
    Effect.gen(function*() {
      const model = new MockLanguageModelV4({ doGenerate: async () => answer as never })
      let upstreamOnError = 0
      const upstreamError = yield* Effect.promise(() =>
        new ToolLoopAgent({
          model,
          onError: () => {
            upstreamOnError++
          },
          prepareCall: () => Promise.reject(new Error("no quota"))
        }).generate({ prompt: "x" }).then(() => undefined, (e: unknown) => e)
      )
      class NoQuota extends Schema.TaggedError<NoQuota>("NoQuota")("NoQuota", {}) {
        override get message() {
          return "no quota"
        }
      }
      let ourOnError = 0
      const ours = yield* runOurs(
        Agent.make({
          onError: () => Effect.sync(() => void ourOnError++),
          prepareCall: () => Effect.fail(new NoQuota())
        }).generate({ prompt: "x" }),
        [answer]
      )
      expect(Exit.isFailure(ours.exit)).toBe(true)
      const failure = Exit.isFailure(ours.exit) ? ours.exit.cause.reasons[0] : undefined
      expect(failure?._tag === "Fail" && failure.error.message).toBe((upstreamError as Error).message)
      expect([ourOnError, ours.calls.length]).toEqual([upstreamOnError, model.doGenerateCalls.length])
      expect(ours.calls).toHaveLength(0)
    }))

  it.effect("through the Agent service: options validated and passed to prepareCall", () =>
    Effect.gen(function*() {
      const agent = yield* Agent.Agent
      const r = yield* agent.generate({ prompt: "Weather?", options: { city: "Oslo" } })
      expect(r.text).toBe("It is sunny.")
      const calls = yield* (yield* MockLanguageModel.MockLanguageModel).generateCalls
      expect(wireJson(calls[0]?.prompt[0])).toEqual({ role: "system", content: "Weather of Oslo only." })
      const error = yield* Effect.flip(agent.generate({ prompt: "Weather?", options: { town: "Oslo" } }))
      expect(errorJson(error)).toMatchObject({ name: "AI_TypeValidationError", context: { field: "options" } })
    }).pipe(
      Effect.provide(Agent.layer({
        tools: { weather },
        callOptionsSchema: Schema.Struct({ city: Schema.String }),
        prepareCall: ({ options, ...rest }) => Effect.succeed({ ...rest, instructions: `Weather of ${options.city} only.` })
      })),
      Effect.provide(MockLanguageModel.layer({ generate: [toolStep, answer] }))
    ))

  it("types: options are required and typed by callOptionsSchema; absent without one", () => {
    const typed = Agent.make({
      callOptionsSchema: Schema.Struct({ user: Schema.String }),
      prepareCall: ({ options, ...rest }) => {
        expectTypeOf(options).toEqualTypeOf<{ readonly user: string }>()
        return Effect.succeed(rest)
      }
    })
    expectTypeOf(typed.generate).parameter(0).toHaveProperty("options").toEqualTypeOf<{ readonly user: string }>()
    // @ts-expect-error options are required when the agent has a callOptionsSchema
    void typed.generate({ prompt: "x" })
    // @ts-expect-error options are typed by the schema
    void typed.stream({ prompt: "x", options: { user: 1 } })
    const plain = Agent.make({ instructions: "x" })
    // @ts-expect-error no options without a callOptionsSchema
    void plain.generate({ prompt: "x", options: { user: "a" } })
    expectTypeOf(plain.generate).toBeCallableWith({ prompt: "x" })
  })
})

// the options upstream's agent receives are typed by its schema too (the oracle's own contract)
void (() => {
  const upstreamAgent = new ToolLoopAgent({
    model: new MockLanguageModelV4(),
    callOptionsSchema: z.object({ user: z.string() })
  })
  // @ts-expect-error upstream: options are required
  void upstreamAgent.generate({ prompt: "x" })
})
