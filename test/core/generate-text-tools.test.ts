/**
 * Differential tests of generateText WITH client tools against upstream `ai` (`generateText` +
 * `MockLanguageModelV4`, tools from `tool`/`dynamicTool`): content, steps, response messages,
 * recorded call options (prompt of each step, tools, tool choice) and the executed tools, for
 * client tools (sync, failing, streaming), dynamic tools, invalid calls, repair, execution only
 * after `stop`/`tool-calls`, each stop condition, `interrupted`, and tool choice enforcement.
 */
import { describe, expect, it } from "@effect/vitest"
import type { LanguageModelV4ToolCall } from "@ai-sdk/provider"
import { generateText as upstreamGenerateText, hasToolCall as upHasToolCall, isStepCount as upIsStepCount } from "ai"
import { MockLanguageModelV4 } from "ai/test"
import { Effect } from "effect"
import * as GenerateText from "../../src/core/GenerateText.ts"
import * as StopCondition from "../../src/core/StopCondition.ts"
import type { Content, ToolCall } from "../../src/contract/Content.ts"
import type { GenerateResult } from "../../src/contract/Results.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import { normalize } from "../testing/normalize.ts"
import { ourTools, upstreamTools } from "../testing/toolsets.ts"

type Reason = "stop" | "tool-calls" | "length" | "interrupted"

const result = (content: ReadonlyArray<Content>, unified: Reason = "tool-calls"): GenerateResult => ({
  content,
  finishReason: H.finishReason(unified),
  usage: H.usage(3, 10),
  warnings: [],
  response: { id: "r1", modelId: "m1", timestamp: new Date(0) }
})

const call = (id: string, toolName: string, input: unknown, extra: Partial<ToolCall> = {}): ToolCall => ({
  type: "tool-call",
  toolCallId: id,
  toolName,
  input: typeof input === "string" ? input : JSON.stringify(input),
  ...extra
})

const answer = result([{ type: "text", text: "Sunny" }], "stop")

interface Scenario {
  readonly stop?: { readonly steps: number } | { readonly toolCall: string } | { readonly custom: number }
  readonly toolChoice?: "auto" | "none" | "required" | { readonly type: "tool"; readonly toolName: "weather" }
  readonly repair?: "fix-name" | "still-invalid" | "throws"
  readonly activeTools?: ReadonlyArray<"weather" | "text">
  /** prepareStep: for step 1, force `text` as the only active tool, a new system message, and drop the first user message */
  readonly prepare?: boolean
  readonly system?: string
}

const repaired = (toolCall: ToolCall, mode: Scenario["repair"]): ToolCall | null =>
  mode === "fix-name"
    ? { ...toolCall, toolName: "weather", input: "{\"city\":\"Rome\"}" }
    : mode === "still-invalid"
    ? { ...toolCall, toolCallId: "R", toolName: "weather", input: "[1]" }
    : null

const view = (r: {
  readonly content: ReadonlyArray<unknown>
  readonly text: string
  readonly finishReason: string
  readonly steps: ReadonlyArray<{ readonly content: ReadonlyArray<unknown>; readonly finishReason: string; readonly response: { readonly messages: ReadonlyArray<unknown> } }>
}) => normalize([{
  content: r.content,
  text: r.text,
  finishReason: r.finishReason,
  steps: r.steps.map((s) => ({ content: s.content, finishReason: s.finishReason, messages: s.response.messages }))
}])

/** The call options a test compares: prompt, tools, tool choice. */
const callView = (calls: ReadonlyArray<{ readonly prompt: unknown; readonly tools?: unknown; readonly toolChoice?: unknown }>) =>
  normalize(calls.map((c) => ({ prompt: c.prompt, tools: c.tools, toolChoice: c.toolChoice })))

const runUpstream = async (scripted: ReadonlyArray<GenerateResult>, scenario: Scenario) => {
  const calls: Array<string> = []
  const model = new MockLanguageModelV4({ doGenerate: scripted.map((r) => ({ ...r, content: [...r.content] })) as never })
  const stop = scenario.stop
  const mode = scenario.repair
  const outcome = await upstreamGenerateText({
    model,
    prompt: "hi",
    ...(scenario.system !== undefined ? { system: scenario.system } : {}),
    tools: upstreamTools(calls),
    ...(scenario.prepare === true ? {
      prepareStep: ({ stepNumber, messages }: { stepNumber: number; messages: Array<unknown> }) =>
        stepNumber === 1
          ? { activeTools: ["text" as const], toolChoice: "required" as const, system: "step two", messages: messages.slice(1) as never }
          : undefined
    } : {}),
    ...(scenario.toolChoice !== undefined ? { toolChoice: scenario.toolChoice } : {}),
    ...(scenario.activeTools !== undefined ? { activeTools: [...scenario.activeTools] } : {}),
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
        return repaired(toolCall as ToolCall, mode) as LanguageModelV4ToolCall | null
      }
    })
  }).then((r) => ({ ok: true as const, view: view(r) }), (e: Error) => ({ ok: false as const, view: normalize([e]) }))
  return { outcome, calls, modelCalls: callView(model.doGenerateCalls) }
}

