/**
 * The example of docs/generation.md: a tool with a service requirement, a two-step generation,
 * and the same run streamed with its aggregate.
 */
import { expect, it } from "@effect/vitest"
import { Context, Effect, Layer, Schema, Stream } from "effect"
import { GenerateText, StopCondition, StreamText, Tool } from "aimux"
import { MockLanguageModel, StreamHelpers } from "aimux/testing"

class Weather extends Context.Service<Weather, { readonly today: (city: string) => number }>()("docs/Weather") {}

const weather = Tool.make({
  description: "Temperature of a city",
  inputSchema: Schema.Struct({ city: Schema.String }),
  execute: ({ city }) => Effect.map(Effect.service(Weather), (w) => ({ city, temperature: w.today(city) }))
})

const WeatherLive = Layer.succeed(Weather)({ today: () => 21 })

const model = MockLanguageModel.layer({
  generate: [
    {
      content: [{ type: "tool-call", toolCallId: "c1", toolName: "weather", input: "{\"city\":\"Paris\"}" }],
      finishReason: StreamHelpers.finishReason("tool-calls"),
      usage: StreamHelpers.usage(10, 5),
      warnings: []
    },
    {
      content: [{ type: "text", text: "21°C in Paris" }],
      finishReason: StreamHelpers.finishReason("stop"),
      usage: StreamHelpers.usage(20, 5),
      warnings: []
    }
  ],
  stream: [
    { stream: StreamHelpers.framed([StreamHelpers.toolCall("c1", "weather", { city: "Paris" })], StreamHelpers.finish("tool-calls")) },
    { stream: StreamHelpers.framed(StreamHelpers.textParts("t", "21°C in Paris")) }
  ]
})

it.effect("generateText runs the tool, then answers", () =>
  Effect.gen(function*() {
    const result = yield* GenerateText.generateText({
      prompt: "Weather in Paris?",
      tools: { weather },
      stopWhen: StopCondition.isStepCount(5)
    })
    expect(result.text).toBe("21°C in Paris")
    expect(result.steps).toHaveLength(2)
    expect(result.toolResults[0]?.output).toEqual({ city: "Paris", temperature: 21 })
    expect(result.totalUsage.inputTokens).toBe(30)
  }).pipe(Effect.provide([WeatherLive, model])))

it.effect("streamText: the parts and the aggregate of one run", () =>
  Effect.gen(function*() {
    const stream = StreamText.streamText({
      prompt: "Weather in Paris?",
      tools: { weather },
      stopWhen: StopCondition.isStepCount(5)
    })
    const { fullStream, result } = yield* StreamText.withResult(stream)
    const types = yield* Stream.runCollect(Stream.map(fullStream, (part) => part.type))
    expect(Array.from(types)).toEqual([
      "start", "start-step", "tool-call", "tool-result", "finish-step",
      "start-step", "text-start", "text-delta", "text-end", "finish-step", "finish"
    ])
    expect((yield* result).text).toBe("21°C in Paris")
  }).pipe(Effect.provide([WeatherLive, model])))
