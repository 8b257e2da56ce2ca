/**
 * The examples of docs/embeddings.md (each fenced block there is a region of this file).
 */
import { Effect, Layer, Stream } from "effect"
import { FetchHttpClient } from "effect/http"
import { CosineSimilarity, Decide, Embed, Rerank } from "aimux"
import { AmazonBedrock } from "aimux/amazon-bedrock"
import { OpenAI } from "aimux/openai"
import { MockEmbeddingModel } from "aimux/testing"

// the model is a Layer, like a language model
const embeddings = OpenAI.embeddingLayer("text-embedding-3-small").pipe(Layer.provide(FetchHttpClient.layer))

export const search = Effect.gen(function*() {
  const { embeddings: docs } = yield* Embed.embedMany({
    values: ["sunny day at the beach", "rainy afternoon in the city"],
    maxParallelCalls: 4
  })
  const { embedding: query } = yield* Embed.embed({ value: "weather at the seaside" })
  return yield* Effect.forEach(docs, (doc) => CosineSimilarity.cosineSimilarity(query, doc))
}).pipe(Effect.provide(embeddings))

// a large input as a stream: at most 8 requests in flight, input pulled as they free up
export const indexAll = (lines: Stream.Stream<string>) =>
  Embed.embedManyStream(lines, { maxParallelCalls: 8 }).pipe(
    Stream.runForEach((chunk) =>
      Effect.log(`values ${chunk.startIndex}..${chunk.startIndex + chunk.values.length} embedded`)
    ),
    Effect.provide(embeddings)
  )

// reranking (Bedrock) and decisions
const reranker = AmazonBedrock.rerankingLayer("cohere.rerank-v3-5:0", { region: "us-east-1" }).pipe(
  Layer.provide(FetchHttpClient.layer)
)

export const top = Rerank.rerank({
  documents: ["sunny day at the beach", "rainy afternoon in the city"],
  query: "talk about rain",
  topN: 1
}).pipe(Effect.map((result) => result.rerankedDocuments), Effect.provide(reranker))

export const triage = Decide.decide({
  state: "The checkout page returns a 500 for every user.",
  questions: {
    severity: { type: "choice", criteria: { low: null, high: "users are blocked" } },
    regression: { type: "boolean", instructions: "Is this likely a regression?" }
  }
})

// tests: a scripted model as a Layer
export const inTests = Embed.embedMany({ values: ["a", "b"] }).pipe(
  Effect.provide(MockEmbeddingModel.layer({
    maxEmbeddingsPerCall: 1,
    embed: (options) => ({ embeddings: options.values.map((v) => [v.length]), warnings: [] })
  }))
)
