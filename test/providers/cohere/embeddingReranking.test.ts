/**
 * The Cohere embedding and reranking models against `@ai-sdk/cohere` 4.0.52 (fetch mocked):
 * URL, headers and bodies of `doEmbed` / `doRerank` for the option matrix, results, usage,
 * warnings, limits and errors (error bodies, invalid options, too many values, undecodable
 * responses); then the same bodies through upstream `embedMany` / `rerank` (package `ai`) and
 * aimux's `Embed.embedMany` / `Rerank.rerank` on the provider's layers (chunking at 96 values).
 */
import { describe, expect, it } from "@effect/vitest"
import { createCohere } from "@ai-sdk/cohere"
import { createProviderRegistry, embedMany as upstreamEmbedMany, rerank as upstreamRerank } from "ai"
import { Effect, Layer } from "effect"
import { HttpClient } from "effect/http"
import * as fs from "node:fs"
import * as path from "node:path"
import * as Embed from "../../../src/core/Embed.ts"
import * as ProviderRegistry from "../../../src/core/registry/ProviderRegistry.ts"
import * as Rerank from "../../../src/core/Rerank.ts"
import * as Cohere from "../../../src/providers/cohere/Cohere.ts"
import { embedBoth, mockFetch, outcomeJson, type Reply, replayClient, rerankBoth, type Sent } from "../../embed/harness.ts"
import { fixturesDir } from "./harness.ts"

const fixture = (name: string): Reply => ({ body: fs.readFileSync(path.join(fixturesDir, "upstream", name), "utf8") })
const embedded = fixture("cohere-embedding.json")
const ranked = fixture("cohere-reranking.1.json")
const settings = { apiKey: "co-key", headers: { "X-Provider": "p" } }

// docs/divergences.md (Cohere, user agent): upstream's nested provider-utils 5.0.51; aimux's 5.0.81
const withoutAgent = (sent: ReadonlyArray<Sent>, side: "ours" | "upstream") =>
  sent.map(({ headers: { "user-agent": agent, ...headers }, ...rest }) => {
    expect(agent).toMatch(side === "ours" ? /^ai-sdk-cohere\/4\.0\.52 ai-sdk-provider-utils\/5\.0\.81 / : /^ai-sdk-cohere\/4\.0\.52 ai-sdk-provider-utils\/5\.0\.51 /)
    return { ...rest, headers }
  })

const errorBody: Reply = { status: 400, body: JSON.stringify({ message: "invalid request: texts must not be empty" }) }
const values = (n: number) => Array.from({ length: n }, (_, i) => `v${i}`)

const embedCases: ReadonlyArray<readonly [string, string, Parameters<typeof embedBoth>[2], ReadonlyArray<Reply>]> = [
  ["defaults: float, search_query", "embed-english-v3.0", { values: ["sunny day at the beach", "rainy day in the city"] }, [embedded]],
  ["every option (the call's dimensions is not sent)", "embed-v4.0", {
    values: ["a", "b"],
    dimensions: 99,
    headers: { "x-call": "1" },
    providerOptions: { cohere: { inputType: "search_document", truncate: "START", outputDimension: 512 } }
  }, [embedded]],
  ["96 values is the limit", "embed-multilingual-v3.0", { values: values(96) }, [embedded]],
  ["97 values are too many", "embed-english-v3.0", { values: values(97) }, [embedded]],
  ["invalid options before the count", "embed-english-v3.0", { values: values(97), providerOptions: { cohere: { outputDimension: 100 } } }, [embedded]],
  ["invalid input type", "embed-english-v3.0", { values: ["a"], providerOptions: { cohere: { inputType: "query" } } }, [embedded]],
  ["an error body", "embed-english-v3.0", { values: ["a"] }, [errorBody]],
  ["a server error without body", "embed-english-v3.0", { values: ["a"] }, [{ status: 503, body: "" }]],
  ["a body without billed units", "embed-english-v3.0", { values: ["a"] }, [{ body: JSON.stringify({ embeddings: { float: [[1]] }, meta: {} }) }]],
  ["a non-numeric vector", "embed-english-v3.0", { values: ["a"] }, [{ body: JSON.stringify({ embeddings: { float: [["x"]] }, meta: { billed_units: { input_tokens: 1 } } }) }]]
]

