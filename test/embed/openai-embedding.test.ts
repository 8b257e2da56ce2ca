/**
 * The OpenAI and openai-compatible embedding models against `@ai-sdk/openai` 4.0.118 and
 * `@ai-sdk/openai-compatible` 3.0.92 (fetch mocked): request URL, headers and body for the call
 * option matrix, results (embeddings, usage, provider metadata, raw body and headers), warnings,
 * the per-call limits and errors (API errors, too many values, invalid provider options, invalid
 * responses); and the aimux `encodingFormat: "base64"` extension.
 */
import { describe, expect, it } from "@effect/vitest"
import { createOpenAI } from "@ai-sdk/openai"
import { createOpenAICompatible } from "@ai-sdk/openai-compatible"
import { Effect } from "effect"
import { HttpClient } from "effect/http"
import * as OpenAI from "../../src/providers/openai/OpenAI.ts"
import * as OpenAICompatible from "../../src/providers/openai-compatible/OpenAICompatible.ts"
import { embedBoth, type Reply, replayClient, type Sent } from "./harness.ts"

const ok = (vectors: ReadonlyArray<ReadonlyArray<number>>, usage: unknown = { prompt_tokens: 7, total_tokens: 7 }, extra: Record<string, unknown> = {}): Reply => ({
  headers: { "x-request-id": "req_1" },
  body: JSON.stringify({
    object: "list",
    data: vectors.map((embedding, index) => ({ object: "embedding", index, embedding })),
    model: "text-embedding-3-small",
    ...(usage !== undefined ? { usage } : {}),
    ...extra
  })
})
const v2 = [[0.1, -0.2, 0.30000001], [1e-7, 2.5, -3]]
const apiError: Reply = {
  status: 429,
  headers: { "retry-after": "1" },
  body: JSON.stringify({ error: { message: "Rate limit reached", type: "requests", param: null, code: "rate_limit_exceeded" } })
}

const openaiCases: ReadonlyArray<readonly [string, Parameters<typeof embedBoth>[2], ReadonlyArray<Reply>]> = [
  ["two values", { values: ["a", "b"] }, [ok(v2)]],
  ["dimensions from the call", { values: ["a", "b"], dimensions: 256 }, [ok(v2)]],
  ["provider dimensions win over the call's; user", { values: ["a", "b"], dimensions: 256, providerOptions: { openai: { dimensions: 64, user: "u-1" } } }, [ok(v2)]],
  ["call headers merged over the provider's", { values: ["a", "b"], headers: { "X-Call": "1", authorization: "Bearer other" } }, [ok(v2)]],
  ["no usage in the response", { values: ["a", "b"] }, [ok(v2, undefined)]],
  ["usage null", { values: ["a", "b"] }, [ok(v2, null)]],
  ["429 with an OpenAI error body", { values: ["a"] }, [apiError]],
  ["500 with a non-JSON body", { values: ["a"] }, [{ status: 500, body: "upstream exploded" }]],
  ["a response that does not match the schema", { values: ["a"] }, [{ body: JSON.stringify({ data: [{ embedding: ["x"] }] }) }]],
  ["a body that is not JSON", { values: ["a"] }, [{ body: "{not json" }]],
  ["invalid provider options", { values: ["a"], providerOptions: { openai: { dimensions: "64" } } }, [ok(v2)]],
  ["2049 values: too many for one call", { values: Array.from({ length: 2049 }, (_, i) => `v${i}`) }, [ok(v2)]]
]

