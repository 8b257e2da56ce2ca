/**
 * The examples of docs/interop.md, as they appear there (with `fetch` mocked and the aimux model
 * replayed, so nothing touches the network).
 */
import { createOpenAI } from "@ai-sdk/openai"
import { expect, it } from "@effect/vitest"
import { generateText } from "ai"
import { Effect, Layer } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import { GenerateText, StreamText } from "../../src/core/index.ts"
import { fromLanguageModelV4, toLanguageModelV4 } from "../../src/interop/index.ts"
import { LanguageModel } from "../../src/LanguageModel.ts"
import * as OpenAIChatLanguageModel from "../../src/providers/kits/openai/OpenAIChatLanguageModel.ts"
import { replayClient } from "../providers/openai/replay.ts"
import { mockFetch } from "../providers/openai/upstream.ts"

const sse = fs.readFileSync(path.join(import.meta.dirname, "../../fixtures/openai-chat/text.sse"))
const json = JSON.stringify({
  id: "chatcmpl-1",
  object: "chat.completion",
  created: 1711357598,
  model: "gpt-4o-mini",
  choices: [{ index: 0, message: { role: "assistant", content: "Hello, world!" }, finish_reason: "stop" }],
  usage: { prompt_tokens: 5, completion_tokens: 3, total_tokens: 8 }
})

it.effect("an AI SDK provider as an aimux Layer", () => {
  const fetch = mockFetch(sse, {})
  // --- docs/interop.md: from ---
  const openai = createOpenAI({ apiKey: "test-key", fetch })
  const ModelLive = fromLanguageModelV4(openai.chat("gpt-4o-mini"))

  const program = StreamText.streamText({ prompt: "Say hello" }).pipe(
    StreamText.collect,
    Effect.map((result) => result.text)
  )
  // --- end ---
  return program.pipe(
    Effect.provide(ModelLive),
    Effect.map((text) => expect(text).toBe("Hello, world!"))
  )
})

it("an aimux model for the AI SDK", async () => {
  const OpenAIChatLive = Layer.succeed(
    LanguageModel,
    OpenAIChatLanguageModel.makeWith(replayClient(json, { contentType: "application/json" }).client, {
      provider: "openai.chat",
      modelId: "gpt-4o-mini",
      url: "https://api.openai.com/v1/chat/completions",
      headers: {}
    })
  )
  // --- docs/interop.md: to ---
  await using model = await toLanguageModelV4(OpenAIChatLive)
  const { text } = await generateText({ model, prompt: "Say hello" })
  // --- end ---
  expect(text).toBe("Hello, world!")
})

it.effect("aimux generateText over the bridged provider gives the provider's text", () =>
  GenerateText.generateText({ prompt: "Say hello" }).pipe(
    Effect.map((result) => expect(result.text).toBe("Hello, world!")),
    Effect.provide(
      fromLanguageModelV4(createOpenAI({ apiKey: "k", fetch: mockFetch(json, {}, { contentType: "application/json" }) }).chat("gpt-4o-mini"))
    )
  ))
