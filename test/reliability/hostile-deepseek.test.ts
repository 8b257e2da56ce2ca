/**
 * Hostile input into the DeepSeek provider's `stream` (replayed bytes): random bytes, random chunk
 * events (text, `reasoning_content`, tool-call deltas with colliding indices/ids/names, usage with
 * cache fields, logprobs, error frames) and random SSE framing end in parts or typed failures,
 * never a defect or a hang; any chunking of a valid body gives the same parts through `stream`
 * and `streamText`; `__proto__` / `constructor.prototype` in chunks and tool arguments pollute no
 * prototype. The properties are in `hostileHarness.ts`.
 */
import { describe } from "@effect/vitest"
import * as fc from "fast-check"
import { DeepSeek } from "../../src/providers/deepseek/index.ts"
import { fixture, openAIFamilySuite } from "./hostileHarness.ts"

const model = DeepSeek.model("deepseek-chat", { apiKey: "sk-test" })

describe("deepseek: hostile input", () => {
  openAIFamilySuite("deepseek", model, {
    textKeys: ["content", "reasoning_content"],
    reasoningKey: "reasoning_content",
    extra: fc.record(
      {
        usage: fc.oneof(
          fc.constant(null),
          fc.record({
            prompt_tokens: fc.nat(99),
            completion_tokens: fc.nat(99),
            prompt_cache_hit_tokens: fc.oneof(fc.nat(99), fc.constant(null)),
            prompt_cache_miss_tokens: fc.oneof(fc.nat(99), fc.constant(null), fc.string())
          }, { requiredKeys: [] })
        )
      },
      { requiredKeys: [] }
    ),
    validBodies: {
      "parallel-tool-calls": fixture("deepseek", "parallel-tool-calls.sse"),
      "reasoning-then-text": fixture("deepseek", "reasoning-then-text.sse"),
      "logprobs": fixture("deepseek", "logprobs.sse")
    }
  })
})