const runOurs = (scripted: ReadonlyArray<GenerateResult>, scenario: Scenario) =>
  Effect.gen(function*() {
    const calls: Array<string> = []
    const stop = scenario.stop
    const mode = scenario.repair
    const recorder = yield* MockLanguageModel.MockLanguageModel
    const outcome = yield* GenerateText.generateText({
      prompt: "hi",
      system: scenario.system,
      tools: ourTools(calls),
      prepareStep: scenario.prepare === true
        ? ({ stepNumber, messages }) =>
          Effect.succeed(
            stepNumber === 1
              ? { activeTools: ["text" as const], toolChoice: "required" as const, system: "step two", messages: messages.slice(1) }
              : undefined
          )
        : undefined,
      toolChoice: scenario.toolChoice,
      activeTools: scenario.activeTools,
      stopWhen: stop === undefined
        ? undefined
        : "steps" in stop
        ? StopCondition.isStepCount(stop.steps)
        : "toolCall" in stop
        ? StopCondition.hasToolCall(stop.toolCall)
        : ({ steps }) => Effect.succeed(steps.length >= stop.custom),
      repairToolCall: mode === undefined
        ? undefined
        : ({ toolCall }) => mode === "throws" ? Effect.fail(new Error("repair failed")) : Effect.succeed(repaired(toolCall, mode))
    }).pipe(
      Effect.match({
        onSuccess: (r) => ({ ok: true as const, view: view(r) }),
        onFailure: (e) => ({ ok: false as const, view: normalize([e]) })
      })
    )
    return { outcome, calls, modelCalls: callView(yield* recorder.generateCalls) }
  }).pipe(Effect.provide(MockLanguageModel.layer({ generate: scripted })))

const differential = (name: string, scripted: ReadonlyArray<GenerateResult>, scenario: Scenario = {}) =>
  it.live(name, () =>
    Effect.gen(function*() {
      const upstream = yield* Effect.promise(() => runUpstream(scripted, scenario))
      const ours = yield* runOurs(scripted, scenario)
      expect(ours.outcome).toEqual(upstream.outcome)
      expect(ours.calls).toEqual(upstream.calls)
      expect(ours.modelCalls).toEqual(upstream.modelCalls)
    }))

const weather = (id: string, city: unknown = "Paris") => call(id, "weather", { city })

describe("generateText with client tools (differential)", () => {
  differential("sync tool then an answer; the second call's prompt holds the response messages", [
    result([{ type: "text", text: "checking" }, weather("c1")]),
    answer
  ], { stop: { steps: 3 } })
  differential("default stopWhen: one step", [result([weather("c1")]), answer])
  differential("failing tool: tool-error with the raw error, error-text in messages", [
    result([call("c1", "fails", {})]),
    answer
  ], { stop: { steps: 3 } })
  differential("streaming tool: only the final result is step content", [result([call("c1", "progress", {})]), answer], {
    stop: { steps: 3 }
  })
  differential("dynamic tool, text tool with title/metadata, tool without execute", [
    result([call("c1", "dyn", { q: 1 }), call("c2", "text", ""), call("c3", "noexec", {})])
  ], { stop: { steps: 3 } })
  differential("invalid calls: unknown tool, bad JSON, schema failure, plus a valid call", [
    result([call("c1", "nope", {}), call("c2", "weather", "not json"), call("c3", "weather", { city: 1 }), weather("c4")]),
    answer
  ], { stop: { steps: 3 } })
  differential("tools do not run on length", [result([weather("c1")], "length"), answer], { stop: { steps: 3 } })
  differential("interrupted stops the loop", [result([weather("c1")], "interrupted"), answer], { stop: { steps: 3 } })
  differential("hasToolCall", [result([weather("c1")]), result([call("c2", "text", {})]), answer], {
    stop: { toolCall: "text" }
  })
  differential("custom stop condition", [result([weather("c1")]), result([weather("c2")]), result([weather("c3")]), answer], {
    stop: { custom: 2 }
  })
  differential("activeTools: only those are sent and parsed", [result([call("c1", "fails", {}), weather("c2")])], {
    activeTools: ["weather"]
  })
  differential("provider-executed error next to client results: error-json vs error-text, call order", [
    result([
      call("c1", "fails", {}),
      call("p1", "web", {}, { providerExecuted: true, dynamic: true }),
      { type: "tool-result", toolCallId: "p1", toolName: "web", result: { e: 1 }, isError: true },
      weather("c2")
    ])
  ])
})

describe("generateText prepareStep (differential)", () => {
  differential("prepareStep changes active tools, tool choice, system and messages of step 1 only", [
    result([weather("c1")]),
    result([call("c2", "text", {})]),
    answer
  ], { prepare: true, system: "be brief", stop: { steps: 5 } })
  differential("prepareStep tool choice is enforced", [result([weather("c1")]), result([{ type: "text", text: "no tool" }], "stop")], {
    prepare: true,
    stop: { steps: 5 }
  })
})

describe("generateText repair (differential)", () => {
  differential("repair fixes a tool name", [result([call("c1", "wether", {})]), answer], {
    repair: "fix-name",
    stop: { steps: 3 }
  })
  differential("repaired call still invalid", [result([call("c1", "wether", { a: 1 })])], { repair: "still-invalid" })
  differential("repair throws", [result([call("c1", "weather", "bad")])], { repair: "throws" })
})

describe("generateText tool choice (differential)", () => {
  differential("required violated fails with ToolChoiceViolationError", [answer], { toolChoice: "required" })
  differential("specific tool violated", [result([call("c1", "text", {})])], { toolChoice: { type: "tool", toolName: "weather" } })
  differential("specific tool satisfied", [result([weather("c1")]), answer], {
    toolChoice: { type: "tool", toolName: "weather" }
  })
  differential("required but interrupted is exempt", [result([{ type: "text", text: "cut" }], "interrupted")], {
    toolChoice: "required"
  })
  differential("none with a tool call fails; no repair, no execution", [result([call("c1", "wether", {})])], {
    toolChoice: "none",
    repair: "fix-name"
  })
  differential("none without calls", [answer], { toolChoice: "none" })
})
