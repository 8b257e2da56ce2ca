/**
 * The example of docs/testing.md: a scripted model, a streamed answer on TestClock, and the
 * recorded call options.
 */
import { expect, it } from "@effect/vitest"
import { Effect, Fiber } from "effect"
import { TestClock } from "effect/testing"
import { StreamText } from "aimux"
import { MockLanguageModel, StreamHelpers } from "aimux/testing"

it.effect("streams a scripted answer with delays on TestClock", () =>
  Effect.gen(function*() {
    const fiber = yield* StreamText.streamText({ prompt: "Say hello" }).pipe(
      StreamText.collect,
      Effect.forkChild
    )
    yield* TestClock.adjust(1_000)
    const result = yield* Fiber.join(fiber)
    expect(result.text).toBe("Hello, world")
    expect(result.finishReason).toBe("stop")

    const recorder = yield* MockLanguageModel.MockLanguageModel
    const calls = yield* recorder.streamCalls
    expect(calls[0]?.prompt).toEqual([{ role: "user", content: [{ type: "text", text: "Say hello" }] }])
  }).pipe(Effect.provide(MockLanguageModel.layer({
    stream: {
      stream: StreamHelpers.simulateStream({
        chunks: StreamHelpers.framed(StreamHelpers.textParts("t", "Hello", ", world")),
        chunkDelayInMs: 100
      })
    }
  }))))

