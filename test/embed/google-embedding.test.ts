/**
 * The Gemini API and Vertex embedding models against `@ai-sdk/google` 4.0.121 and
 * `@ai-sdk/google-vertex` 5.0.141 (fetch mocked; Vertex in express mode): `:embedContent` for
 * one value, `:batchEmbedContents` / `:predict` for more, task type, output dimensionality, title,
 * auto-truncate, multimodal content, usage, errors, limits; and `embedMany`'s chunking through
 * the Google provider options transformer, against upstream `embedMany` on the same replies.
 */
import { describe, expect, it } from "@effect/vitest"
import { createGoogle } from "@ai-sdk/google"
import { createGoogleVertex } from "@ai-sdk/google-vertex"
import { embedMany as upstreamEmbedMany } from "ai"
import { Effect, Layer } from "effect"
import { HttpClient } from "effect/http"
import * as Embed from "../../src/core/Embed.ts"
import { EmbeddingModel } from "../../src/EmbeddingModel.ts"
import * as Google from "../../src/providers/google/Google.ts"
import * as GoogleVertex from "../../src/providers/google-vertex/GoogleVertex.ts"
import { embedBoth, mockFetch, outcomeJson, type Reply, replayClient, type Sent } from "./harness.ts"

const single: Reply = { headers: { "x-goog": "1" }, body: JSON.stringify({ embedding: { values: [0.25, -0.5, 1] } }) }
const batch = (n: number): Reply => ({
  body: JSON.stringify({ embeddings: Array.from({ length: n }, (_, i) => ({ values: [i, i / 2, -i] })) })
})
const googleError: Reply = {
  status: 400,
  body: JSON.stringify({ error: { code: 400, message: "API key not valid", status: "INVALID_ARGUMENT", details: [{ reason: "API_KEY_INVALID" }] } })
}
const pixel = { inlineData: { mimeType: "image/png", data: "iVBORw0KGgo=" } }

const googleCases: ReadonlyArray<readonly [string, Parameters<typeof embedBoth>[2], ReadonlyArray<Reply>]> = [
  ["one value: embedContent", { values: ["hello"] }, [single]],
  ["three values: batchEmbedContents", { values: ["a", "b", "c"] }, [batch(3)]],
  ["dimensions from the call; task type", { values: ["a", "b"], dimensions: 128, providerOptions: { google: { taskType: "RETRIEVAL_QUERY" } } }, [batch(2)]],
  ["outputDimensionality wins over dimensions", { values: ["a"], dimensions: 128, providerOptions: { google: { outputDimensionality: 64 } } }, [single]],
  ["multimodal content per value (null for none, empty text dropped)", { values: ["", "b"], providerOptions: { google: { content: [[pixel], null] } } }, [batch(2)]],
  ["multimodal content for one value", { values: ["look"], providerOptions: { google: { content: [[pixel]] } } }, [single]],
  ["call headers", { values: ["a"], headers: { "X-Call": "yes" } }, [single]],
  ["an error body", { values: ["a", "b"] }, [googleError]],
  ["a response without embeddings", { values: ["a", "b"] }, [{ body: JSON.stringify({}) }]],
  ["an invalid task type", { values: ["a"], providerOptions: { google: { taskType: "NOPE" } } }, [single]],
  ["101 values: too many", { values: Array.from({ length: 101 }, () => "v") }, [batch(1)]]
]

describe("Google embedding model (differential)", () => {
  for (const [name, options, replies] of googleCases) {
    it(name, async () => {
      const settings = { apiKey: "g-key", headers: { "X-Provider": "p" } }
      const both = await embedBoth(
        (fetch) => createGoogle({ ...settings, fetch }).embedding("gemini-embedding-001"),
        Google.embedding("gemini-embedding-001", settings),
        options,
        replies
      )
      expect(both.ours.sent).toEqual(both.upstream.sent)
      expect(both.ours.outcome).toEqual(both.upstream.outcome)
      expect(both.ours.limits).toEqual(both.upstream.limits)
    })
  }

  it("multimodal content whose length differs from the values: an error before any request", async () => {
    const both = await embedBoth(
      (fetch) => createGoogle({ apiKey: "k", fetch }).embedding("gemini-embedding-001"),
      Google.embedding("gemini-embedding-001", { apiKey: "k" }),
      { values: ["a", "b"], providerOptions: { google: { content: [[pixel]] } } },
      [batch(2)]
    )
    expect(both.ours.sent).toEqual([])
    expect(both.upstream.sent).toEqual([])
    // upstream throws a plain Error; aimux a typed InvalidArgumentError with the same message
    const upstreamError = (both.upstream.outcome as { error: { message: string } }).error
    const ourError = (both.ours.outcome as { error: { name: string; message: string } }).error
    expect(ourError.message).toBe(upstreamError.message)
    expect(ourError.name).toBe("AI_InvalidArgumentError")
  })

  it("embedMany of 250 values with multimodal content: chunks of 100, each with its slice (as upstream)", async () => {
    const values = Array.from({ length: 250 }, (_, i) => `v${i}`)
    const content = values.map((_, i) => i % 3 === 0 ? [{ text: `extra ${i}` }] : null)
    const reply = (body: unknown) => batch((body as { requests?: Array<unknown> }).requests?.length ?? 1)
    const upstreamSent: Array<Sent> = []
    const upstream = await upstreamEmbedMany({
      model: createGoogle({ apiKey: "k", fetch: mockFetch(reply, upstreamSent) }).embedding("gemini-embedding-001"),
      values,
      maxRetries: 0,
      maxParallelCalls: 1,
      providerOptions: { google: { content } }
    })
    const oursSent: Array<Sent> = []
    const client = replayClient(reply, oursSent)
    const ours = await Effect.runPromise(
      Embed.embedMany({ values, maxRetries: 0, maxParallelCalls: 1, providerOptions: { google: { content } } }).pipe(
        Effect.provide(Layer.effect(EmbeddingModel, Google.embedding("gemini-embedding-001", { apiKey: "k" }))),
        Effect.provideService(HttpClient.HttpClient, client)
      )
    )
    expect(oursSent.map((s) => s.body)).toEqual(upstreamSent.map((s) => s.body))
    expect(upstreamSent.map((s) => (s.body as { requests: Array<unknown> }).requests.length)).toEqual([100, 100, 50])
    expect(outcomeJson({ ok: { ...ours } })).toEqual(outcomeJson({ ok: { ...upstream } }))
  })
})

