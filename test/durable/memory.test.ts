/**
 * Durable agent semantics on `WorkflowEngine.layerMemory`: the durable run ends with the messages
 * the plain `Agent` gives on the same model script (tools, prepareStep, stopWhen, approvals
 * approved and denied), the parts and messages a reader sees, the journal (a replay after a
 * suspension calls no model and runs no tool twice), the approval timeout, and interruption.
 */
import { describe, expect, it } from "@effect/vitest"
import { Deferred, Effect, Exit, Layer, Option, Schema } from "effect"
import * as Agent from "../../src/core/Agent.ts"
import { isStepCount } from "../../src/core/StopCondition.ts"
import * as Tool from "../../src/core/Tool.ts"
import type * as Output from "../../src/core/Output.ts"
import type * as Toolkit from "../../src/core/Toolkit.ts"
import * as DurableAgent from "../../src/durable/DurableAgent.ts"
import * as DurableEngine from "../../src/durable/DurableEngine.ts"
import * as DurableTool from "../../src/durable/DurableTool.ts"
import * as Runs from "../../src/durable/Runs.ts"
import { isJsonObject } from "../../src/contract/Json.ts"
import type { GenerateResult } from "../../src/contract/Results.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"

const result = (content: GenerateResult["content"], unified: "stop" | "tool-calls"): GenerateResult => ({
  content,
  finishReason: H.finishReason(unified),
  usage: H.usage(3, 10),
  warnings: [],
  response: { id: `r-${content.length}-${unified}`, modelId: "m1", timestamp: new Date(0) }
})
const calls = (step: number): GenerateResult =>
  result([
    { type: "text", text: `step ${step}` },
    { type: "tool-call", toolCallId: `s${step}-a`, toolName: "store", input: JSON.stringify({ value: `v${step}` }) },
    { type: "tool-call", toolCallId: `s${step}-b`, toolName: "notify", input: JSON.stringify({ to: `u${step}` }) }
  ], "tool-calls")
const done = result([{ type: "text", text: "all done" }], "stop")
const threeSteps = [calls(0), calls(1), done]

/** Tools that count their executions (and record the idempotency key they saw). */
const countingTools = (counts: Map<string, number>, keys: Array<string> = []) => ({
  store: Tool.make({
    description: "store a value",
    inputSchema: Schema.Struct({ value: Schema.String }),
    execute: ({ value }, { toolCallId }) =>
      Effect.sync(() => {
        counts.set(toolCallId, (counts.get(toolCallId) ?? 0) + 1)
        return { stored: value }
      })
  }),
  notify: Tool.make({
    description: "notify someone",
    inputSchema: Schema.Struct({ to: Schema.String }),
    execute: ({ to }, { toolCallId }) =>
      Effect.gen(function*() {
        counts.set(toolCallId, (counts.get(toolCallId) ?? 0) + 1)
        const key = yield* Effect.serviceOption(DurableTool.DurableToolCall)
        if (Option.isSome(key)) keys.push(key.value.idempotencyKey)
        return `notified ${to}`
      })
  })
})

/** Approval ids are generated: replaced by their order of appearance. */
const normalizeIds = (value: unknown): unknown => {
  const ids = new Map<string, string>()
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk)
    if (v !== null && typeof v === "object") {
      return Object.fromEntries(Object.entries(v).map(([k, x]) => {
        if (k === "approvalId" && typeof x === "string") {
          if (!ids.has(x)) ids.set(x, `approval-${ids.size}`)
          return [k, ids.get(x)]
        }
        return [k, walk(x)]
      }))
    }
    return v
  }
  return walk(JSON.parse(JSON.stringify(value)))
}

const runDurable = <T extends Toolkit.Any, O extends Output.Any, A, E>(
  agent: DurableAgent.DurableAgent<T, never, O, never, never>,
  script: ReadonlyArray<GenerateResult>,
  use: (runs: Runs.Shape, mock: MockLanguageModel.Recorder) => Effect.Effect<A, E>
) => {
  const model = MockLanguageModel.layer({ generate: script })
  const engine = DurableEngine.layerMemory
  const services = Layer.mergeAll(
    DurableAgent.layer(agent),
    Runs.layer(agent, { pollInterval: 5 })
  ).pipe(Layer.provideMerge(Layer.merge(engine, model)))
  return Effect.gen(function*() {
    const runs = yield* Runs.Runs
    const mock = yield* MockLanguageModel.MockLanguageModel
    return yield* use(runs, mock)
  }).pipe(Effect.provide(services))
}

