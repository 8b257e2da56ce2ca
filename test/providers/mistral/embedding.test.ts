/**
 * The Mistral embedding model against `@ai-sdk/mistral` 4.0.87 (fetch mocked): URL, headers and
 * bodies of `doEmbed` for the option matrix, results, usage, warnings, limits and errors (error
 * bodies, invalid options, too many values, undecodable responses); then the same bodies through
 * upstream `embedMany` (package `ai`) and aimux's `Embed.embedMany` on the provider's layer
 * (chunking at 32 values, one call at a time), and both models in the provider registry. The body is upstream's own test response
 * (`fixtures/mistral/upstream/mistral-embedding.json`, from `mistral-embedding-model.test.ts`).
 */
import { describe, expect, it } from "@effect/vitest"
import { createMistral } from "@ai-sdk/mistral"
import { createProviderRegistry, embedMany as upstreamEmbedMany } from "ai"
import { Effect } from "effect"
import { HttpClient } from "effect/http"
import * as fs from "node:fs"
import * as path from "node:path"
import * as Embed from "../../../src/core/Embed.ts"
import * as ProviderRegistry from "../../../src/core/registry/ProviderRegistry.ts"
import * as Mistral from "../../../src/providers/mistral/Mistral.ts"
import { embedBoth, mockFetch, type Reply, replayClient, type Sent } from "../../embed/harness.ts"
import { fixturesDir } from "./harness.ts"

const embedded: Reply = { body: fs.readFileSync(path.join(fixturesDir, "upstream", "mistral-embedding.json"), "utf8") }
const settings = { apiKey: "mi-key", headers: { "X-Provider": "p" } }
const errorBody: Reply = {
  status: 400,
  body: JSON.stringify({ object: "error", message: "Input is empty", type: "invalid_request_error", param: null, code: null })
}
const values = (n: number) => Array.from({ length: n }, (_, i) => `v${i}`)

const cases: ReadonlyArray<readonly [string, string, Parameters<typeof embedBoth>[2], ReadonlyArray<Reply>]> = [
  ["defaults: float", "mistral-embed", { values: ["sunny day at the beach", "rainy day in the city"] }, [embedded]],
  ["the call's dimensions as output_dimension", "codestral-embed", { values: ["a"], dimensions: 256 }, [embedded]],
  ["every option (outputDimension over dimensions)", "codestral-embed", {
    values: ["a", "b"],
    dimensions: 99,
    headers: { "x-call": "1" },
    providerOptions: { mistral: { metadata: { team: "x", n: 1 }, outputDimension: 512, outputDtype: "int8" } }
  }, [embedded]],
  ["32 values is the limit", "mistral-embed", { values: values(32) }, [embedded]],
  ["33 values are too many", "mistral-embed", { values: values(33) }, [embedded]],
  ["too many values before invalid options", "mistral-embed", { values: values(33), providerOptions: { mistral: { outputDimension: -1 } } }, [embedded]],
  ["invalid output dimension", "mistral-embed", { values: ["a"], providerOptions: { mistral: { outputDimension: 1.5 } } }, [embedded]],
  ["invalid dtype", "mistral-embed", { values: ["a"], providerOptions: { mistral: { outputDtype: "float16" } } }, [embedded]],
  ["an error body", "mistral-embed", { values: ["a"] }, [errorBody]],
  ["a server error without body", "mistral-embed", { values: ["a"] }, [{ status: 503, body: "" }]],
  ["a body without usage", "mistral-embed", { values: ["a"] }, [{ body: JSON.stringify({ data: [{ embedding: [1, 2] }] }) }]],
  ["usage null", "mistral-embed", { values: ["a"] }, [{ body: JSON.stringify({ data: [{ embedding: [1] }], usage: null }) }]],
  ["a non-numeric vector", "mistral-embed", { values: ["a"] }, [{ body: JSON.stringify({ data: [{ embedding: ["x"] }] }) }]],
  ["no data", "mistral-embed", { values: ["a"] }, [{ body: JSON.stringify({ usage: { prompt_tokens: 1 } }) }]]
]

