/**
 * The example of docs/agent.md: a tool-loop agent as a value and as a service.
 */
import { expect, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
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