describe("OpenAI embedding model (differential)", () => {
  for (const [name, options, replies] of openaiCases) {
    it(name, async () => {
      const settings = { apiKey: "sk-test", organization: "org-1", project: "proj-1", headers: { "X-Provider": "p" } }
      const both = await embedBoth(
        (fetch) => createOpenAI({ ...settings, fetch }).embedding("text-embedding-3-small"),
        OpenAI.embedding("text-embedding-3-small", settings),
        options,
        replies
      )
      expect(both.ours.sent).toEqual(both.upstream.sent)
      expect(both.ours.outcome).toEqual(both.upstream.outcome)
      expect(both.ours.limits).toEqual(both.upstream.limits)
    })
  }

  it("a custom base URL and provider name", async () => {
    const settings = { apiKey: "sk-test", baseURL: "http://localhost:9/v9/", name: "acme" }
    const both = await embedBoth(
      (fetch) => createOpenAI({ ...settings, fetch }).textEmbeddingModel("text-embedding-3-large"),
      OpenAI.embedding("text-embedding-3-large", settings),
      { values: ["x", "y"] },
      [ok(v2)]
    )
    expect(both.ours.sent).toEqual(both.upstream.sent)
    expect(both.ours.outcome).toEqual(both.upstream.outcome)
    expect(both.ours.limits).toEqual(both.upstream.limits)
  })

  it.effect("encodingFormat base64 (aimux extension): requests base64 and decodes little-endian float32", () =>
    Effect.gen(function*() {
      const vectors = [Float32Array.of(0.5, -1.25, 3.0e-3), Float32Array.of(7, 8, -9)]
      const b64 = vectors.map((v) => Buffer.from(v.buffer).toString("base64"))
      const sent: Array<Sent> = []
      const base64 = { openai: { encodingFormat: "base64" } }
      const withReply = (reply: Reply, seen: Array<Sent>) => (values: ReadonlyArray<string>) =>
        OpenAI.embedding("text-embedding-3-small", { apiKey: "k" }).pipe(
          Effect.flatMap((model) => model.embed({ values, providerOptions: base64 })),
          Effect.provideService(HttpClient.HttpClient, replayClient([reply], seen))
        )
      const result = yield* withReply({ body: JSON.stringify({ data: b64.map((embedding) => ({ embedding })), usage: { prompt_tokens: 2 } }) }, sent)(["a", "b"])
      expect(sent[0].body).toMatchObject({ encoding_format: "base64", input: ["a", "b"] })
      expect(result.embeddings).toEqual(vectors.map((v) => Array.from(v)))
      const bad = yield* Effect.flip(withReply({ body: JSON.stringify({ data: [{ embedding: "AAA" }] }) }, [])(["a"]))
      expect(bad.message).toBe("Invalid base64 embedding at index 0.")
    }))
})

const compatibleCases: ReadonlyArray<readonly [string, Parameters<typeof embedBoth>[2], ReadonlyArray<Reply>]> = [
  ["two values", { values: ["a", "b"] }, [ok(v2)]],
  ["openaiCompatible options", { values: ["a"], providerOptions: { openaiCompatible: { dimensions: 32, user: "u" } } }, [ok(v2)]],
  ["deprecated openai-compatible key: merged, with a warning", { values: ["a"], providerOptions: { "openai-compatible": { user: "old" }, openaiCompatible: { dimensions: 8 } } }, [ok(v2)]],
  ["the raw provider name (not camelCase): a deprecation warning; it wins", { values: ["a"], providerOptions: { "my-provider": { dimensions: 3 }, openaiCompatible: { dimensions: 8 } } }, [ok(v2)]],
  ["providerMetadata in the response passes through", { values: ["a", "b"] }, [ok(v2, { prompt_tokens: 1 }, { providerMetadata: { "my-provider": { cost: 0.01 } } })]],
  ["an error body", { values: ["a"] }, [{ status: 400, body: JSON.stringify({ error: { message: "bad input", type: "invalid_request_error" } }) }]],
  ["too many values (after the options)", { values: Array.from({ length: 2049 }, () => "x"), providerOptions: { openaiCompatible: { dimensions: 8 } } }, [ok(v2)]]
]

describe("openai-compatible embedding model (differential)", () => {
  for (const [name, options, replies] of compatibleCases) {
    it(name, async () => {
      const settings = { name: "my-provider", baseURL: "https://api.example.com/v1", apiKey: "key", headers: { "X-Provider": "p" }, queryParams: { "api-version": "1" } }
      const both = await embedBoth(
        (fetch) => createOpenAICompatible({ ...settings, fetch }).embeddingModel("embed-1"),
        OpenAICompatible.embedding("embed-1", settings),
        options,
        replies
      )
      expect(both.ours.sent).toEqual(both.upstream.sent)
      expect(both.ours.outcome).toEqual(both.upstream.outcome)
      expect(both.ours.limits).toEqual(both.upstream.limits)
    })
  }
})
