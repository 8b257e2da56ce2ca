/**
 * The Bedrock embedding (Titan, Cohere v3/v4, Nova) and reranking models against
 * `@ai-sdk/amazon-bedrock` 5.0.101 (fetch mocked, bearer key): URL, headers, bodies per family and
 * options, results and usage (body or header token counts), errors, limits; reranking with text
 * and JSON documents, `topN`, the options, errors.
 */
import { describe, expect, it } from "@effect/vitest"
import { createAmazonBedrock } from "@ai-sdk/amazon-bedrock"
import * as AmazonBedrock from "../../src/providers/amazon-bedrock/AmazonBedrock.ts"
import { embedBoth, type Reply, rerankBoth, type Sent } from "./harness.ts"

// the known divergence of docs/divergences.md ("User agent", Bedrock): upstream's nested
// provider-utils 5.0.51 and its key fetch add a second suffix; aimux sends one, checked here
const withoutAgent = (sent: ReadonlyArray<Sent>, side: "ours" | "upstream") =>
  sent.map(({ headers: { "user-agent": agent, ...headers }, ...rest }) => {
    if (side === "ours") expect(agent).toMatch(/^ai-sdk-amazon-bedrock\/5\.0\.101 ai-sdk-provider-utils\/5\.0\.81 /)
    return { ...rest, headers }
  })

const settings = { region: "eu-west-1", apiKey: "bedrock-key", headers: { "X-Provider": "p" } }

const titan: Reply = { body: JSON.stringify({ embedding: [0.5, -0.25], inputTextTokenCount: 3, embeddingsByType: {} }) }
const cohereV3: Reply = { headers: { "x-amzn-bedrock-input-token-count": "11" }, body: JSON.stringify({ embeddings: [[1, 2], [3, 4]], id: "x", response_type: "embeddings_floats" }) }
const cohereV4: Reply = { headers: { "x-amzn-bedrock-input-token-count": "5" }, body: JSON.stringify({ embeddings: { float: [[1, 2], [3, 4]] } }) }
const nova: Reply = { body: JSON.stringify({ embeddings: [{ embeddingType: "TEXT", embedding: [9, 8, 7] }], inputTokenCount: 4 }) }
const bedrockError: Reply = { status: 400, body: JSON.stringify({ message: "Malformed input request", type: "ValidationException" }) }

const embedCases: ReadonlyArray<readonly [string, string, Parameters<typeof embedBoth>[2], ReadonlyArray<Reply>]> = [
  ["titan v2", "amazon.titan-embed-text-v2:0", { values: ["hello"] }, [titan]],
  ["titan with dimensions and normalize (the call's dimensions is not sent)", "amazon.titan-embed-text-v2:0", {
    values: ["hello"],
    dimensions: 99,
    providerOptions: { amazonBedrock: { dimensions: 512, normalize: true } }
  }, [titan]],
  ["titan: legacy bedrock options key", "amazon.titan-embed-text-v1", { values: ["x"], providerOptions: { bedrock: { normalize: false } } }, [titan]],
  ["titan: two values are too many", "amazon.titan-embed-text-v2:0", { values: ["a", "b"] }, [titan]],
  ["cohere v3: texts, default input type, header token count", "cohere.embed-english-v3", { values: ["a", "b"] }, [cohereV3]],
  ["cohere: options", "cohere.embed-multilingual-v3", {
    values: ["a", "b"],
    providerOptions: { amazonBedrock: { inputType: "search_document", truncate: "END", outputDimension: 256 } }
  }, [cohereV3]],
  ["cohere v4 response; inference profile id", "us.cohere.embed-v4:0", { values: ["a", "b"] }, [cohereV4]],
  ["cohere without the token header: NaN", "cohere.embed-english-v3", { values: ["a", "b"] }, [{ body: cohereV3.body }]],
  ["nova", "amazon.nova-2-multimodal-embeddings-v1:0", { values: ["n"], providerOptions: { amazonBedrock: { embeddingPurpose: "TEXT_RETRIEVAL", embeddingDimension: 384 } } }, [nova]],
  ["an error body", "amazon.titan-embed-text-v2:0", { values: ["a"] }, [bedrockError]],
  ["invalid options", "amazon.titan-embed-text-v2:0", { values: ["a"], providerOptions: { amazonBedrock: { dimensions: 7 } } }, [titan]],
  ["a body matching no family", "amazon.titan-embed-text-v2:0", { values: ["a"] }, [{ body: JSON.stringify({ vectors: [] }) }]]
]

