/**
 * Hostile input into the Groq provider's `stream` (replayed bytes): random bytes, random chunk
 * events (text, `reasoning`, tool-call deltas with colliding indices/ids/names, `x_groq` usage,
 * error frames) and random SSE framing end in parts or typed failures, never a defect or a hang;
 * any chunking of a valid body gives the same parts through `stream` and `streamText`;
 * `__proto__` / `constructor.prototype` in chunks and tool arguments pollute no prototype. The
 * properties are in `hostileHarness.ts`.
 */
import { describe } from "@effect/vitest"
import * as fc from "fast-check"
import { Groq } from "../../src/providers/groq/index.ts"
import { fixture, openAIFamilySuite } from "./hostileHarness.ts"

const model = Groq.model("llama-3.3-70b-versatile", { apiKey: "sk-test" })

describe("groq: hostile input", () => {
  openAIFamilySuite("groq", model, {
    textKeys: ["content", "reasoning"],
    reasoningKey: "reasoning",
    extra: fc.record(
      {
        x_groq: fc.oneof(
          fc.constant(null),
          fc.record({ usage: fc.oneof(fc.constant(null), fc.dictionary(fc.constantFrom("prompt_tokens", "completion_tokens", "total_tokens"), fc.oneof(fc.nat(99), fc.constant(null), fc.string()))) }, { requiredKeys: [] })
        )
      },
      { requiredKeys: [] }
    ),
    validBodies: {
      "parallel-tool-calls": fixture("groq", "parallel-tool-calls.sse"),
      "reasoning-then-tool": fixture("groq", "reasoning-then-tool.sse"),
      "x-groq-usage-minimal": fixture("groq", "x-groq-usage-minimal.sse")
    }
  })
})
