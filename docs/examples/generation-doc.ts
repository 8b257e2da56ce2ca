/**
 * The example block of docs/generation.md, compiled (docs/examples/generation.test.ts runs the same
 * tool and calls). The block sits in a generator because it ends with a `yield*`; the type its
 * comment names is checked after it.
 */
import { Context, Effect, Schema } from "effect"
import { GenerateText, StopCondition, StreamText, Tool } from "aimux"
import type { LanguageModel as LanguageModelNs } from "aimux"
type LanguageModel = LanguageModelNs.LanguageModel

export const example = Effect.gen(function*() {
const prompt = "Weather in Paris?"

class Weather extends Context.Service<Weather, { readonly today: (city: string) => number }>()("docs/Weather") {}

const weather = Tool.make({
  description: "Temperature of a city",
  inputSchema: Schema.Struct({ city: Schema.String }),
  execute: ({ city }) => Effect.map(Effect.service(Weather), (w) => ({ city, temperature: w.today(city) }))
})

// Effect<GenerateTextResult, GenerateTextError, LanguageModel | Weather>
const program = GenerateText.generateText({
  prompt: "Weather in Paris?",
  tools: { weather },
  stopWhen: StopCondition.isStepCount(5)
})

// one run, streamed and aggregated
const { fullStream, result } = yield* StreamText.withResult(StreamText.streamText({ prompt, tools: { weather } }))

const typed: Effect.Effect<GenerateText.GenerateTextResult, GenerateText.GenerateTextError, LanguageModel | Weather> = program
return { typed, fullStream, result }
})
