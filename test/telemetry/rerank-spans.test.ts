/**
 * Spans of rerank against upstream `ai` 7.0.173 with `@ai-sdk/otel` 1.0.173's
 * `LegacyOpenTelemetry`, each into a real SDK `InMemorySpanExporter` (see spans.ts): `ai.rerank`
 * with its `ai.rerank.doRerank`, text and object documents, recording off, a retried and a failing
 * model, no documents.
 */
import { describe, expect, it } from "@effect/vitest"
import { APICallError as UpstreamAPICallError } from "@ai-sdk/provider"
import { rerank as upstreamRerank } from "ai"
import { MockRerankingModelV4 } from "ai/test"
import { Effect } from "effect"
import * as Rerank from "../../src/core/Rerank.ts"
import type * as Telemetry from "../../src/core/Telemetry.ts"
import { APICallError } from "../../src/contract/errors/APICallError.ts"
import * as MockRerankingModel from "../../src/testing/MockRerankingModel.ts"
import { ourSpans, type SpanNode, upstreamSpans } from "./spans.ts"

const failure = { message: "Bad Request", url: "https://api.test/v1/rerank", requestBodyValues: {}, statusCode: 400 }
const retryable = { ...failure, message: "Overloaded", statusCode: 529, responseHeaders: { "retry-after-ms": "0" } }

type Outcome = "ok" | "fail" | "retry"

interface Scenario {
  readonly documents: ReadonlyArray<string | { readonly [key: string]: string }>
  readonly outcomes?: ReadonlyArray<Outcome>
  readonly telemetry?: Telemetry.TelemetrySettings
}

const ranking = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ index: count - 1 - i, relevanceScore: 1 - i / 10 }))

const run = ({ documents, outcomes = ["ok"], telemetry }: Scenario) =>
  Effect.gen(function*() {
    const common = { query: "weather", topN: 2, headers: { "x-trace": "1" }, runtimeContext: { tenant: "t1" } }
    let upstreamIndex = 0
    const upstream = yield* Effect.promise(() =>
      upstreamSpans(async (integration) => {
        const model = new MockRerankingModelV4({
          doRerank: async () => {
            const outcome = outcomes[upstreamIndex++] ?? "fail"
            if (outcome === "fail") throw new UpstreamAPICallError(failure)
            if (outcome === "retry") throw new UpstreamAPICallError(retryable)
            return { ranking: ranking(documents.length), warnings: [] }
          }
        })
        return upstreamRerank({
          model,
          ...common,
          documents: [...documents] as never,
          telemetry: { ...telemetry, integrations: [integration] } as never
        })
      })
    )
    const layer = MockRerankingModel.layer({
      rerank: (_options, index) => {
        const outcome = outcomes[index] ?? "fail"
        if (outcome === "fail") return Effect.fail(new APICallError(failure))
        if (outcome === "retry") return Effect.fail(new APICallError(retryable))
        return Effect.succeed({ ranking: ranking(documents.length), warnings: [] })
      }
    })
    const ours = yield* ourSpans(
      Effect.asVoid(Rerank.rerank({ ...common, documents, telemetry })).pipe(Effect.provide(layer))
    )
    expect(upstream.length).toBe(1)
    expect(ours).toEqual(upstream)
    return ours[0]!
  })

const names = (node: SpanNode) => node.children.map((c) => c.name)

describe("rerank spans (differential)", () => {
  it.live("text documents: ai.rerank > ai.rerank.doRerank", () =>
    Effect.map(run({ documents: ["sunny", "rain", "snow"], telemetry: { functionId: "search" } }), (root) => {
      expect(names(root)).toEqual(["ai.rerank.doRerank"])
      expect(root.attributes["ai.documents"]).toEqual(["\"sunny\"", "\"rain\"", "\"snow\""])
      expect(root.children[0]!.attributes["ai.ranking.type"]).toBe("text")
    }))
  it.live("object documents with an included runtime context key", () =>
    Effect.map(
      run({ documents: [{ t: "a" }, { t: "b" }], telemetry: { includeRuntimeContext: { tenant: true } } }),
      (root) => {
        expect(root.children[0]!.attributes["ai.ranking.type"]).toBe("object")
        expect(root.attributes["ai.settings.context.tenant"]).toBe("t1")
      }
    ))
  it.live("recordInputs: false", () => run({ documents: ["a", "b"], telemetry: { recordInputs: false } }))
  it.live("recordOutputs: false", () => run({ documents: ["a", "b"], telemetry: { recordOutputs: false } }))
  it.live("a retried call: the failed attempt's span is not ended, as upstream", () =>
    Effect.map(run({ documents: ["a", "b"], outcomes: ["retry", "ok"] }), (root) => {
      expect(names(root)).toEqual(["ai.rerank.doRerank"])
      expect(root.status).toEqual({ code: "ok" })
    }))
  it.live("a failing model", () =>
    Effect.map(run({ documents: ["a", "b"], outcomes: ["fail"] }), (root) => {
      expect(root.status).toEqual({ code: "error", message: "Bad Request" })
      expect(root.children[0]!.status).toEqual({ code: "error", message: "Bad Request" })
    }))
  it.live("no documents: the call span alone", () =>
    Effect.map(run({ documents: [] }), (root) => {
      expect(names(root)).toEqual([])
    }))
})
