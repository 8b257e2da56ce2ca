/**
 * The steering example of docs/generation.md: a message sent while a tool runs joins the next
 * step, after the tool's result; its outcome says which step received it.
 */
import { expect, it } from "@effect/vitest"
import { Effect, Fiber, Schema, Stream } from "effect"
import { Steering, StopCondition, StreamText, Tool } from "aimux"
import { MockLanguageModel, StreamHelpers } from "aimux/testing"

const model = MockLanguageModel.layer({
  stream: [
    { stream: StreamHelpers.framed([StreamHelpers.toolCall("c1", "weather", { city: "Paris" })], StreamHelpers.finish("tool-calls")) },
    { stream: StreamHelpers.framed(StreamHelpers.textParts("t", "Paris, Texas: 30°C")) }
  ]
})

const steered = Effect.gen(function*() {
  const steering = yield* Steering.make
  const sent: Array<Fiber.Fiber<Steering.Outcome>> = []
  const weather = Tool.make({
    inputSchema: Schema.Struct({ city: Schema.String }),
    execute: ({ city }) =>
      Effect.gen(function*() {
        // the user changes their mind while the tool runs; not waiting for the outcome here
        sent.push(yield* Effect.forkDetach(steering.steer("Use Paris, Texas instead."), { startImmediately: true }))
        return { city, temperature: 21 }
      })
  })
  const parts = yield* StreamText.streamText({
    prompt: "Weather in Paris?",
    tools: { weather },
    stopWhen: StopCondition.isStepCount(5),
    experimental_steering: steering
  }).pipe(Stream.runCollect)
  const outcomes = yield* Fiber.joinAll(sent)
  return { types: Array.from(parts, (part) => part.type), outcomes }
})

it.effect("a steering message joins the next step", () =>
  Effect.gen(function*() {
    const { outcomes, types } = yield* Effect.provide(steered, model)
    expect(outcomes).toMatchObject([{ type: "delivered", stepNumber: 1 }])
    // the message is streamed before the output of the step that received it
    expect(types.slice(types.indexOf("steering-message"))).toEqual(
      ["steering-message", "start-step", "text-start", "text-delta", "text-end", "finish-step", "finish"]
    )
  }))