describe("Bedrock embedding model (differential)", () => {
  for (const [name, modelId, options, replies] of embedCases) {
    it(name, async () => {
      const both = await embedBoth(
        (fetch) => createAmazonBedrock({ ...settings, fetch }).embedding(modelId),
        AmazonBedrock.embedding(modelId, settings),
        options,
        replies
      )
      expect(withoutAgent(both.ours.sent, "ours")).toEqual(withoutAgent(both.upstream.sent, "upstream"))
      expect(both.ours.outcome).toEqual(both.upstream.outcome)
      expect(both.ours.limits).toEqual(both.upstream.limits)
    })
  }

  it("a model family set explicitly (an application inference profile ARN)", async () => {
    const modelId = "arn:aws:bedrock:eu-west-1:123:application-inference-profile/abc"
    const both = await embedBoth(
      (fetch) => createAmazonBedrock({ ...settings, fetch }).embedding(modelId, { modelFamily: "cohere" }),
      AmazonBedrock.embedding(modelId, { ...settings, modelFamily: "cohere" }),
      { values: ["a", "b"] },
      [cohereV3]
    )
    expect(withoutAgent(both.ours.sent, "ours")).toEqual(withoutAgent(both.upstream.sent, "upstream"))
    expect(both.ours.outcome).toEqual(both.upstream.outcome)
    expect(both.ours.limits).toEqual(both.upstream.limits)
  })
})

const ranked: Reply = { headers: { "x-amzn-requestid": "r1" }, body: JSON.stringify({ results: [{ index: 2, relevanceScore: 0.9 }, { index: 0, relevanceScore: 0.1 }] }) }

const rerankCases: ReadonlyArray<readonly [string, Parameters<typeof rerankBoth>[2], ReadonlyArray<Reply>]> = [
  ["text documents", { documents: { type: "text", values: ["a", "b", "c"] }, query: "q" }, [ranked]],
  ["object documents with topN", { documents: { type: "object", values: [{ id: 1 }, { id: 2 }, { id: 3, nested: { x: [1] } }] }, query: "q", topN: 2 }, [ranked]],
  ["options: nextToken, additional fields", {
    documents: { type: "text", values: ["a", "b", "c"] },
    query: "q",
    providerOptions: { amazonBedrock: { nextToken: "t1", additionalModelRequestFields: { k: 1 } } }
  }, [{ body: JSON.stringify({ results: [{ index: 1, relevanceScore: 0.5 }], nextToken: "t2" }) }]],
  ["legacy bedrock key", { documents: { type: "text", values: ["a"] }, query: "q", providerOptions: { bedrock: { nextToken: "n" } } }, [ranked]],
  ["call headers", { documents: { type: "text", values: ["a"] }, query: "q", headers: { "X-Call": "1" } }, [ranked]],
  ["an error body", { documents: { type: "text", values: ["a"] }, query: "q" }, [{ status: 403, body: JSON.stringify({ message: "denied", type: "AccessDeniedException" }) }]],
  ["an invalid response", { documents: { type: "text", values: ["a"] }, query: "q" }, [{ body: JSON.stringify({ results: [{ index: "0" }] }) }]]
]

describe("Bedrock reranking model (differential)", () => {
  for (const [name, options, replies] of rerankCases) {
    it(name, async () => {
      const both = await rerankBoth(
        (fetch) => createAmazonBedrock({ ...settings, fetch }).reranking("cohere.rerank-v3-5:0"),
        AmazonBedrock.reranking("cohere.rerank-v3-5:0", settings),
        options,
        replies
      )
      expect(withoutAgent(both.ours.sent, "ours")).toEqual(withoutAgent(both.upstream.sent, "upstream"))
      expect(both.ours.outcome).toEqual(both.upstream.outcome)
    })
  }

  it("a custom base URL", async () => {
    const custom = { ...settings, baseURL: "http://127.0.0.1:9/agent/" }
    const both = await rerankBoth(
      (fetch) => createAmazonBedrock({ ...custom, fetch }).rerankingModel("amazon.rerank-v1:0"),
      AmazonBedrock.reranking("amazon.rerank-v1:0", custom),
      { documents: { type: "text", values: ["a"] }, query: "q" },
      [ranked]
    )
    expect(withoutAgent(both.ours.sent, "ours")).toEqual(withoutAgent(both.upstream.sent, "upstream"))
    expect(both.ours.outcome).toEqual(both.upstream.outcome)
  })
})
