/**
 * Differential tests of streamText WITH client tools against upstream `ai` (`streamText` +
 * `MockLanguageModelV4`, tools from `tool`/`dynamicTool`): the part sequence and the response
 * messages of every step, for client tools (sync, failing, streaming preliminary), dynamic tools,
 * invalid calls, repair, execution only after `stop`/`tool-calls`, multi-step with each stop
 * condition, the `interrupted` finish, tool choice enforcement and `none` withholding. The
 * executed tools (in start order) are compared too. Normalization: test/testing/normalize.ts.
 */
import { describe, expect, it } from "@effect/vitest"
import { hasToolCall as upHasToolCall, isStepCount as upIsStepCount, streamText as upstreamStreamText } from "ai"
import type { LanguageModelV4ToolCall } from "@ai-sdk/provider"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import { Effect, Stream } from "effect"
import * as StopCondition from "../../src/core/StopCondition.ts"
import * as StreamText from "../../src/core/StreamText.ts"
import type { ToolCall } from "../../src/contract/Content.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import { normalize } from "../testing/normalize.ts"
import { ourTools, upstreamTools } from "../testing/toolsets.ts"

type Script = ReadonlyArray<ReadonlyArray<StreamPart>>

type StopSpec = { readonly steps: number } | { readonly toolCall: string } | { readonly custom: number }

interface Scenario {
  readonly stop?: StopSpec
  readonly toolChoice?: "auto" | "none" | "required" | { readonly type: "tool"; readonly toolName: "weather" }
  readonly repair?: "fix-name" | "still-invalid" | "throws" | "null"
  readonly noTools?: boolean
  readonly concurrency?: number
  /** prepareStep: for step 1, `text` as the only active tool, required, a new system message, first message dropped */
  readonly prepare?: boolean
}

const repairedCall = (toolCall: ToolCall, mode: Scenario["repair"]): ToolCall | null => {
  switch (mode) {
    case "fix-name":
      return { ...toolCall, toolName: "weather", input: "{\"city\":\"Rome\"}" }
    case "still-invalid":
      return { ...toolCall, toolCallId: "R", toolName: "weather", input: "[1]" }
    default:
      return null
  }
}

const runUpstream = async (scripted: Script, scenario: Scenario) => {
  let call = 0
  const calls: Array<string> = []
  const model = new MockLanguageModelV4({
    doStream: async () => ({ stream: convertArrayToReadableStream([...(scripted[call++] ?? [])]) as never })
  })
  const stop = scenario.stop
  const mode = scenario.repair
  const result = upstreamStreamText({
    model,
    prompt: "hi",
    onError: () => {},
    ...(scenario.noTools === true ? {} : { tools: upstreamTools(calls) }),
    ...(scenario.concurrency !== undefined ? { toolCallConcurrency: scenario.concurrency } : {}),
    ...(scenario.prepare === true ? {
      system: "be brief",
      prepareStep: ({ stepNumber, messages }: { stepNumber: number; messages: Array<unknown> }) =>
        stepNumber === 1
          ? { activeTools: ["text" as const], toolChoice: "required" as const, system: "step two", messages: messages.slice(1) as never }
          : undefined
    } : {}),
    ...(scenario.toolChoice !== undefined ? { toolChoice: scenario.toolChoice } : {}),
    ...(stop === undefined ? {} : {
      stopWhen: "steps" in stop
        ? upIsStepCount(stop.steps)
        : "toolCall" in stop
        ? upHasToolCall(stop.toolCall)
        : ({ steps }: { steps: ReadonlyArray<unknown> }) => steps.length >= stop.custom
    }),
    ...(mode === undefined ? {} : {
      repairToolCall: async ({ toolCall }: { toolCall: LanguageModelV4ToolCall }) => {
        if (mode === "throws") throw new Error("repair failed")
        return repairedCall(toolCall as ToolCall, mode) as LanguageModelV4ToolCall | null
      }
    })
  })
  const parts: Array<unknown> = []
  for await (const part of result.fullStream) parts.push(part)
  const messages = (await result.steps).map((s) => s.response.messages)
  const prompts = model.doStreamCalls.map((c) => ({ prompt: c.prompt, tools: c.tools, toolChoice: c.toolChoice }))
  return { parts, messages, calls, modelCalls: call, prompts }
}

