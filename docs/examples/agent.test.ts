/**
 * The examples of docs/agent.md: a tool-loop agent as a value (generate and stream) and as a
 * service.
 */
import { expect, it } from "@effect/vitest"
import { Effect, Schema, Stream } from "effect"
import { Agent, StopCondition, Tool } from "aimux"
import { MockLanguageModel, StreamHelpers } from "aimux/testing"

const weather = Tool.make({
  description: "Weather of a city",
  inputSchema: Schema.Struct({ city: Schema.String }),
  execute: ({ city }) => Effect.succeed({ city, sky: "sunny" })
})

const weatherAgent = Agent.make({
  instructions: "You answer weather questions.",
  tools: { weather },
  stopWhen: StopCondition.isStepCount(5)
})

const askParis = weatherAgent.generate({ prompt: "Weather in Paris?" })

const streamedAnswer = weatherAgent.stream({ prompt: "Weather in Paris?" }).pipe(
  Stream.filter((part) => part.type === "text-delta"),
  Stream.map((part) => (part.type === "text-delta" ? part.text : "")),
  Stream.mkString
)

const askThroughService = Effect.gen(function*() {
  const agent = yield* Agent.Agent
  return yield* agent.generate({ prompt: "Weather in Paris?" })
})

const model = MockLanguageModel.layer({
  generate: (_, index) => ({
    content: index === 0
      ? [{ type: "tool-call", toolCallId: "c1", toolName: "weather", input: "{\"city\":\"Paris\"}" }]
      : [{ type: "text", text: "Sunny in Paris." }],
    finishReason: StreamHelpers.finishReason(index === 0 ? "tool-calls" : "stop"),
    usage: StreamHelpers.usage(10, 5),
    warnings: []
  })
})

it.effect("the agent value", () =>
  Effect.gen(function*() {
    const result = yield* askParis
    expect(result.text).toBe("Sunny in Paris.")
    expect(result.steps.length).toBe(2)
  }).pipe(Effect.provide(model)))

it.effect("the agent service", () =>
  Effect.gen(function*() {
    const result = yield* askThroughService
    expect(result.text).toBe("Sunny in Paris.")
  }).pipe(Effect.provide(Agent.layerAgent(weatherAgent)), Effect.provide(model)))

const streamedModel = MockLanguageModel.layer({
  stream: [
    { stream: StreamHelpers.framed([StreamHelpers.toolCall("c1", "weather", { city: "Paris" })], StreamHelpers.finish("tool-calls")) },
    { stream: StreamHelpers.framed(StreamHelpers.textParts("t", "Sunny ", "in Paris.")) }
  ]
})

it.effect("the agent's stream", () =>
  Effect.gen(function*() {
    expect(yield* streamedAnswer).toBe("Sunny in Paris.")
  }).pipe(Effect.provide(streamedModel)))
