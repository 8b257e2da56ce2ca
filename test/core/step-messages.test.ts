/**
 * The tool loop hands each step's messages out as copies made on first read (StepMessages): what
 * prepareStep, the callbacks, the tools and the approval functions receive is the step's
 * conversation, and a reader that changes its array changes neither the model's prompt nor the
 * later steps. Checked by running the same loop with and without readers that mutate everything
 * they receive: the model gets the same prompts, and each reader saw the step's messages.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Stream } from "effect"
import * as GenerateText from "../../src/core/GenerateText.ts"
import * as StopCondition from "../../src/core/StopCondition.ts"
import * as StreamText from "../../src/core/StreamText.ts"
import * as Tool from "../../src/core/Tool.ts"
import type { CallOptions } from "../../src/contract/CallOptions.ts"
import type { LanguageModel } from "../../src/LanguageModel.ts"
import type * as Prompt from "../../src/contract/Prompt.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"

const steps = 4
const junk: Prompt.Message = { role: "user", content: [{ type: "text", text: "junk" }] }
const input = (i: number) => JSON.stringify({ n: i })

const model = () =>
  MockLanguageModel.layer({
    generate: (_, i) => ({
      content: i < steps - 1 ? [{ type: "tool-call", toolCallId: `c${i}`, toolName: "echo", input: input(i) }] : [{ type: "text", text: "done" }],
      finishReason: H.finishReason(i < steps - 1 ? "tool-calls" : "stop"),
      usage: H.usage(1, 1),
      warnings: []
    }),
    stream: (_, i) => ({
      stream: i < steps - 1
        ? H.framed([H.toolCall(`c${i}`, "echo", input(i))], H.finish("tool-calls"))
        : H.framed(H.textParts("t", "done"), H.finish("stop"))
    })
  })

const recorded = <A, E>(run: Effect.Effect<A, E, LanguageModel>, kind: "generateCalls" | "streamCalls") =>
  Effect.gen(function*() {
    yield* run
    const recorder = yield* MockLanguageModel.MockLanguageModel
    return yield* recorder[kind]
  }).pipe(Effect.provide(model()))

/** Reads and then mutates an array it was given; records the length and content it saw. */
const vandal = (seen: Array<string>, name: string) => (messages: unknown) => {
  // the step's readers share one copy (as upstream's share one array): compare without the junk
  const own = Array.isArray(messages) ? messages.filter((m) => m !== junk) : messages
  seen.push(`${name}:${JSON.stringify(own)}`)
  // what a JavaScript caller may do to the array (the types say ReadonlyArray)
  if (Array.isArray(messages)) messages.push(junk)
}

const options = (mutate: boolean, seen: Array<string>) => {
  const read = vandal(seen, "x")
  const tools = {
    echo: Tool.make({
      inputSchema: Tool.jsonSchema<{ n: number }>({ type: "object", properties: { n: { type: "number" } }, required: ["n"] }),
      execute: (args, { messages }) =>
        Effect.sync(() => {
          if (mutate) vandal(seen, "tool")(messages)
          return { n: args.n }
        })
    })
  }
  return {
    system: "be brief",
    prompt: "hi",
    tools,
    stopWhen: StopCondition.isStepCount(steps),
    ...(mutate
      ? {
        prepareStep: ({ messages }: { readonly messages: Prompt.Prompt }) => Effect.sync(() => (vandal(seen, "prepareStep")(messages), undefined)),
        onStepStart: (e: { readonly messages: Prompt.Prompt; readonly promptMessages: Prompt.Prompt }) =>
          Effect.sync(() => {
            vandal(seen, "onStepStart")(e.messages)
            read(e.promptMessages)
          }),
        onLanguageModelCallStart: (e: { readonly messages: Prompt.Prompt }) => Effect.sync(() => vandal(seen, "callStart")(e.messages)),
        onToolExecutionStart: (e: { readonly messages: Prompt.Prompt }) => Effect.sync(() => vandal(seen, "toolStart")(e.messages)),
        toolApproval: (context: { readonly messages: Prompt.Prompt }) =>
          Effect.sync(() => {
            vandal(seen, "approval")(context.messages)
            return "not-applicable" as const
          })
      }
      : {})
  }
}

const prompts = (calls: ReadonlyArray<CallOptions>) => calls.map((call) => JSON.stringify(call.prompt))

describe("StepMessages: readers that mutate what they receive", () => {
  it.effect("generateText: the model's prompts are unchanged; every reader saw the step's messages", () =>
    Effect.gen(function*() {
      const expected = prompts(yield* recorded(GenerateText.generateText(options(false, [])), "generateCalls"))
      expect(expected).toHaveLength(steps)
      const seen: Array<string> = []
      expect(prompts(yield* recorded(GenerateText.generateText(options(true, seen)), "generateCalls"))).toStrictEqual(expected)
      // each step's readers got its messages: the model's prompt without the system message
      const conversations = expected.map((p) => JSON.stringify(JSON.parse(p).slice(1)))
      for (const name of ["prepareStep", "onStepStart", "callStart", "approval"]) {
        const of = seen.filter((s) => s.startsWith(`${name}:`)).map((s) => s.slice(name.length + 1))
        expect(of.length).toBeGreaterThanOrEqual(steps - 1)
        for (const s of of) expect(conversations).toContain(s)
      }
      // the tools, onToolExecutionStart and onStepStart's promptMessages get the prompt with the system message
      const withSystem = seen.filter((s) => s.startsWith("tool:") || s.startsWith("toolStart:") || s.startsWith("x:"))
      expect(withSystem.length).toBeGreaterThanOrEqual(3 * (steps - 1))
      for (const s of withSystem) expect(expected).toContain(s.slice(s.indexOf(":") + 1))
    }))

  it.effect("streamText: the model's prompts are unchanged; every reader saw the step's messages", () =>
    Effect.gen(function*() {
      const expected = prompts(yield* recorded(Stream.runDrain(StreamText.streamText(options(false, []))), "streamCalls"))
      expect(expected).toHaveLength(steps)
      const seen: Array<string> = []
      expect(prompts(yield* recorded(Stream.runDrain(StreamText.streamText(options(true, seen))), "streamCalls"))).toStrictEqual(expected)
      const conversations = expected.map((p) => JSON.stringify(JSON.parse(p).slice(1)))
      for (const name of ["prepareStep", "onStepStart", "callStart", "approval"]) {
        const of = seen.filter((s) => s.startsWith(`${name}:`)).map((s) => s.slice(name.length + 1))
        expect(of.length).toBeGreaterThanOrEqual(steps - 1)
        for (const s of of) expect(conversations).toContain(s)
      }
    }))
})