const runOurs = (scripted: Script, scenario: Scenario) =>
  Effect.gen(function*() {
    const calls: Array<string> = []
    const stop = scenario.stop
    const mode = scenario.repair
    const recorder = yield* MockLanguageModel.MockLanguageModel
    const stream = StreamText.streamText<ReturnType<typeof ourTools>>({
      prompt: "hi",
      tools: scenario.noTools === true ? undefined : ourTools(calls),
      toolCallConcurrency: scenario.concurrency,
      ...(scenario.prepare === true ? { system: "be brief" } : {}),
      prepareStep: scenario.prepare === true
        ? ({ stepNumber, messages }) =>
          Effect.succeed(
            stepNumber === 1
              ? { activeTools: ["text" as const], toolChoice: "required" as const, system: "step two", messages: messages.slice(1) }
              : undefined
          )
        : undefined,
      ...(scenario.toolChoice !== undefined ? { toolChoice: scenario.toolChoice } : {}),
      ...(stop === undefined ? {} : {
        stopWhen: "steps" in stop
          ? StopCondition.isStepCount(stop.steps)
          : "toolCall" in stop
          ? StopCondition.hasToolCall(stop.toolCall)
          // a custom condition as an Effect
          : ({ steps }) => Effect.succeed(steps.length >= stop.custom)
      }),
      ...(mode === undefined ? {} : {
        repairToolCall: ({ toolCall }) =>
          mode === "throws" ? Effect.fail(new Error("repair failed")) : Effect.succeed(repairedCall(toolCall, mode))
      })
    })
    const { fullStream, result } = yield* StreamText.withResult(stream)
    const parts = Array.from(yield* Stream.runCollect(fullStream))
    const aggregate = yield* Effect.result(result)
    const messages = aggregate._tag === "Success" ? aggregate.success.steps.map((s) => s.response.messages) : []
    const recorded = yield* recorder.streamCalls
    const prompts = recorded.map((c) => ({ prompt: c.prompt, tools: c.tools, toolChoice: c.toolChoice }))
    return { parts, messages, calls, modelCalls: recorded.length, prompts }
  }).pipe(Effect.provide(MockLanguageModel.layer({ stream: scripted.map((parts) => ({ stream: parts })) })))

const differential = (name: string, scripted: Script, scenario: Scenario = {}) =>
  it.live(name, () =>
    Effect.gen(function*() {
      const upstream = yield* Effect.promise(() => runUpstream(scripted, scenario))
      const ours = yield* runOurs(scripted, scenario)
      expect(normalize(ours.parts)).toEqual(normalize(upstream.parts))
      expect(normalize(ours.messages)).toEqual(normalize(upstream.messages))
      expect(ours.calls).toEqual(upstream.calls)
      expect(ours.modelCalls).toBe(upstream.modelCalls)
      expect(normalize(ours.prompts)).toEqual(normalize(upstream.prompts))
    }))

const step = (body: ReadonlyArray<StreamPart>, reason: "stop" | "tool-calls" | "length" | "interrupted" = "tool-calls") =>
  H.framed(body, H.finish(reason))
const answer = step(H.textParts("t", "Sunny"), "stop")
const weather = (id: string, city: unknown = "Paris") => H.toolCall(id, "weather", { city })