describe("durable agent on the memory engine", () => {
  it.live("a three-step run with two tool calls per step: the plain agent's messages, each tool once", () =>
    Effect.gen(function*() {
      const settings = (counts: Map<string, number>) => ({
        instructions: "Be brief.",
        tools: countingTools(counts),
        stopWhen: isStepCount(5)
      })
      const plainCounts = new Map<string, number>()
      const plain = yield* Agent.make(settings(plainCounts)).generate({ prompt: "go" }).pipe(
        Effect.provide(MockLanguageModel.layer({ generate: threeSteps }))
      )
      const counts = new Map<string, number>()
      const keys: Array<string> = []
      const agent = DurableAgent.make("three-steps", { ...settings(counts), tools: countingTools(counts, keys) })
      const { output, parts, messages, modelCalls } = yield* runDurable(agent, threeSteps, (runs, mock) =>
        Effect.gen(function*() {
          const runId = yield* runs.start({ prompt: "go" })
          const output = yield* runs.await(runId)
          const status = yield* runs.status(runId)
          expect(status.status).toBe("completed")
          return {
            output,
            parts: yield* runs.parts(runId),
            messages: yield* runs.messages(runId),
            modelCalls: (yield* mock.generateCalls).length
          }
        }))
      expect(normalizeIds(output.messages)).toEqual(normalizeIds(plain.responseMessages))
      expect(output.text).toBe(plain.text)
      expect(output.steps).toBe(plain.steps.length)
      expect(modelCalls).toBe(3)
      expect([...counts.entries()]).toEqual([...plainCounts.entries()])
      expect([...counts.values()].every((n) => n === 1)).toBe(true)
      // the notify tool saw a key per call, stable and distinct across calls
      expect(new Set(keys).size).toBe(2)
      // a reader's messages: the prompt, then what the run added
      expect(normalizeIds(messages)).toEqual(normalizeIds([{ role: "user", content: "go" }, ...plain.responseMessages]))
      const types = parts.map((p) => (isJsonObject(p) ? p.type : undefined))
      expect(types[0]).toBe("start")
      expect(types.filter((t) => t === "start-step")).toHaveLength(3)
      expect(types.filter((t) => t === "tool-result")).toHaveLength(4)
      expect(types[types.length - 1]).toBe("finish")
    }))

  it.live("prepareStep and stopWhen run in the body: same steps as the plain agent", () =>
    Effect.gen(function*() {
      const settings = {
        tools: countingTools(new Map()),
        stopWhen: isStepCount(2),
        prepareStep: ({ stepNumber }: { readonly stepNumber: number }) =>
          Effect.succeed(stepNumber === 1 ? { activeTools: ["store" as const], system: "second step" } : undefined)
      }
      const plain = yield* Agent.make(settings).generate({ prompt: "go" }).pipe(
        Effect.provide(MockLanguageModel.layer({ generate: threeSteps }))
      )
      const agent = DurableAgent.make("prepare-step", settings)
      const { output, prompts } = yield* runDurable(agent, threeSteps, (runs, mock) =>
        Effect.gen(function*() {
          const runId = yield* runs.start({ prompt: "go" })
          return { output: yield* runs.await(runId), prompts: yield* mock.generateCalls }
        }))
      expect(output.steps).toBe(2)
      expect(normalizeIds(output.messages)).toEqual(normalizeIds(plain.responseMessages))
      expect(prompts[1]!.prompt[0]).toEqual({ role: "system", content: "second step" })
      expect(prompts[1]!.tools?.map((t) => t.name)).toEqual(["store"])
    }))

  const approvalTools = (counts: Map<string, number>) => ({
    ...countingTools(counts),
    transfer: Tool.make({
      inputSchema: Schema.Struct({ amount: Schema.Number }),
      needsApproval: true,
      execute: ({ amount }, { toolCallId }) =>
        Effect.sync(() => {
          counts.set(toolCallId, (counts.get(toolCallId) ?? 0) + 1)
          return { sent: amount }
        })
    })
  })
  const approvalScript = [
    result([
      { type: "tool-call", toolCallId: "t1", toolName: "transfer", input: "{\"amount\":5}" },
      { type: "tool-call", toolCallId: "n1", toolName: "notify", input: "{\"to\":\"bob\"}" }
    ], "tool-calls"),
    done
  ]
  /** The plain agent's run with a person answering the approval between two generate calls. */
  const plainWithApproval = (approved: boolean, reason: string | undefined) =>
    Effect.gen(function*() {
      const agent = Agent.make({ tools: approvalTools(new Map()) })
      const first = yield* agent.generate({ prompt: "pay" })
      const request = first.content.find((p) => p.type === "tool-approval-request")
      if (request?.type !== "tool-approval-request") return yield* Effect.die("no approval request")
      const answer = {
        role: "tool" as const,
        content: [{ type: "tool-approval-response" as const, approvalId: request.approvalId, approved, ...(reason !== undefined ? { reason } : {}) }]
      }
      const second = yield* agent.generate({ messages: [{ role: "user", content: "pay" }, ...first.responseMessages, answer] })
      return [...first.responseMessages, answer, ...second.responseMessages]
    }).pipe(Effect.provide(MockLanguageModel.layer({ generate: approvalScript })))

  for (const [approved, reason] of [[true, undefined], [false, "too much"]] as const) {
    it.live(`approval ${approved ? "approved" : "denied with a reason"}: waits, then the plain agent's messages`, () =>
      Effect.gen(function*() {
        const plain = yield* plainWithApproval(approved, reason)
        const counts = new Map<string, number>()
        const agent = DurableAgent.make(`approval-${approved}`, { tools: approvalTools(counts) })
        const { output, modelCalls, waiting } = yield* runDurable(agent, approvalScript, (runs, mock) =>
          Effect.gen(function*() {
            const runId = yield* runs.start({ prompt: "pay" })
            let waiting = yield* runs.status(runId)
            while (waiting.status !== "waiting") {
              yield* Effect.sleep(5)
              waiting = yield* runs.status(runId)
            }
            expect(Option.isNone(yield* runs.result(runId))).toBe(true)
            if (approved) yield* runs.approve(runId, "t1")
            else yield* runs.deny(runId, "t1", reason)
            return { output: yield* runs.await(runId), modelCalls: (yield* mock.generateCalls).length, waiting }
          }))
        expect(waiting.status).toBe("waiting")
        expect(normalizeIds(output.messages)).toEqual(normalizeIds(plain))
        expect(modelCalls).toBe(2)
        expect(counts.get("t1")).toBe(approved ? 1 : undefined)
        expect(counts.get("n1")).toBe(1)
      }))
  }

  it.live("an approval timeout (DurableClock) denies the call with the configured reason", () =>
    Effect.gen(function*() {
      const plain = yield* plainWithApproval(false, "nobody answered")
      const counts = new Map<string, number>()
      const agent = DurableAgent.make("approval-timeout", { tools: approvalTools(counts) }, {
        approvalTimeout: "30 millis",
        approvalTimeoutReason: "nobody answered"
      })
      const output = yield* runDurable(agent, approvalScript, (runs) =>
        Effect.flatMap(runs.start({ prompt: "pay" }), runs.await))
      expect(normalizeIds(output.messages)).toEqual(normalizeIds(plain))
      expect(counts.get("t1")).toBeUndefined()
    }))

  it.live("interrupt by run id: no further model call or tool execution", () =>
    Effect.gen(function*() {
      const entered = yield* Deferred.make<void>()
      const stopped = yield* Deferred.make<void>()
      const counts = new Map<string, number>()
      const blocking = {
        ...countingTools(counts),
        store: Tool.make({
          inputSchema: Schema.Struct({ value: Schema.String }),
          execute: ({ value }, { toolCallId }) =>
            Effect.gen(function*() {
              counts.set(toolCallId, (counts.get(toolCallId) ?? 0) + 1)
              yield* Deferred.succeed(entered, undefined)
              yield* Effect.onInterrupt(Effect.never, () => Deferred.succeed(stopped, undefined))
              return value
            })
        })
      }
      const agent = DurableAgent.make("interrupt", { tools: blocking, toolCallConcurrency: 1, stopWhen: isStepCount(5) }, {
        interruptPollInterval: 20
      })
      const { status, exit, modelCalls } = yield* runDurable(agent, threeSteps, (runs, mock) =>
        Effect.gen(function*() {
          const runId = yield* runs.start({ prompt: "go" })
          yield* Deferred.await(entered)
          yield* runs.interrupt(runId)
          // the running tool is stopped (its activity would otherwise hold it until the process ends)
          yield* Deferred.await(stopped).pipe(Effect.timeout("2 seconds"))
          yield* Effect.sleep(50)
          return {
            status: (yield* runs.status(runId)).status,
            exit: yield* runs.result(runId),
            modelCalls: (yield* mock.generateCalls).length
          }
        }))
      expect(status).toBe("interrupted")
      expect(modelCalls).toBe(1)
      // the blocked store call ran once; notify (after it, concurrency 1) never ran
      expect([...counts.entries()]).toEqual([["s0-a", 1]])
      // no output: the engine reports no result, or a failed one
      expect(Option.isNone(exit) || Exit.isFailure(exit.value)).toBe(true)
    }))
})
