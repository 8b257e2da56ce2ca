/**
 * Spans of embed / embedMany against upstream `ai` 7.0.173 with `@ai-sdk/otel` 1.0.173's
 * `LegacyOpenTelemetry`, each into a real SDK `InMemorySpanExporter` (see spans.ts): `ai.embed`
 * with its `ai.embed.doEmbed`, `ai.embedMany` with one `ai.embedMany.doEmbed` per chunk, recording
 * off, a failing model.
 */
import { describe, expect, it } from "@effect/vitest"
import { APICallError as UpstreamAPICallError } from "@ai-sdk/provider"
import { embed as upstreamEmbed, embedMany as upstreamEmbedMany } from "ai"
import { MockEmbeddingModelV4 } from "ai/test"
import { Effect } from "effect"
import * as Embed from "../../src/core/Embed.ts"
import type * as Telemetry from "../../src/core/Telemetry.ts"
import { APICallError } from "../../src/contract/errors/APICallError.ts"
import * as MockEmbeddingModel from "../../src/testing/MockEmbeddingModel.ts"
import { ourSpans, upstreamSpans } from "./spans.ts"

const failure = { message: "Bad Request", url: "https://api.test/v1/embeddings", requestBodyValues: {}, statusCode: 400 }
const vectors = (values: ReadonlyArray<string>) => values.map((v, i) => [v.length, i, 0.5])

interface Scenario {
  readonly values: ReadonlyArray<string>
  readonly many: boolean
  readonly fail?: boolean
  readonly telemetry?: Telemetry.TelemetrySettings
}

const run = ({ values, many, fail, telemetry }: Scenario) =>
  Effect.gen(function*() {
    const common = { headers: { "x-trace": "1" }, runtimeContext: { tenant: "t1" }, maxRetries: 0 }
    const upstream = yield* Effect.promise(() =>
      upstreamSpans(async (integration) => {
        const model = new MockEmbeddingModelV4({
          maxEmbeddingsPerCall: 2,
          doEmbed: async ({ values }) => {
            if (fail === true) throw new UpstreamAPICallError(failure)
            return { embeddings: vectors(values), usage: { tokens: values.length * 3 }, warnings: [] }
          }
        })
        const options = { model, ...common, telemetry: { ...telemetry, integrations: [integration] } as never }
        return many ? upstreamEmbedMany({ ...options, values: [...values] }) : upstreamEmbed({ ...options, value: values[0]! })
      })
    )
    const layer = MockEmbeddingModel.layer({
      maxEmbeddingsPerCall: 2,
      embed: (options) =>
        fail === true
          ? Effect.fail(new APICallError(failure))
          : Effect.succeed({ embeddings: vectors(options.values), usage: { tokens: options.values.length * 3 }, warnings: [] })
    })
    const ours = yield* ourSpans(
      (many
        ? Effect.asVoid(Embed.embedMany({ ...common, values, telemetry }))
        : Effect.asVoid(Embed.embed({ ...common, value: values[0]!, telemetry }))).pipe(Effect.provide(layer))
    )
    expect(upstream.length).toBe(1)
    expect(ours).toEqual(upstream)
    return ours[0]!
  })

describe("embed spans (differential)", () => {
  it.live("embed: ai.embed > ai.embed.doEmbed", () =>
    Effect.map(run({ values: ["hello"], many: false }), (root) => {
      expect(root.children.map((c) => c.name)).toEqual(["ai.embed.doEmbed"])
      expect(root.attributes["ai.embedding"]).toBe("[5,0,0.5]")
    }))
  it.live("embedMany in chunks: ai.embedMany > ai.embedMany.doEmbed per chunk", () =>
    Effect.map(
      run({ values: ["a", "bb", "ccc"], many: true, telemetry: { functionId: "indexer", includeRuntimeContext: { tenant: true } } }),
      (root) => {
        expect(root.children.map((c) => c.name)).toEqual(["ai.embedMany.doEmbed", "ai.embedMany.doEmbed"])
        expect(root.attributes["ai.settings.context.tenant"]).toBe("t1")
      }
    ))
  it.live("recordInputs: false", () => run({ values: ["a", "bb", "ccc"], many: true, telemetry: { recordInputs: false } }))
  it.live("recordOutputs: false", () => run({ values: ["hello"], many: false, telemetry: { recordOutputs: false } }))
  it.live("a failing model", () =>
    Effect.map(run({ values: ["hello"], many: false, fail: true }), (root) => {
      expect(root.status).toEqual({ code: "error", message: "Bad Request" })
    }))
})