describe("streamText with client tools (differential)", () => {
  differential("sync tool, then an answer (isStepCount(5))", [step([weather("c1")]), answer], { stop: { steps: 5 } })

  differential("default stopWhen: one step, the tool still runs", [step([weather("c1")]), answer])

  differential("failing tool gives tool-error with the raw error; messages carry error-text", [
    step([H.toolCall("c1", "fails", {})]),
    answer
  ], { stop: { steps: 3 } })

  differential("streaming tool: preliminary results, then the final one", [step([H.toolCall("c1", "progress", {})]), answer], {
    stop: { steps: 3 }
  })

  differential("dynamic tool and a text tool with title and metadata", [
    step([H.toolCall("c1", "dyn", { q: 1 }), H.toolCall("c2", "text", "")]),
    answer
  ], { stop: { steps: 3 } })

  differential("tool-input parts carry dynamic/title/toolMetadata from the tool", [
    step([
      { type: "tool-input-start", id: "c1", toolName: "text" },
      { type: "tool-input-delta", id: "c1", delta: "{}" },
      { type: "tool-input-end", id: "c1" },
      H.toolCall("c1", "text", {}),
      { type: "tool-input-start", id: "c2", toolName: "dyn" },
      { type: "tool-input-end", id: "c2" },
      H.toolCall("c2", "dyn", {})
    ])
  ])

  differential("invalid calls: unknown tool, bad JSON, schema failure → tool-error strings, {} in messages", [
    step([
      H.toolCall("c1", "nope", {}),
      H.toolCall("c2", "weather", "not json"),
      H.toolCall("c3", "weather", { city: 1 }),
      weather("c4")
    ]),
    answer
  ], { stop: { steps: 3 } })

  differential("tool without execute: no output, the loop stops", [step([H.toolCall("c1", "noexec", {})]), answer], {
    stop: { steps: 3 }
  })

  differential("tools do not run when the model call ends with length", [step([weather("c1")], "length"), answer], {
    stop: { steps: 3 }
  })

  differential("interrupted finish stops the loop and runs no tool", [step([weather("c1")], "interrupted"), answer], {
    stop: { steps: 3 }
  })

  differential("hasToolCall stops after the step with that call", [
    step([weather("c1")]),
    step([H.toolCall("c2", "text", {})]),
    answer
  ], { stop: { toolCall: "text" } })

  differential("custom stop condition (an Effect here, a function upstream)", [
    step([weather("c1")]),
    step([weather("c2", "Rome")]),
    step([weather("c3", "Oslo")]),
    answer
  ], { stop: { custom: 2 } })

  // sequential (toolCallConcurrency 1): the completion order of concurrent tools is scheduling
  differential("results in tool-call order across fail/success/preliminary; ids unique across steps", [
    step([...H.textParts("0", "let me check"), H.toolCall("c1", "progress", {}), H.toolCall("c2", "fails", {}), weather("c3")]),
    H.framed(H.textParts("0", "done"), H.finish("stop"))
  ], { stop: { steps: 3 }, concurrency: 1 })

  differential("messages sort results into tool-call order whatever the completion order", [
    step([H.toolCall("c1", "progress", {}), H.toolCall("c2", "fails", {}), weather("c3"), H.toolCall("c4", "nope", "x")])
  ], { concurrency: 1 })

  differential("provider-executed call next to client calls", [
    step([
      H.toolCall("p1", "web", {}, { providerExecuted: true, dynamic: true }),
      { type: "tool-result", toolCallId: "p1", toolName: "web", result: { e: 1 }, isError: true },
      weather("c1")
    ]),
    answer
  ], { stop: { steps: 3 } })
})

describe("streamText prepareStep (differential)", () => {
  differential("prepareStep changes tools, choice, system and messages from step 1 on", [
    step([weather("c1")]),
    step([H.toolCall("c2", "text", {})]),
    answer
  ], { prepare: true, stop: { steps: 5 } })
  differential("prepareStep tool choice is enforced in the stream", [step([weather("c1")]), answer], {
    prepare: true,
    stop: { steps: 5 }
  })
})

describe("streamText repair (differential)", () => {
  differential("repair fixes an unknown tool name", [step([H.toolCall("c1", "wether", { city: "x" })]), answer], {
    repair: "fix-name",
    stop: { steps: 3 }
  })
  differential("repaired call still invalid keeps the original id/name/input", [
    step([H.toolCall("c1", "wether", { a: 1 })])
  ], { repair: "still-invalid" })
  differential("repair failing gives ToolCallRepairError", [step([H.toolCall("c1", "weather", "bad")])], {
    repair: "throws"
  })
  differential("repair returning null keeps the original error", [step([H.toolCall("c1", "nope", {})])], {
    repair: "null"
  })
  differential("no tools: repair is not attempted", [step([H.toolCall("c1", "nope", {})])], {
    repair: "fix-name",
    noTools: true
  })
})

describe("streamText tool choice (differential)", () => {
  differential("required without a call: error part, finish reason error, no continuation", [answer], {
    toolChoice: "required",
    stop: { steps: 3 }
  })
  differential("required satisfied", [step([weather("c1")]), answer], { toolChoice: "required", stop: { steps: 3 } })
  differential("specific tool violated", [step([H.toolCall("c1", "text", {})])], {
    toolChoice: { type: "tool", toolName: "weather" }
  })
  differential("required but interrupted is exempt", [step(H.textParts("t", "cut"), "interrupted")], {
    toolChoice: "required"
  })
  differential("none: tool parts withheld, violation error, no execution, no repair", [
    step([
      { type: "tool-input-start", id: "c1", toolName: "weather" },
      { type: "tool-input-delta", id: "c1", delta: "{}" },
      { type: "tool-input-end", id: "c1" },
      H.toolCall("c1", "wether", { city: "x" }),
      ...H.textParts("t", "hi")
    ]),
    answer
  ], { toolChoice: "none", repair: "fix-name", stop: { steps: 3 } })
  differential("none without calls is fine", [answer], { toolChoice: "none" })
})
