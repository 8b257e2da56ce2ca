/**
 * `Middleware.wrap` against upstream's `wrapLanguageModel`: order of several middlewares
 * (transformParams outermost first, the last wraps the model directly), wrapGenerate/wrapStream
 * nesting, the override hooks and the modelId/providerId options; `Middleware.layer` wraps the
 * LanguageModel of the context and takes a middleware's services from it.
 */
import type { LanguageModelV4CallOptions } from "@ai-sdk/provider"
import { describe, expect, it } from "@effect/vitest"
import type { LanguageModelMiddleware } from "ai"
import { Context, Effect, Layer, Stream } from "effect"
import * as Middleware from "../../../src/core/middleware/Middleware.ts"
import { LanguageModel } from "../../../src/LanguageModel.ts"
import { aimuxInner, generateResult, params, runAimux, runUpstream, textStream } from "./harness.ts"

const script = { generate: generateResult([{ type: "text", text: "g" }]), stream: textStream(["s"]) }

const pair = (name: string, log: Array<string>) => {
  const up: LanguageModelMiddleware = {
    specificationVersion: "v4",
    transformParams: async ({ params, type }) => {
      log.push(`${name}:transform:${type}`)
      return { ...params, stopSequences: [...(params.stopSequences ?? []), name] }
    },
    wrapGenerate: async ({ doGenerate, params }) => {
      log.push(`${name}:generate:${params.stopSequences?.join()}`)
      const result = await doGenerate()
      return { ...result, content: [...result.content, { type: "text", text: name }] }
    },
    wrapStream: async ({ doStream }) => {
      log.push(`${name}:stream`)
      const result = await doStream()
      return {
        ...result,
        stream: result.stream.pipeThrough(
          new TransformStream({
            transform: (part, controller) => {
              controller.enqueue(part.type === "text-delta" ? { ...part, delta: part.delta + name } : part)
            }
          })
        )
      }
    }
  }
  const ours: Middleware.Middleware = {
    transformParams: ({ params, type }) =>
      Effect.sync(() => {
        log.push(`${name}:transform:${type}`)
        return { ...params, stopSequences: [...(params.stopSequences ?? []), name] }
      }),
    wrapGenerate: ({ doGenerate, params }) =>
      Effect.suspend(() => {
        log.push(`${name}:generate:${params.stopSequences?.join()}`)
        return Effect.map(doGenerate, (result) => ({ ...result, content: [...result.content, { type: "text", text: name }] }))
      }),
    wrapStream: ({ doStream }) =>
      Effect.suspend(() => {
        log.push(`${name}:stream`)
        return Effect.map(doStream, (result) => ({
          ...result,
          stream: Stream.map(result.stream, (part) => part.type === "text-delta" ? { ...part, delta: part.delta + name } : part)
        }))
      })
  }
  return { up, ours }
}

describe("wrap", () => {
  it("several middlewares apply in upstream's order", async () => {
    const upLog: Array<string> = []
    const ourLog: Array<string> = []
    const [a, b, c] = ["a", "b", "c"].map((n) => pair(n, upLog))
    const [x, y, z] = ["a", "b", "c"].map((n) => pair(n, ourLog))
    const expected = await runUpstream([a.up, b.up, c.up], script, params({ stopSequences: ["0"] }))
    const actual = await runAimux([x.ours, y.ours, z.ours], script, params({ stopSequences: ["0"] }))
    expect(actual).toEqual(expected)
    expect(ourLog).toEqual(upLog)
    expect(upLog[0]).toBe("a:transform:generate")
  })

  it("override hooks and the modelId/providerId options", async () => {
    const up: LanguageModelMiddleware = {
      specificationVersion: "v4",
      overrideProvider: ({ model }) => `${model.provider}-x`,
      overrideModelId: ({ model }) => `${model.modelId}-x`,
      overrideSupportedUrls: () => ({ "application/pdf": [/^https:\/\/pdf\//] })
    }
    const ours: Middleware.Middleware = {
      overrideProvider: ({ model }) => `${model.provider}-x`,
      overrideModelId: ({ model }) => `${model.modelId}-x`,
      overrideSupportedUrls: () => Effect.succeed({ "application/pdf": [/^https:\/\/pdf\//] })
    }
    const expected = await runUpstream(up, script, params())
    expect(expected.provider).toBe("mock-provider-x")
    expect(await runAimux(ours, script, params())).toEqual(expected)
    const withIds = await runUpstream(up, script, params(), { modelId: "M", providerId: "P" })
    expect(await runAimux(ours, script, params(), 1, { modelId: "M", providerId: "P" })).toEqual(withIds)
    expect(withIds.modelId).toBe("M")
    // no middleware hooks at all: the model as it is
    expect(await runAimux({}, script, params())).toEqual(await runUpstream({ specificationVersion: "v4" }, script, params()))
  })

  it("wrapGenerate may call doStream and wrapStream doGenerate (both over the transformed options)", async () => {
    const up: LanguageModelMiddleware = {
      specificationVersion: "v4",
      transformParams: async ({ params }) => ({ ...params, temperature: 0.1 }),
      wrapGenerate: async ({ doStream, doGenerate }) => {
        await doStream()
        return doGenerate()
      }
    }
    const ours: Middleware.Middleware = {
      transformParams: ({ params }) => Effect.succeed({ ...params, temperature: 0.1 }),
      wrapGenerate: ({ doStream, doGenerate }) => Effect.andThen(doStream, doGenerate)
    }
    const expected = await runUpstream(up, { generate: script.generate }, params())
    expect(expected.streamParams).toHaveLength(1)
    expect(await runAimux(ours, { generate: script.generate }, params())).toEqual(expected)
  })
})

class Tag extends Context.Service<Tag, { readonly value: string }>()("test/Tag") {}

describe("layer", () => {
  it.effect("wraps the LanguageModel of the context; a middleware's services come from the layer's context", () =>
    Effect.gen(function*() {
      const inner = aimuxInner(script, 1)
      const middleware: Middleware.Middleware<Tag> = {
        transformParams: ({ params }) =>
          Effect.gen(function*() {
            const tag = yield* Tag
            return { ...params, stopSequences: [tag.value] }
          })
      }
      const layer = Middleware.layer(middleware, { modelId: "wrapped" }).pipe(
        Layer.provide(Layer.succeed(LanguageModel, inner.service)),
        Layer.provide(Layer.succeed(Tag, { value: "from-layer" }))
      )
      const model = yield* Effect.provide(
        Effect.gen(function*() {
          return yield* LanguageModel
        }),
        layer
      )
      yield* model.generate(params())
      expect(model.modelId).toBe("wrapped")
      const seen: LanguageModelV4CallOptions | undefined = JSON.parse(JSON.stringify(inner.generateParams[0]))
      expect(seen?.stopSequences).toEqual(["from-layer"])
    }))
})
