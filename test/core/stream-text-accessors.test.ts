/**
 * More of streamText against upstream `ai` 7.0.173: `textStream`, the `experimental_refineToolInput`
 * name, and a generated file of one step in the next step's prompt (the response message's base64
 * `data` back to a V4 file part).
 */
import { describe, expect, it } from "@effect/vitest"
import { isStepCount as upIsStepCount, streamText as upstreamStreamText } from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import { Effect, Stream } from "effect"
import { LanguageModel } from "../../src/LanguageModel.ts"
import * as StopCondition from "../../src/core/StopCondition.ts"
import * as StreamText from "../../src/core/StreamText.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import { normalize } from "../testing/normalize.ts"
import { ourTools, upstreamTools } from "../testing/toolsets.ts"

const fileAndCall: ReadonlyArray<StreamPart> = H.framed([
  ...H.textParts("t", "Here ", "is "),
  { type: "file", mediaType: "image/png", data: { type: "data", data: "aGVsbG8=" } },
  H.toolCall("c1", "weather", { city: "paris" })
], H.finish("tool-calls"))
const answer: ReadonlyArray<StreamPart> = H.framed(H.textParts("u", "It is ", "21"))

const upstreamRun = async (extra: Record<string, unknown> = {}) => {
  let index = 0
  const calls = [fileAndCall, answer]
  const model = new MockLanguageModelV4({
    doStream: async () => ({ stream: convertArrayToReadableStream([...(calls[index++] ?? answer)]) as never })
  })
  const result = upstreamStreamText({ model, prompt: "hi", tools: upstreamTools(), stopWhen: upIsStepCount(3), ...extra })
  const texts: Array<string> = []
  for await (const text of result.textStream) texts.push(text)
  const steps = await result.steps
  return { model, texts, steps }
}

describe("streamText accessors (differential)", () => {
  it.live("textStream, refined tool input, and the next step's prompt with the generated file", () =>
    Effect.gen(function*() {
      const upstream = yield* Effect.promise(() =>
        upstreamRun({ experimental_refineToolInput: { weather: async (input: { city: string }) => ({ city: input.city.toUpperCase() }) } })
      )
      const mock = yield* MockLanguageModel.make({ stream: [{ stream: fileAndCall }, { stream: answer }] })
      const { fullStream, result } = yield* StreamText.withResult(StreamText.streamText({
        prompt: "hi",
        tools: ourTools(),
        stopWhen: StopCondition.isStepCount(3),
        experimental_refineToolInput: { weather: (input) => Effect.succeed({ city: input.city.toUpperCase() }) }
      }))
      const texts = Array.from(yield* fullStream.pipe(StreamText.textStream, Stream.runCollect, Effect.provideService(LanguageModel, mock.model)))
      expect(texts).toEqual(upstream.texts)
      const aggregate = yield* result
      expect(normalize(aggregate.steps.map((s) => s.toolCalls))).toEqual(normalize(upstream.steps.map((s) => s.toolCalls)))
      const calls = yield* mock.recorder.streamCalls
      expect(calls).toHaveLength(2)
      expect(normalize([calls[1]!.prompt])).toEqual(normalize([upstream.model.doStreamCalls[1]!.prompt]))
    }))
})