describe("Cohere embedding model (differential)", () => {
  for (const [name, modelId, options, replies] of embedCases) {
    it(name, async () => {
      const both = await embedBoth(
        (fetch) => createCohere({ ...settings, fetch }).embedding(modelId),
        Cohere.embedding(modelId, settings),
        options,
        replies
      )
      expect(withoutAgent(both.ours.sent, "ours")).toEqual(withoutAgent(both.upstream.sent, "upstream"))
      expect(both.ours.outcome).toEqual(both.upstream.outcome)
      expect(both.ours.limits).toEqual(both.upstream.limits)
    })
  }

  it("a base URL (trailing slash dropped)", async () => {
    const custom = { ...settings, baseURL: "https://proxy.example/v2/" }
    const both = await embedBoth(
      (fetch) => createCohere({ ...custom, fetch }).textEmbeddingModel("embed-english-v3.0"),
      Cohere.embedding("embed-english-v3.0", custom),
      { values: ["a"] },
      [embedded]
    )
    expect(both.ours.sent[0].url).toBe("https://proxy.example/v2/embed")
    expect(withoutAgent(both.ours.sent, "ours")).toEqual(withoutAgent(both.upstream.sent, "upstream"))
  })
})

const rerankCases: ReadonlyArray<readonly [string, Parameters<typeof rerankBoth>[2], ReadonlyArray<Reply>]> = [
  ["text documents", { documents: { type: "text", values: ["sunny day", "rainy day"] }, query: "rain" }, [ranked]],
  ["object documents as JSON text, with the warning", {
    documents: { type: "object", values: [{ a: 1 }, { b: { c: [1, "x"] } }] },
    query: "q",
    topN: 1
  }, [ranked]],
  ["options and headers", {
    documents: { type: "text", values: ["a", "b"] },
    query: "q",
    topN: 2,
    headers: { "x-call": "1" },
    providerOptions: { cohere: { maxTokensPerDoc: 512, priority: 3 } }
  }, [ranked]],
  ["invalid options", { documents: { type: "text", values: ["a"] }, query: "q", providerOptions: { cohere: { priority: "high" } } }, [ranked]],
  ["no id, meta null", { documents: { type: "text", values: ["a"] }, query: "q" }, [{ body: JSON.stringify({ results: [{ index: 0, relevance_score: 1 }], meta: null }) }]],
  ["meta missing fails validation", { documents: { type: "text", values: ["a"] }, query: "q" }, [{ body: JSON.stringify({ results: [] }) }]],
  ["an error body", { documents: { type: "text", values: ["a"] }, query: "q" }, [{ status: 429, body: JSON.stringify({ message: "slow down" }) }]]
]

describe("Cohere reranking model (differential)", () => {
  for (const [name, options, replies] of rerankCases) {
    it(name, async () => {
      const both = await rerankBoth(
        (fetch) => createCohere({ ...settings, fetch }).reranking("rerank-v3.5"),
        Cohere.reranking("rerank-v3.5", settings),
        options,
        replies
      )
      expect(withoutAgent(both.ours.sent, "ours")).toEqual(withoutAgent(both.upstream.sent, "upstream"))
      expect(both.ours.outcome).toEqual(both.upstream.outcome)
    })
  }
})

// The chunked call: 200 values → 96 + 96 + 8, each reply echoing one vector per text.
const echo = (body: unknown): Reply => {
  const texts: ReadonlyArray<unknown> = typeof body === "object" && body !== null ? Reflect.get(body, "texts") : []
  return {
    body: JSON.stringify({
      embeddings: { float: texts.map((t) => [String(t).length, 0.5]) },
      meta: { billed_units: { input_tokens: texts.length } }
    })
  }
}

