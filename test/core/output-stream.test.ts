/**
 * Differential tests of structured output in streamText against upstream `ai` (`streamText({
 * output })` + `MockLanguageModelV4`) on the same scripted parts: the full stream (upstream's
 * output transform coalesces text deltas that do not change the partial output), the partial
 * outputs (`partialOutputStream`), the elements (`elementStream`), the final `output` and the
 * response format of each call; with a tool step in between (the partial output restarts at
 * each step). Normalizations as in stream-text.test.ts.
 */
import { describe, expect, it } from "@effect/vitest"
import { Output as UpstreamOutput, streamText as upstreamStreamText, tool as upstreamTool } from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import { Effect, Schema, Stream } from "effect"
import { z } from "zod"
import * as Output from "../../src/core/Output.ts"
import * as OutputStream from "../../src/core/OutputStream.ts"
import * as StreamText from "../../src/core/StreamText.ts"
import * as Tool from "../../src/core/Tool.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import { normalize } from "../testing/normalize.ts"

const usage = H.usage(3, 10)
const step = (deltas: ReadonlyArray<string>, finish: "stop" | "tool-calls" = "stop", extra: ReadonlyArray<StreamPart> = []): Array<StreamPart> => [
  { type: "stream-start", warnings: [] },
  { type: "response-metadata", id: "r1", modelId: "m1", timestamp: new Date(0) },
  ...H.textParts("t", ...deltas),
  ...extra,
  { type: "finish", finishReason: { unified: finish, raw: finish }, usage }
]

const upstreamWeather = upstreamTool({ inputSchema: z.object({ city: z.string() }), execute: async ({ city }) => `sunny in ${city}` })
const weather = Tool.make({
  inputSchema: Schema.Struct({ city: Schema.String }),
  execute: ({ city }) => Effect.succeed(`sunny in ${city}`)
})

const runUpstream = async (scripted: ReadonlyArray<ReadonlyArray<StreamPart>>, output: unknown, withTools: boolean) => {
  let call = 0
  const model = new MockLanguageModelV4({
    doStream: async () => ({ stream: convertArrayToReadableStream([...(scripted[call++] ?? [])]) as never })
  })
  const result = upstreamStreamText({
    model,
    prompt: "hi",
    onError: () => {},
    output: output as never,
    ...(withTools ? { tools: { weather: upstreamWeather }, stopWhen: () => false } : {})
  })
  const partials: Array<unknown> = []
  const elements: Array<unknown> = []
  const parts: Array<unknown> = []
  let elementError: unknown = undefined
  await Promise.all([
    (async () => {
      for await (const p of result.fullStream) parts.push(p)
    })(),
    (async () => {
      for await (const p of result.partialOutputStream) partials.push(p)
    })(),
    (async () => {
      try {
        for await (const e of result.elementStream) elements.push(e)
      } catch (error) {
        elementError = error
      }
    })()
  ])
  let final: unknown
  try {
    final = { ok: await result.output }
  } catch (error) {
    final = { error: (error as Error).name, message: (error as Error).message }
  }
  return {
    parts: normalize(parts),
    partials,
    elements,
    elementError: elementError === undefined ? undefined : (elementError as Error).name,
    final,
    responseFormats: model.doStreamCalls.map((c) => c.responseFormat)
  }
}

const runOurs = (scripted: ReadonlyArray<ReadonlyArray<StreamPart>>, output: Output.Any, withTools: boolean) =>
  Effect.gen(function*() {
    const recorder = yield* MockLanguageModel.MockLanguageModel
    const stream = StreamText.streamText({
      prompt: "hi",
      output,
      ...(withTools ? { tools: { weather }, stopWhen: () => Effect.succeed(false) } : {})
    })
    const parts = Array.from(yield* Stream.runCollect(stream))
    const partials = Array.from(yield* Stream.runCollect(OutputStream.partialOutputStream(Stream.fromIterable(parts), output)))
    const elementsExit = yield* Effect.exit(Stream.runCollect(OutputStream.elementStream(Stream.fromIterable(parts), output)))
    const elements = elementsExit._tag === "Success" ? Array.from(elementsExit.value) : collectedBeforeError(parts, output)
    const result = yield* StreamText.aggregate(parts)
    const finalExit = yield* Effect.exit(OutputStream.output(result, output))
    const error = elementsExit._tag === "Failure" ? elementsExit.cause.reasons[0] : undefined
    const failure = finalExit._tag === "Failure" ? finalExit.cause.reasons[0] : undefined
    return {
      parts: normalize(parts),
      partials,
      elements,
      elementError: error !== undefined && "error" in error ? (error.error as Error).name : undefined,
      final: finalExit._tag === "Success"
        ? { ok: finalExit.value }
        : { error: failure !== undefined && "error" in failure ? (failure.error as Error).name : "?", message: failure !== undefined && "error" in failure ? (failure.error as Error).message : "?" },
      responseFormats: (yield* recorder.streamCalls).map((c) => c.responseFormat)
    }
  }).pipe(Effect.provide(MockLanguageModel.layer({ stream: scripted.map((parts) => ({ stream: parts })) })))

