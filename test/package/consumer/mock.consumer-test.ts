// Copied into a fresh consumer project as src/mock.test.ts by test/package/consumer.test.ts and run
// there with its own vitest, against the installed package.
import { expect, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { GenerateText, StopCondition, Tool } from "aimux"
import { MockLanguageModel, StreamHelpers } from "aimux/testing"

const weather = Tool.make({
  description: "Get the current weather of a city",
  inputSchema: Schema.Struct({ city: Schema.String }),
  execute: ({ city }) => Effect.succeed({ city, temperature: 22 })
})

it.effect("a scripted two-step tool conversation", () =>
  Effect.gen(function*() {
    const result = yield* GenerateText.generateText({
      prompt: "Weather in Lisbon?",
      tools: { weather },
      stopWhen: StopCondition.isStepCount(3)
    })
    expect(result.text).toBe("Sunny, 22 °C.")
    expect(result.steps.length).toBe(2)
    const recorder = yield* MockLanguageModel.MockLanguageModel
    const calls = yield* recorder.generateCalls
    expect(calls.length).toBe(2)
    expect(JSON.stringify(calls[1]?.prompt)).toContain("\"temperature\":22")
  }).pipe(Effect.provide(MockLanguageModel.layer({
    generate: [
      {
        content: [{ type: "tool-call", toolCallId: "c1", toolName: "weather", input: "{\"city\":\"Lisbon\"}" }],
        finishReason: StreamHelpers.finishReason("tool-calls"),
        usage: StreamHelpers.usage(5, 3),
        warnings: []
      },
      {
        content: [{ type: "text", text: "Sunny, 22 °C." }],
        finishReason: StreamHelpers.finishReason("stop"),
        usage: StreamHelpers.usage(9, 4),
        warnings: []
      }
    ]
  }))))