describe("Cohere through embedMany and rerank (upstream ai vs aimux core)", () => {
  it("embedMany of 200 values: the same requests in order, embeddings and summed usage", async () => {
    const input = values(200)
    const upstreamSent: Array<Sent> = []
    const upstream = await upstreamEmbedMany({
      model: createCohere({ ...settings, fetch: mockFetch(echo, upstreamSent) }).embedding("embed-english-v3.0"),
      values: input,
      maxParallelCalls: 1,
      providerOptions: { cohere: { inputType: "classification" } }
    })
    const oursSent: Array<Sent> = []
    const ours = await Effect.runPromise(
      Embed.embedMany({ values: input, maxParallelCalls: 1, providerOptions: { cohere: { inputType: "classification" } } }).pipe(
        Effect.provide(Cohere.embeddingLayer("embed-english-v3.0", settings)),
        Effect.provideService(HttpClient.HttpClient, replayClient(echo, oursSent))
      )
    )
    expect(upstreamSent.map((s) => Reflect.get(Object(s.body), "texts").length)).toEqual([96, 96, 8])
    expect(oursSent.map((s) => s.body)).toEqual(upstreamSent.map((s) => s.body))
    expect(ours.embeddings).toEqual(upstream.embeddings)
    expect(ours.usage).toEqual(upstream.usage)
    expect(ours.values).toEqual(upstream.values)
  })

  it("rerank: the ranking with the original documents, topN sent as top_n", async () => {
    const documents = ["sunny day at the beach", "rainy day in the city"]
    const upstreamSent: Array<Sent> = []
    const upstream = await upstreamRerank({
      model: createCohere({ ...settings, fetch: mockFetch([ranked], upstreamSent) }).reranking("rerank-v3.5"),
      documents,
      query: "rain",
      topN: 2
    })
    const oursSent: Array<Sent> = []
    const ours = await Effect.runPromise(
      Rerank.rerank({ documents, query: "rain", topN: 2 }).pipe(
        Effect.provide(Layer.provide(Cohere.rerankingLayer("rerank-v3.5", settings), Layer.succeed(HttpClient.HttpClient, replayClient([ranked], oursSent))))
      )
    )
    expect(oursSent.map((s) => s.body)).toEqual(upstreamSent.map((s) => s.body))
    const view = (r: { ranking: unknown; rerankedDocuments: unknown; originalDocuments: unknown }) =>
      outcomeJson({ ok: { ranking: r.ranking, rerankedDocuments: r.rerankedDocuments, originalDocuments: r.originalDocuments } })
    expect(view(ours)).toEqual(view(upstream))
  })
})

describe("Cohere in the provider registry (upstream createProviderRegistry vs aimux's)", () => {
  const ids = [
    ["languageModel", "cohere:command-a-03-2025"],
    ["embeddingModel", "cohere:embed-english-v3.0"],
    ["rerankingModel", "cohere:rerank-v3.5"]
  ] as const
  for (const [kind, id] of ids) {
    it(`${kind} ${id}: the same provider and model id`, async () => {
      const upRegistry = createProviderRegistry({ cohere: createCohere({ apiKey: "k" }) })
      const upstream = kind === "languageModel"
        ? upRegistry.languageModel(id)
        : kind === "embeddingModel"
        ? upRegistry.embeddingModel(id)
        : upRegistry.rerankingModel(id)
      const ours = await Effect.runPromise(
        Effect.gen(function*() {
          const registry = yield* ProviderRegistry.ProviderRegistry
          return yield* registry[kind](id)
        }).pipe(
          Effect.provide(ProviderRegistry.layer({
            cohere: {
              languageModel: (modelId) => Cohere.model(modelId, { apiKey: "k" }),
              embeddingModel: (modelId) => Cohere.embedding(modelId, { apiKey: "k" }),
              rerankingModel: (modelId) => Cohere.reranking(modelId, { apiKey: "k" })
            }
          })),
          Effect.provideService(HttpClient.HttpClient, replayClient([ranked], []))
        )
      )
      expect([ours.provider, ours.modelId]).toEqual([upstream.provider, upstream.modelId])
    })
  }

  it("rerank through layerRerankingModel sends what upstream's registry model sends", async () => {
    const upstreamSent: Array<Sent> = []
    const registry = createProviderRegistry({ cohere: createCohere({ ...settings, fetch: mockFetch([ranked], upstreamSent) }) })
    const upstream = await upstreamRerank({ model: registry.rerankingModel("cohere:rerank-v3.5"), documents: ["a", "b"], query: "q" })
    const oursSent: Array<Sent> = []
    const ours = await Effect.runPromise(
      Rerank.rerank({ documents: ["a", "b"], query: "q" }).pipe(
        Effect.provide(ProviderRegistry.layerRerankingModel("cohere:rerank-v3.5")),
        Effect.provide(ProviderRegistry.layer({ cohere: { rerankingModel: (modelId) => Cohere.reranking(modelId, settings) } })),
        Effect.provideService(HttpClient.HttpClient, replayClient([ranked], oursSent))
      )
    )
    expect(oursSent.map((s) => s.body)).toEqual(upstreamSent.map((s) => s.body))
    expect(JSON.parse(JSON.stringify(ours.ranking))).toEqual(JSON.parse(JSON.stringify(upstream.ranking)))
  })
})
