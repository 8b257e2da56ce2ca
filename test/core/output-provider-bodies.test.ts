/**
 * End to end, the providers that output-provider-body.test.ts does not cover: the same `output`
 * through generateText and the OpenAI Responses model, the Gemini API model and Vertex's Gemini
 * model, on both sides (upstream `ai` + `@ai-sdk/openai` / `@ai-sdk/google` /
 * `@ai-sdk/google-vertex` over a mocked fetch; aimux `GenerateText` + the provider over a replay
 * HttpClient). Compared: the request body each sends (Responses `text.format`, Gemini
 * `generationConfig.responseMimeType` / `responseSchema` / `responseJsonSchema`) and the parsed
 * output. Effect Schemas on our side, the equivalent zod schemas upstream.
 */
import { createOpenAI } from "@ai-sdk/openai"
import { describe, expect, it } from "@effect/vitest"
import { generateText as upstreamGenerateText, Output as UpstreamOutput } from "ai"
import { Effect, Schema } from "effect"
import { z } from "zod"
import * as GenerateText from "../../src/core/GenerateText.ts"
import * as Output from "../../src/core/Output.ts"
import { LanguageModel } from "../../src/LanguageModel.ts"
import { wireJson } from "../kit/wire.ts"
import { aimuxModel as geminiModel, type Captured as GeminiCaptured, type Flavor, upstreamModel as upstreamGemini } from "../providers/google/harness.ts"
import { type Captured, mockFetch } from "../providers/openai/upstream.ts"
import { replayClient } from "../providers/openai/replay.ts"
import { oursModel as responsesModel } from "../providers/openai-responses/harness.ts"

interface Case {
  readonly name: string
  readonly ours: Output.Any
  readonly upstream: unknown
  readonly text: string
}

const cases: ReadonlyArray<Case> = [
  {
    name: "object (name, description)",
    ours: Output.object({ schema: Schema.Struct({ name: Schema.String, age: Schema.Number }), name: "person", description: "A person" }),
    upstream: UpstreamOutput.object({ schema: z.object({ name: z.string(), age: z.number() }), name: "person", description: "A person" }),
    text: "{\"name\":\"Ada\",\"age\":36}"
  },
  {
    name: "array (maxItems)",
    ours: Output.array({ element: Schema.Struct({ tag: Schema.String }), maxItems: 3 }),
    upstream: UpstreamOutput.array({ element: z.object({ tag: z.string() }), maxItems: 3 }),
    text: "{\"elements\":[{\"tag\":\"a\"},{\"tag\":\"b\"}]}"
  },
  {
    name: "choice",
    ours: Output.choice({ options: ["yes", "no"] }),
    upstream: UpstreamOutput.choice({ options: ["yes", "no"] }),
    text: "{\"result\":\"no\"}"
  },
  { name: "json (no schema)", ours: Output.json(), upstream: UpstreamOutput.json(), text: "{\"any\":[1]}" },
  { name: "text", ours: Output.text(), upstream: UpstreamOutput.text(), text: "plain" }
]

const responsesBody = (text: string) =>
  JSON.stringify({
    id: "resp_1",
    object: "response",
    created_at: 0,
    status: "completed",
    model: "gpt-4.1-mini",
    output: [{ type: "message", id: "msg_1", status: "completed", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] }],
    usage: { input_tokens: 3, output_tokens: 5, total_tokens: 8 }
  })

describe("structured output through the OpenAI Responses provider (vs upstream)", () => {
  for (const testCase of cases) {
    it.live(testCase.name, () =>
      Effect.gen(function*() {
        const body = responsesBody(testCase.text)
        const captured: Captured = {}
        const model = createOpenAI({ apiKey: "k", fetch: mockFetch(body, captured, { contentType: "application/json" }) }).responses("gpt-4.1-mini")
        const expected = yield* Effect.promise(() => upstreamGenerateText({ model, prompt: "hi", output: testCase.upstream as never }))
        const { client, seen } = replayClient(body, { contentType: "application/json" })
        const actual = yield* GenerateText.generateText({ prompt: "hi", output: testCase.ours }).pipe(
          Effect.provideService(LanguageModel, responsesModel(client, "gpt-4.1-mini"))
        )
        expect(captured.body).toMatchObject({ model: "gpt-4.1-mini" })
        if (testCase.ours.name !== "text") expect(captured.body).toHaveProperty("text.format")
        expect(wireJson(seen.bodies[0])).toEqual(wireJson(captured.body))
        expect(wireJson(actual.output)).toEqual(wireJson(expected.output))
      }))
  }
})

const geminiBody = (text: string) =>
  JSON.stringify({
    candidates: [{ content: { parts: [{ text }], role: "model" }, finishReason: "STOP", index: 0 }],
    usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 5, totalTokenCount: 8 }
  })

for (const flavor of ["google", "vertex"] as const satisfies ReadonlyArray<Flavor>) {
  describe(`structured output through the ${flavor} Gemini provider (vs upstream)`, () => {
    for (const testCase of cases) {
      it.live(testCase.name, () =>
        Effect.gen(function*() {
          const reply = { body: geminiBody(testCase.text), contentType: "application/json" }
          const upstreamCaptured: GeminiCaptured = []
          const expected = yield* Effect.promise(() =>
            upstreamGenerateText({ model: upstreamGemini(flavor, reply, upstreamCaptured), prompt: "hi", output: testCase.upstream as never })
          )
          const captured: GeminiCaptured = []
          const actual = yield* GenerateText.generateText({ prompt: "hi", output: testCase.ours }).pipe(
            Effect.provideService(LanguageModel, geminiModel(flavor, reply, captured))
          )
          expect(captured).toHaveLength(1)
          const sent = JSON.parse(upstreamCaptured[0]!.rawBody)
          if (testCase.ours.name !== "text") expect(sent).toHaveProperty("generationConfig.responseMimeType", "application/json")
          expect(JSON.parse(captured[0]!.rawBody)).toEqual(sent)
          expect(wireJson(actual.output)).toEqual(wireJson(expected.output))
        }))
    }
  })
}
