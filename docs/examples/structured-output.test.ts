/**
 * The examples of docs/structured-output.md: an object output with generateText, the partial
 * outputs of a streamed one, the elements of a streamed array, and a choice.
 */
import { expect, it } from "@effect/vitest"
import { Effect, Schema, Stream } from "effect"
import { GenerateText, Output, OutputStream, StreamText } from "aimux"
import { MockLanguageModel, StreamHelpers } from "aimux/testing"

const Recipe = Schema.Struct({
  name: Schema.String,
  steps: Schema.Array(Schema.String)
})

const recipe = Output.object({ schema: Recipe, name: "recipe" })

const generateRecipe = GenerateText.generateText({
  prompt: "A pancake recipe",
  output: recipe
}).pipe(Effect.map((result) => result.output))

const json = "{\"name\":\"Pancakes\",\"steps\":[\"mix\",\"fry\"]}"

it.effect("generateText: the parsed output and the response format sent", () =>
  Effect.gen(function*() {
    const output = yield* generateRecipe
    expect(output).toEqual({ name: "Pancakes", steps: ["mix", "fry"] })
    const calls = yield* (yield* MockLanguageModel.MockLanguageModel).generateCalls
    expect(calls[0]?.responseFormat?.type).toBe("json")
  }).pipe(Effect.provide(MockLanguageModel.layer({
    generate: {
      content: [{ type: "text", text: json }],
      finishReason: StreamHelpers.finishReason("stop"),
      usage: StreamHelpers.usage(10, 20),
      warnings: []
    }
  }))))

const partials = StreamText.streamText({ prompt: "A pancake recipe", output: recipe }).pipe(
  OutputStream.partialOutputStream(recipe),
  Stream.runCollect
)

it.effect("streamText: partial outputs as the JSON grows", () =>
  Effect.gen(function*() {
    const seen = Array.from(yield* partials)
    expect(seen.at(0)).toEqual({ name: "Pan" })
    expect(seen.at(-1)).toEqual({ name: "Pancakes", steps: ["mix", "fry"] })
  }).pipe(Effect.provide(MockLanguageModel.layer({
    stream: { stream: StreamHelpers.framed(StreamHelpers.textParts("t", "{\"name\":\"Pan", "cakes\",\"steps\":[\"mix\",", "\"fry\"]}")) }
  }))))

const Task = Schema.Struct({ title: Schema.String, done: Schema.Boolean })
const tasks = Output.array({ element: Task, maxItems: 10 })

const completedTasks = StreamText.streamText({ prompt: "Three chores", output: tasks }).pipe(
  OutputStream.elementStream(tasks),
  Stream.runCollect
)

const tasksText = ["{\"elements\":[{\"title\":\"dishes\",\"done\":true},", "{\"title\":\"laundry\",", "\"done\":false},{\"title\":\"plants\",\"done\":false}]}"]

it.effect("streamText: array elements, each once as it completes", () =>
  Effect.gen(function*() {
    const elements = Array.from(yield* completedTasks)
    expect(elements.map((task) => task.title)).toEqual(["dishes", "laundry", "plants"])
  }).pipe(Effect.provide(MockLanguageModel.layer({
    stream: { stream: StreamHelpers.framed(StreamHelpers.textParts("t", ...tasksText)) }
  }))))

const mood = Output.choice({ options: ["happy", "sad", "neutral"] })

const classify = GenerateText.generateText({ prompt: "I love this!", output: mood }).pipe(
  Effect.map((result) => result.output)
)

it.effect("generateText: one of the given options", () =>
  Effect.gen(function*() {
    expect(yield* classify).toBe("happy")
  }).pipe(Effect.provide(MockLanguageModel.layer({
    generate: {
      content: [{ type: "text", text: "{\"result\":\"happy\"}" }],
      finishReason: StreamHelpers.finishReason("stop"),
      usage: StreamHelpers.usage(5, 3),
      warnings: []
    }
  }))))
