/**
 * The upstream side of docs/migrating-from-ai-sdk.md: each block is what an AI SDK codebase has
 * today, compiled against the pinned `ai` and `@ai-sdk/openai` (devDependencies) so the page
 * cannot show upstream calls that do not exist. Not run: they would call the network.
 */
import { openai, createOpenAI } from "@ai-sdk/openai"
import { generateText, stepCountIs, streamText, tool } from "ai"
import { MockLanguageModelV4 } from "ai/test"
import { z } from "zod"

export const upstreamExamples = async () => {
// --- streamText with tools
const weather = tool({
  description: "Temperature of a city",
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, temperature: 21 })
})
const result = streamText({
  model: openai("gpt-4.1"),
  prompt: "Weather in Paris?",
  tools: { weather },
  stopWhen: stepCountIs(5)
})
for await (const text of result.textStream) process.stdout.write(text)
// --- generateText results
const { text, steps, totalUsage } = await generateText({ model: openai("gpt-4.1"), prompt: "Hi" })
console.log(text, steps.length, totalUsage.outputTokens)
// --- a custom base URL, retries, cancellation, onFinish
const local = createOpenAI({ baseURL: "http://127.0.0.1:8080/v1", apiKey: "local" })
const controller = new AbortController()
streamText({
  model: local.chat("llama-3.2"),
  prompt: "Hi",
  maxRetries: 5,
  abortSignal: controller.signal,
  onFinish: ({ text }) => console.log(text)
})
// --- a mock model in tests
const mock = new MockLanguageModelV4({
  doGenerate: async () => ({
    content: [{ type: "text", text: "Hello" }],
    finishReason: { unified: "stop", raw: "stop" },
    usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } },
    warnings: []
  })
})
const mocked = await generateText({ model: mock, prompt: "Hi" })
console.log(mocked.text)
// --- end
}
