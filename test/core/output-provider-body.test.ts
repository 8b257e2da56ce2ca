/**
 * End to end: the same `output` through generateText and the OpenAI chat provider on both sides
 * (upstream `ai` + `@ai-sdk/openai` over a mocked fetch; aimux `GenerateText` + `OpenAIChatLanguageModel`
 * over a replay HttpClient): the request bodies (response_format) and the parsed outputs are equal.
 * Effect Schemas on our side, the equivalent zod schemas upstream.
 */
import { describe, expect, it } from "@effect/vitest"
import { generateText as upstreamGenerateText, Output as UpstreamOutput } from "ai"
import { Effect, Schema } from "effect"
import { z } from "zod"
import * as GenerateText from "../../src/core/GenerateText.ts"
import * as Output from "../../src/core/Output.ts"
import { LanguageModel } from "../../src/LanguageModel.ts"
import { oursChatModel } from "../providers/openai/differential.ts"
import { replayClient } from "../providers/openai/replay.ts"
import { type Captured, mockFetch, upstreamChat } from "../providers/openai/upstream.ts"

const completion = (content: string) =>
  JSON.stringify({
    id: "chatcmpl-1",
    object: "chat.completion",
    created: 0,
    model: "gpt-4o-mini",
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
    usage: { prompt_tokens: 3, completion_tokens: 5, total_tokens: 8 }
  })

const differential = (name: string, ours: Output.Any, upstream: unknown, content: string) =>
  it.live(name, () =>
    Effect.gen(function*() {
      const captured: Captured = {}
      const model = upstreamChat("gpt-4o-mini", mockFetch(completion(content), captured, { contentType: "application/json" }))
      const expected = yield* Effect.promise(() => upstreamGenerateText({ model, prompt: "hi", output: upstream as never }))
      const { client, seen } = replayClient(completion(content), { contentType: "application/json" })
      const actual = yield* GenerateText.generateText({ prompt: "hi", output: ours }).pipe(
        Effect.provideService(LanguageModel, oursChatModel(client, "gpt-4o-mini"))
      )
      expect(seen.bodies[0]).toEqual(captured.body)
      expect(actual.output).toEqual(expected.output)
    }))

describe("structured output through the OpenAI chat provider (vs upstream)", () => {
  differential(
    "object",
    Output.object({ schema: Schema.Struct({ name: Schema.String, age: Schema.Number }), name: "person", description: "A person" }),
    UpstreamOutput.object({ schema: z.object({ name: z.string(), age: z.number() }), name: "person", description: "A person" }),
    "{\"name\":\"Ada\",\"age\":36}"
  )
  differential(
    "array",
    Output.array({ element: Schema.Struct({ tag: Schema.String }), maxItems: 3 }),
    UpstreamOutput.array({ element: z.object({ tag: z.string() }), maxItems: 3 }),
    "{\"elements\":[{\"tag\":\"a\"}]}"
  )
  differential(
    "choice",
    Output.choice({ options: ["yes", "no"] }),
    UpstreamOutput.choice({ options: ["yes", "no"] }),
    "{\"result\":\"no\"}"
  )
  differential("json (no schema: json_object)", Output.json(), UpstreamOutput.json(), "{\"any\":[1]}")
  differential("text", Output.text(), UpstreamOutput.text(), "plain")
})
