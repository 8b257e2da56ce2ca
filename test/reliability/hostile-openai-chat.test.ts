/**
 * The OpenAI-family hostile-input suite (`hostileHarness.ts`) for the OpenAI chat provider, in
 * addition to `hostile.test.ts`: structured random chunks (text, refusal, tool-call deltas with
 * colliding indices/ids/names, usage, error frames) that reach the tracker, every split inside a
 * multi-byte character, and prototype pollution through split tool arguments and an executing
 * tool.
 */
import { describe } from "@effect/vitest"
import { OpenAI } from "../../src/providers/openai/index.ts"
import { fixture, openAIFamilySuite } from "./hostileHarness.ts"

const model = OpenAI.chat("gpt-4o-mini", { apiKey: "sk-test" })

describe("openai chat: hostile input (OpenAI-family suite)", () => {
  openAIFamilySuite("openai chat", model, {
    textKeys: ["content", "refusal"],
    validBodies: {
      "refusal-same-chunk": fixture("openai-chat", "refusal-same-chunk.sse"),
      "logprobs": fixture("openai-chat", "logprobs.sse")
    }
  })
})