const predict = (n: number): Reply => ({
  body: JSON.stringify({
    predictions: Array.from({ length: n }, (_, i) => ({ embeddings: { values: [i, -i], statistics: { token_count: i + 2, truncated: false } } })),
    metadata: { billableCharacterCount: 9 }
  })
})
const vertexError: Reply = { status: 403, body: JSON.stringify({ error: { code: 403, message: "Permission denied", status: "PERMISSION_DENIED", details: [] } }) }

const vertexCases: ReadonlyArray<readonly [string, string, Parameters<typeof embedBoth>[2], ReadonlyArray<Reply>]> = [
  ["predict: two values", "text-embedding-005", { values: ["a", "b"] }, [predict(2)]],
  ["predict: task type, title, auto-truncate, dimensions", "text-embedding-005", {
    values: ["a", "b"],
    dimensions: 256,
    providerOptions: { googleVertex: { taskType: "RETRIEVAL_DOCUMENT", title: "Doc", autoTruncate: false } }
  }, [predict(2)]],
  ["predict: legacy `vertex` options key", "text-embedding-005", { values: ["a"], providerOptions: { vertex: { outputDimensionality: 32, autoTruncate: true } } }, [predict(1)]],
  ["predict: `google` options key as the last fallback", "text-embedding-005", { values: ["a"], providerOptions: { google: { taskType: "CLUSTERING" } } }, [predict(1)]],
  ["predict: an error body", "text-embedding-005", { values: ["a"] }, [vertexError]],
  ["predict: 251 values: too many", "text-embedding-005", { values: Array.from({ length: 251 }, () => "x") }, [predict(1)]],
  ["embedContent for gemini-embedding-2 with usage", "gemini-embedding-2", { values: ["a"], providerOptions: { googleVertex: { taskType: "SEMANTIC_SIMILARITY", autoTruncate: true } } }, [
    { body: JSON.stringify({ embedding: { values: [1, 2] }, usageMetadata: { promptTokenCount: 4 } }) }
  ]],
  ["embedContent without usage", "gemini-embedding-2-preview", { values: ["a"] }, [{ body: JSON.stringify({ embedding: { values: [1, 2] } }) }]],
  ["embedContent: two values are too many", "gemini-embedding-2", { values: ["a", "b"] }, [single]]
]

describe("Google Vertex embedding model (differential, express mode)", () => {
  for (const [name, modelId, options, replies] of vertexCases) {
    it(name, async () => {
      const settings = { apiKey: "v-key", headers: { "X-Provider": "p" } }
      const both = await embedBoth(
        (fetch) => createGoogleVertex({ ...settings, fetch }).embeddingModel(modelId),
        GoogleVertex.embedding(modelId, settings),
        options,
        replies
      )
      expect(both.ours.sent).toEqual(both.upstream.sent)
      expect(both.ours.outcome).toEqual(both.upstream.outcome)
      expect(both.ours.limits).toEqual(both.upstream.limits)
    })
  }

  it("a project/location base URL", async () => {
    const settings = { apiKey: "v-key", baseURL: "https://europe-west4-aiplatform.googleapis.com/v1/projects/p/locations/europe-west4/publishers/google/" }
    const both = await embedBoth(
      (fetch) => createGoogleVertex({ ...settings, fetch }).textEmbeddingModel("text-multilingual-embedding-002"),
      GoogleVertex.embedding("text-multilingual-embedding-002", settings),
      { values: ["a"] },
      [predict(1)]
    )
    expect(both.ours.sent).toEqual(both.upstream.sent)
    expect(both.ours.outcome).toEqual(both.upstream.outcome)
  })
})