// the elements emitted before an elementStream failure (upstream delivers them, then errors)
const collectedBeforeError = (parts: ReadonlyArray<StreamText.TextStreamPart>, output: Output.Any): Array<unknown> => {
  const out: Array<unknown> = []
  Effect.runSync(Effect.exit(Stream.runForEach(OutputStream.elementStream(Stream.fromIterable(parts), output), (e) => Effect.sync(() => out.push(e)))))
  return out
}

const differential = (
  name: string,
  scripted: ReadonlyArray<ReadonlyArray<StreamPart>>,
  ours: Output.Any,
  upstream: unknown,
  withTools = false
) =>
  it.live(name, () =>
    Effect.gen(function*() {
      const expected = yield* Effect.promise(() => runUpstream(scripted, upstream, withTools))
      const actual = yield* runOurs(scripted, ours, withTools)
      expect(JSON.parse(JSON.stringify(actual))).toEqual(JSON.parse(JSON.stringify(expected)))
    }))

const Person = Schema.Struct({ name: Schema.String, tags: Schema.Array(Schema.String) })
const zPerson = z.object({ name: z.string(), tags: z.array(z.string()) })

describe("streamText output (vs upstream)", () => {
  differential(
    "object: partials per changing delta, coalesced text deltas, final output",
    [step(["{\"na", "me\"", ":", " \"Ad", "a\", \"tags\": [", "\"x\"", ", \"y", "\"]}"])],
    Output.object({ schema: Person }),
    UpstreamOutput.object({ schema: zPerson })
  )
  differential(
    "object: final text does not match the schema",
    [step(["{\"name\":", "1}"])],
    Output.object({ schema: Person }),
    UpstreamOutput.object({ schema: zPerson })
  )
  differential(
    "array: elements as they complete",
    [step(["{\"elements\":[{\"name\":\"a\",\"tags\":[]}", ",{\"name\":\"b\",", "\"tags\":[\"t\"]},", "{\"name\":", "3}]}"])],
    Output.array({ element: Person }),
    UpstreamOutput.array({ element: zPerson })
  )
  differential(
    "array: more than maxItems fails the element stream",
    [step(["{\"elements\":[\"a\",", "\"b\",", "\"c\"]}"])],
    Output.array({ element: Schema.String, maxItems: 1 }),
    UpstreamOutput.array({ element: z.string(), maxItems: 1 })
  )
  differential(
    "array: the last allowed element and an overflowing one complete in one delta: the first is delivered, then the failure",
    [step(["{\"elements\":[\"a\",\"b\"]}"])],
    Output.array({ element: Schema.String, maxItems: 1 }),
    UpstreamOutput.array({ element: z.string(), maxItems: 1 })
  )
  differential(
    "array: text around the envelope falls back to the generic parse",
    [step(["Sure: {\"elements\":[", "\"a\",\"b\"", "]}"])],
    Output.array({ element: Schema.String }),
    UpstreamOutput.array({ element: z.string() })
  )
  differential(
    "choice: a prefix is published once unambiguous",
    [step(["{\"result\":\"g", "re", "en\"}"])],
    Output.choice({ options: ["green", "grey", "red"] }),
    UpstreamOutput.choice({ options: ["green", "grey", "red"] })
  )
  differential(
    "json: any value",
    [step(["[1,", " {\"a\":", "tr", "ue}]"])],
    Output.json(),
    UpstreamOutput.json()
  )
  differential(
    "text: every delta",
    [step(["Hel", "lo"])],
    Output.text(),
    UpstreamOutput.text()
  )
  differential(
    "partial output restarts at each step (tool step, then the answer)",
    [
      step(["{\"name\":\"draft", "\""], "tool-calls", [H.toolCall("c1", "weather", { city: "Paris" })]),
      step(["{\"name\":\"fi", "nal\",\"tags\":[]}"])
    ],
    Output.object({ schema: Person }),
    UpstreamOutput.object({ schema: zPerson }),
    true
  )
})
