/**
 * Embedding middleware vs upstream `wrapEmbeddingModel` / `defaultEmbeddingSettingsMiddleware`:
 * the options the inner model receives, the result, the order of several middlewares and the
 * override hooks.
 */
import type { EmbeddingModelV4CallOptions } from "@ai-sdk/provider"
import { expect, it } from "@effect/vitest"
import { defaultEmbeddingSettingsMiddleware, type EmbeddingModelMiddleware, wrapEmbeddingModel } from "ai"
import { MockEmbeddingModelV4 } from "ai/test"
import { Effect } from "effect"
import type { EmbeddingCallOptions } from "../../../src/contract/Embedding.ts"
import * as EmbeddingMiddleware from "../../../src/core/middleware/EmbeddingMiddleware.ts"
import type * as EmbeddingModel from "../../../src/EmbeddingModel.ts"

const result = { embeddings: [[1, 2]], usage: { tokens: 2 }, warnings: [] }

const ourInner = () => {
  const calls: Array<EmbeddingCallOptions> = []
  const service: EmbeddingModel.Service = {
    specificationVersion: "v4",
    provider: "mock-provider",
    modelId: "mock-model",
    maxEmbeddingsPerCall: 3,
    supportsParallelCalls: false,
    embed: (options) => Effect.sync(() => (calls.push(options), result))
  }
  return { service, calls }
}

it("defaults, order of several middlewares and overrides as upstream", async () => {
  const upLog: Array<string> = []
  const ourLog: Array<string> = []
  const tag = (name: string, log: Array<string>): [EmbeddingModelMiddleware, EmbeddingMiddleware.EmbeddingMiddleware] => [
    {
      specificationVersion: "v4",
      transformParams: async ({ params }) => (log.push(`${name}:t`), { ...params, values: [...params.values, name] }),
      wrapEmbed: async ({ doEmbed }) => (log.push(`${name}:w`), doEmbed()),
      overrideMaxEmbeddingsPerCall: ({ model }) => Number(model.maxEmbeddingsPerCall ?? 0) + 1
    },
    {
      transformParams: ({ params }) => Effect.sync(() => (log.push(`${name}:t`), { ...params, values: [...params.values, name] })),
      wrapEmbed: ({ doEmbed }) => Effect.suspend(() => (log.push(`${name}:w`), doEmbed)),
      overrideMaxEmbeddingsPerCall: ({ model }) => Number(model.maxEmbeddingsPerCall ?? 0) + 1
    }
  ]
  const settings = { headers: { a: "1" }, providerOptions: { p: { x: 1, nested: { y: 1 } } } }
  const [ua] = tag("a", upLog)
  const [ub] = tag("b", upLog)
  const [, oa] = tag("a", ourLog)
  const [, ob] = tag("b", ourLog)
  const upInner = new MockEmbeddingModelV4({ provider: "mock-provider", modelId: "mock-model", maxEmbeddingsPerCall: 3, doEmbed: async () => result })
  const up = wrapEmbeddingModel({
    model: upInner,
    middleware: [defaultEmbeddingSettingsMiddleware({ settings }), ua, ub, { specificationVersion: "v4", overrideSupportsParallelCalls: () => true }],
    modelId: "M"
  })
  const params: EmbeddingModelV4CallOptions = { values: ["v"], providerOptions: { p: { nested: { z: 2 } } } }
  const upResult = await up.doEmbed(params)

  const inner = ourInner()
  const ours = EmbeddingMiddleware.wrap(
    inner.service,
    [EmbeddingMiddleware.defaultSettings(settings), oa, ob, { overrideSupportsParallelCalls: () => true }],
    { modelId: "M" }
  )
  const ourResult = await Effect.runPromise(ours.embed(params))
  expect(ourResult).toEqual(upResult)
  expect(inner.calls).toEqual(upInner.doEmbedCalls)
  expect(ourLog).toEqual(upLog)
  expect([ours.provider, ours.modelId, ours.maxEmbeddingsPerCall, ours.supportsParallelCalls]).toEqual([
    up.provider, up.modelId, up.maxEmbeddingsPerCall, up.supportsParallelCalls
  ])
  expect(upInner.doEmbedCalls[0]?.providerOptions).toEqual({ p: { x: 1, nested: { y: 1, z: 2 } } })
})
