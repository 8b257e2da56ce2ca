/**
 * End to end: the same `output` through generateText and a provider on both sides (upstream `ai` +
 * `@ai-sdk/openai` / `@ai-sdk/anthropic` over a mocked fetch; aimux `GenerateText` + the OpenAI
 * chat / Anthropic model over a replay HttpClient): the request bodies (OpenAI `response_format`,
 * Anthropic's structured output) and the parsed outputs are equal.
 * Effect Schemas on our side, the equivalent zod schemas upstream.
 */
import { describe, expect, it } from "@effect/vitest"
import { generateText as upstreamGenerateText, Output as UpstreamOutput } from "ai"
import { Effect, Schema } from "effect"
import { z } from "zod"
import * as GenerateText from "../../src/core/GenerateText.ts"
import * as Output from "../../src/core/Output.ts"
import { LanguageModel } from "../../src/LanguageModel.ts"
import { aimuxModel, type Captured as AnthropicCaptured, upstreamModel as upstreamAnthropic } from "../providers/anthropic/harness.ts"
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

const anthropicMessage = (text: string) =>
  JSON.stringify({
    id: "msg_1",
    type: "message",
    role: "assistant",
    model: "claude-sonnet-4-5",
    content: [{ type: "text", text }],
    stop_reason: "end_turn",
    stop_sequence: null,
    usage: { input_tokens: 3, output_tokens: 5 }
  })

const anthropicDifferential = (name: string, ours: Output.Any, upstream: unknown, content: string) =>
  it.live(name, () =>
    Effect.gen(function*() {
      const reply = { body: anthropicMessage(content), contentType: "application/json" }
      const upstreamCaptured: AnthropicCaptured = {}
      const expected = yield* Effect.promise(() =>
        upstreamGenerateText({ model: upstreamAnthropic(reply, upstreamCaptured), prompt: "hi", output: upstream as never })
      )
      const captured: AnthropicCaptured = {}
      const model = yield* aimuxModel(reply, captured)
      const actual = yield* GenerateText.generateText({ prompt: "hi", output: ours }).pipe(Effect.provideService(LanguageModel, model))
      expect(captured.body).toEqual(upstreamCaptured.body)
      expect(actual.output).toEqual(expected.output)
    }))

describe("structured output through the Anthropic provider (vs upstream)", () => {
  anthropicDifferential(
    "object",
    Output.object({ schema: Schema.Struct({ name: Schema.String, age: Schema.Number }), name: "person" }),
    UpstreamOutput.object({ schema: z.object({ name: z.string(), age: z.number() }), name: "person" }),
    "{\"name\":\"Ada\",\"age\":36}"
  )
  anthropicDifferential(
    "choice",
    Output.choice({ options: ["yes", "no"] }),
    UpstreamOutput.choice({ options: ["yes", "no"] }),
    "{\"result\":\"yes\"}"
  )
  anthropicDifferential("json", Output.json(), UpstreamOutput.json(), "[1,2]")
})
