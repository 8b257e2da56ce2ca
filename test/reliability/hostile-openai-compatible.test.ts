/**
 * Hostile input into the OpenAI-compatible provider's `stream` (replayed bytes): random bytes,
 * random chunk events (text, reasoning, tool-call deltas with colliding indices/ids/names, usage,
 * Gemini-style `extra_content`, error frames) and random SSE framing end in parts or typed
 * failures, never a defect or a hang; any chunking of a valid body gives the same parts through
 * `stream` and `streamText`; `__proto__` / `constructor.prototype` in chunks and tool arguments
 * pollute no prototype. The properties are in `hostileHarness.ts`.
 */
import { describe } from "@effect/vitest"
import * as fc from "fast-check"
import { OpenAICompatible } from "../../src/providers/openai-compatible/index.ts"
import { fixture, openAIFamilySuite } from "./hostileHarness.ts"

const model = OpenAICompatible.model("test-model", { name: "test", baseURL: "https://api.test/v1", apiKey: "sk-test" })

describe("openai-compatible: hostile input", () => {
  openAIFamilySuite("openai-compatible", model, {
    textKeys: ["content", "reasoning_content", "reasoning"],
    reasoningKey: "reasoning_content",
    extra: fc.record(
      { extra_content: fc.record({ google: fc.record({ thought_signature: fc.oneof(fc.string(), fc.constant(null)) }) }) },
      { requiredKeys: [] }
    ),
    validBodies: {
      "parallel-tool-calls": fixture("openai-compatible", "parallel-tool-calls.sse"),
      "thought-signature": fixture("openai-compatible", "thought-signature.sse"),
      "crlf-comments": fixture("openai-compatible", "crlf-comments.sse")
    }
  })
})