describe("Mistral embedding model (differential)", () => {
  for (const [name, modelId, options, replies] of cases) {
    it(name, async () => {
      const both = await embedBoth(
        (fetch) => createMistral({ ...settings, fetch }).embedding(modelId),
        Mistral.embedding(modelId, settings),
        options,
        replies
      )
      expect(both.ours.sent).toEqual(both.upstream.sent)
      expect(both.ours.outcome).toEqual(both.upstream.outcome)
      expect(both.ours.limits).toEqual(both.upstream.limits)
    })
  }

  it("a base URL (trailing slash dropped) and the user agent", async () => {
    const custom = { ...settings, baseURL: "https://proxy.example/v1/" }
    const both = await embedBoth(
      (fetch) => createMistral({ ...custom, fetch }).textEmbeddingModel("mistral-embed"),
      Mistral.embedding("mistral-embed", custom),
      { values: ["a"] },
      [embedded]
    )
    expect(both.ours.sent[0].url).toBe("https://proxy.example/v1/embeddings")
    expect(both.ours.sent[0].headers["user-agent"]).toMatch(/^ai-sdk-mistral\/4\.0\.87 ai-sdk-provider-utils\/5\.0\.81 /)
    expect(both.ours.sent).toEqual(both.upstream.sent)
  })
})

// The chunked call: 70 values → 32 + 32 + 6, each reply echoing one vector per input.
const echo = (body: unknown): Reply => {
  const input: ReadonlyArray<unknown> = typeof body === "object" && body !== null ? Reflect.get(body, "input") : []
  return {
    body: JSON.stringify({
      data: input.map((t) => ({ embedding: [String(t).length, 0.5] })),
      usage: { prompt_tokens: input.length, total_tokens: input.length }
    })
  }
}

describe("Mistral through embedMany (upstream ai vs aimux core)", () => {
  it("embedMany of 70 values: the same requests in order, embeddings and summed usage", async () => {
    const input = values(70)
    const upstreamSent: Array<Sent> = []
    const upstream = await upstreamEmbedMany({
      model: createMistral({ ...settings, fetch: mockFetch(echo, upstreamSent) }).embedding("mistral-embed"),
      values: input,
      providerOptions: { mistral: { outputDtype: "float" } }
    })
    const oursSent: Array<Sent> = []
    const ours = await Effect.runPromise(
      Embed.embedMany({ values: input, providerOptions: { mistral: { outputDtype: "float" } } }).pipe(
        Effect.provide(Mistral.embeddingLayer("mistral-embed", settings)),
        Effect.provideService(HttpClient.HttpClient, replayClient(echo, oursSent))
      )
    )
    expect(upstreamSent.map((s) => Reflect.get(Object(s.body), "input").length)).toEqual([32, 32, 6])
    expect(oursSent).toEqual(upstreamSent)
    expect(ours.embeddings).toEqual(upstream.embeddings)
    expect(ours.usage).toEqual(upstream.usage)
    expect(ours.values).toEqual(upstream.values)
  })
})

describe("Mistral in the provider registry (upstream createProviderRegistry vs aimux's)", () => {
  const ids = [["languageModel", "mistral:mistral-large-latest"], ["embeddingModel", "mistral:mistral-embed"]] as const
  for (const [kind, id] of ids) {
    it(`${kind} ${id}: the same provider and model id`, async () => {
      const upRegistry = createProviderRegistry({ mistral: createMistral({ apiKey: "k" }) })
      const upstream = kind === "languageModel" ? upRegistry.languageModel(id) : upRegistry.embeddingModel(id)
      const ours = await Effect.runPromise(
        Effect.gen(function*() {
          const registry = yield* ProviderRegistry.ProviderRegistry
          return yield* registry[kind](id)
        }).pipe(
          Effect.provide(ProviderRegistry.layer({
            mistral: {
              languageModel: (modelId) => Mistral.model(modelId, { apiKey: "k" }),
              embeddingModel: (modelId) => Mistral.embedding(modelId, { apiKey: "k" })
            }
          })),
          Effect.provideService(HttpClient.HttpClient, replayClient([embedded], []))
        )
      )
      expect([ours.provider, ours.modelId]).toEqual([upstream.provider, upstream.modelId])
    })
  }
})
