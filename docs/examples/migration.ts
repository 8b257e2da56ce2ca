/**
 * The aimux side of docs/migrating-from-ai-sdk.md, compiled; `docs/examples/migration.test.ts`
 * runs the offline ones (the mock model, and a provider on a loopback server).
 */
import { Effect, Layer, Schema, Stream } from "effect"
import { FetchHttpClient } from "effect/http"
import { GenerateText, StopCondition, StreamText, Tool } from "aimux"
import { OpenAI } from "aimux/openai"
import { MockLanguageModel } from "aimux/testing"
import { FromLanguageModelV4 } from "aimux/interop"
import { createAnthropic } from "@ai-sdk/anthropic"

// --- streamText with tools
const weather = Tool.make({
  description: "Temperature of a city",
  inputSchema: Schema.Struct({ city: Schema.String }),
  execute: ({ city }) => Effect.succeed({ city, temperature: 21 })
})
const printed = StreamText.streamText({
  prompt: "Weather in Paris?",
  tools: { weather },
  stopWhen: StopCondition.isStepCount(5)
}).pipe(
  Stream.runForEach((part) => part.type === "text-delta" ? Effect.sync(() => process.stdout.write(part.text)) : Effect.void)
)
// the model is a Layer: openai("gpt-4.1") is OpenAI.layer("gpt-4.1") (the Responses API, as upstream)
export const streamed = printed.pipe(Effect.provide(OpenAI.layer("gpt-4.1")), Effect.provide(FetchHttpClient.layer))
// --- generateText results
export const generated = Effect.gen(function*() {
  const { text, steps, totalUsage } = yield* GenerateText.generateText({ prompt: "Hi" })
  return { text, steps: steps.length, outputTokens: totalUsage.outputTokens }
})
// --- a custom base URL, retries, cancellation, onFinish
// createOpenAI({ baseURL }).chat(id) is OpenAI.chatLayer(id, { baseURL })
export const localModel = (baseURL: string) =>
  OpenAI.chatLayer("llama-3.2", { baseURL, apiKey: "local" }).pipe(Layer.provide(FetchHttpClient.layer))
export const tuned = (signal: AbortSignal) =>
  StreamText.streamText({
    prompt: "Hi",
    maxRetries: 5,
    abort: signal, // or any Effect; interrupting the fiber cancels too
    onFinish: ({ text }) => Effect.log(text)
  }).pipe(Stream.runDrain)
// --- a mock model in tests
export const mocked = GenerateText.generateText({ prompt: "Hi" }).pipe(
  Effect.map((result) => result.text),
  Effect.provide(MockLanguageModel.layer({
    generate: {
      content: [{ type: "text", text: "Hello" }],
      finishReason: { unified: "stop", raw: "stop" },
      usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } },
      warnings: []
    }
  }))
)
// --- an upstream provider meanwhile
// any LanguageModelV4 object becomes the model Layer; swap it for aimux's provider later
export const upstreamModel = FromLanguageModelV4.layer(createAnthropic({ apiKey: "sk-..." })("claude-sonnet-4-5"))
export const sameProgram = GenerateText.generateText({ prompt: "Hi" }).pipe(Effect.provide(upstreamModel))
// --- end
