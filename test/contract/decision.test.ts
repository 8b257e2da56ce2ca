import { describe, expect, it } from "@effect/vitest"
import { experimental_decide as decide } from "ai"
import { Experimental_DecisionMockModelV4 as DecisionMockModelV4 } from "ai/test"
import { Effect, Schema } from "effect"
import * as DecisionModel from "../../src/DecisionModel.ts"
import { Answer, DecisionCallOptions, DecisionResult, Question } from "../../src/contract/Decision.ts"
import { DecisionUnsupportedQuestionTypeError, InvalidPromptError } from "../../src/contract/errors/index.ts"

const roundTrip = <S extends Schema.Top & { readonly DecodingServices: never; readonly EncodingServices: never }>(
  schema: S,
  json: unknown
) => {
  const codec = Schema.toCodecJson(schema)
  return Schema.encodeUnknownSync(codec)(Schema.decodeUnknownSync(codec)(json))
}

const questions: ReadonlyArray<unknown> = [
  { type: "choice", criteria: { yes: "it is", no: null } },
  { type: "choice", instructions: "Pick one", criteria: { a: { detail: [1, 2] }, b: ["x"] } },
  { type: "choice", instructions: null, criteria: {} },
  { type: "score", criteria: ["bad", null, "good"] },
  { type: "score", instructions: { rubric: "strict" }, criteria: [] },
  { type: "box" },
  { type: "box", instructions: "the cat" },
  { type: "boolean" },
  { type: "boolean", instructions: "Is it raining?", criteria: null },
  { type: "boolean", criteria: { true: "wet" } },
  { type: "boolean", criteria: { true: null, false: "dry" } }
]

const answers: ReadonlyArray<unknown> = [
  { type: "choice", choice: "yes" },
  { type: "choice", choice: "yes", probabilities: { yes: 0.75, no: 0.25 } },
  { type: "score", score: 1.5 },
  { type: "score", score: 1.5, probabilities: { "0": 0.1, "1": 0.3, "2": 0.6 } },
  { type: "box", box: { top: 0.1, bottom: 0.9, left: 0.2, right: 0.8 } },
  { type: "boolean", probability: 0.42 },
  { type: "refusal" }
]

describe("Decision model schemas", () => {
  it("questions of every type round-trip through the JSON codec", () => {
    for (const q of questions) expect(roundTrip(Question, q)).toStrictEqual(q)
  })

  it("answers of every type (refusal included) round-trip", () => {
    for (const a of answers) expect(roundTrip(Answer, a)).toStrictEqual(a)
  })

  it("call options and results round-trip, optional fields present and absent", () => {
    const minimal = { state: [], questions: {} }
    const full = {
      state: [
        { type: "text", text: "hello" },
        { type: "file", data: { type: "url", url: "https://example.com/cat.png" }, mediaType: "image/png" },
        { type: "json", value: { a: [1, null, "x"] } }
      ],
      questions: { q1: questions[0], q2: questions[5] },
      maxOutputTokens: 100,
      reasoning: "low",
      headers: { "x-a": "1" },
      providerOptions: { mock: { flag: true } }
    }
    expect(roundTrip(DecisionCallOptions, minimal)).toStrictEqual(minimal)
    expect(roundTrip(DecisionCallOptions, full)).toStrictEqual(full)
    const result = {
      answers: { q1: answers[1], q2: answers[6] },
      rounding: { probabilityDecimals: 2 },
      usage: { inputTokens: 10 },
      warnings: [{ type: "other", message: "m" }],
      providerMetadata: { mock: { id: "r" } },
      response: { id: "r1", timestamp: "2024-05-01T10:00:00.000Z", modelId: "m", headers: { a: "b" }, body: { raw: 1 } }
    }
    expect(roundTrip(DecisionResult, result)).toStrictEqual(result)
    expect(roundTrip(DecisionResult, { answers: {}, warnings: [] })).toStrictEqual({ answers: {}, warnings: [] })
  })

  it("rejects what upstream's types reject", () => {
    const codec = Schema.toCodecJson(Answer)
    expect(() => Schema.decodeUnknownSync(codec)({ type: "box", box: { top: 0 } })).toThrow()
    expect(() => Schema.decodeUnknownSync(Schema.toCodecJson(Question))({ type: "score", criteria: [1] })).toThrow()
  })
})

describe("DecisionModel.make", () => {
  const state = [{ type: "text" as const, text: "The sky is grey." }]

  it.effect("rejects an unsupported question type before calling the model, as upstream decide does", () =>
    Effect.gen(function*() {
      let upstreamCalls = 0
      const upstream = new DecisionMockModelV4({
        doDecide: async () => {
          upstreamCalls++
          return { answers: {}, warnings: [] }
        }
      })
      const upstreamError = yield* Effect.promise(() =>
        decide({ model: upstream, state, questions: { where: { type: "box" } } }).then(
          () => undefined,
          (e: unknown) => e
        )
      )
      let calls = 0
      const model = DecisionModel.make({
        provider: "mock-provider",
        modelId: "mock-model-id",
        supportedQuestionTypes: ["choice", "score", "boolean"],
        decide: () => Effect.sync(() => {
          calls++
          return { answers: {}, warnings: [] }
        })
      })
      const error = yield* Effect.flip(model.decide({ state, questions: { where: { type: "box" } } }))
      expect(error).toBeInstanceOf(DecisionUnsupportedQuestionTypeError)
      expect(calls).toBe(0)
      expect(upstreamCalls).toBe(0)
      expect(upstreamError).toBeInstanceOf(Error)
      expect(DecisionUnsupportedQuestionTypeError.isInstance(upstreamError)).toBe(true)
      expect(error.message).toBe((upstreamError as Error).message)
    }))

  it.effect("options that do not decode fail with InvalidPromptError; valid ones reach the implementation", () =>
    Effect.gen(function*() {
      const model = DecisionModel.make({
        provider: "p",
        modelId: "m",
        supportedQuestionTypes: ["boolean"],
        decide: (options) =>
          Effect.succeed({
            answers: Object.fromEntries(Object.keys(options.questions).map((id) => [id, { type: "refusal" as const }])),
            warnings: []
          })
      })
      // options from outside the type system (parsed JSON)
      const bad = JSON.parse(`{"state":"not an array","questions":{}}`)
      const error = yield* Effect.flip(model.decide(bad))
      expect(error).toBeInstanceOf(InvalidPromptError)
      const result = yield* model.decide({ state, questions: { rain: { type: "boolean" } } })
      expect(result.answers).toStrictEqual({ rain: { type: "refusal" } })
    }))
})
