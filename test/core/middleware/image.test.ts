/**
 * Image middleware vs upstream `wrapImageModel`: through `generateImage` on both sides, the calls
 * the inner model receives (batched by the overridden `maxImagesPerCall`), the order of several
 * middlewares, the override hooks and the result.
 */
import type { ImageModelV4, ImageModelV4CallOptions } from "@ai-sdk/provider"
import { expect, it } from "@effect/vitest"
import { generateImage, type ImageModelMiddleware, wrapImageModel } from "ai"
import { Effect } from "effect"
import type { ImageCallOptions } from "../../../src/contract/Image.ts"
import * as GenerateImage from "../../../src/core/GenerateImage.ts"
import * as ImageMiddleware from "../../../src/core/middleware/ImageMiddleware.ts"
import * as ImageModel from "../../../src/ImageModel.ts"

const png = "iVBORw0KGgo="
const response = { timestamp: new Date(0), modelId: "inner", headers: undefined }

it("order, transformed params, overrides and results as upstream's wrapImageModel", async () => {
  const upLog: Array<string> = []
  const ourLog: Array<string> = []
  const upCalls: Array<ImageModelV4CallOptions> = []
  const ourCalls: Array<ImageCallOptions> = []
  const tag = (name: string, log: Array<string>): [ImageModelMiddleware, ImageMiddleware.ImageMiddleware] => [
    {
      specificationVersion: "v4",
      transformParams: async ({ params }) => (log.push(`${name}:t`), { ...params, prompt: `${params.prompt}+${name}` }),
      wrapGenerate: async ({ doGenerate }) => (log.push(`${name}:w`), doGenerate()),
      overrideMaxImagesPerCall: ({ model }) => Number(model.maxImagesPerCall ?? 0) + 1
    },
    {
      transformParams: ({ params }) => Effect.sync(() => (log.push(`${name}:t`), { ...params, prompt: `${params.prompt}+${name}` })),
      wrapGenerate: ({ doGenerate }) => Effect.suspend(() => (log.push(`${name}:w`), doGenerate)),
      overrideMaxImagesPerCall: ({ model }) => typeof model.maxImagesPerCall === "number" ? model.maxImagesPerCall + 1 : 1
    }
  ]
  const [ua] = tag("a", upLog)
  const [ub] = tag("b", upLog)
  const [, oa] = tag("a", ourLog)
  const [, ob] = tag("b", ourLog)
  const flags = { overrideSupportsFileInputs: () => true, overrideSupportsMaskInputs: () => false, overrideProvider: () => "wrapped" }

  const upInner: ImageModelV4 = {
    specificationVersion: "v4",
    provider: "mock-provider",
    modelId: "inner",
    maxImagesPerCall: 1,
    doGenerate: async (options) => {
      upCalls.push(options)
      return { images: Array.from({ length: options.n }, () => png), warnings: [], response }
    }
  }
  const up = wrapImageModel({ model: upInner, middleware: [ua, ub, { specificationVersion: "v4", ...flags }], modelId: "M" })
  const upResult = await generateImage({ model: up, prompt: "cat", n: 5 })

  const inner = ImageModel.make({
    provider: "mock-provider",
    modelId: "inner",
    maxImagesPerCall: 1,
    generate: (options) =>
      Effect.sync(() => {
        ourCalls.push(options)
        return { images: Array.from({ length: options.n }, () => png), warnings: [], response }
      })
  })
  const ours = ImageMiddleware.wrap(inner, [oa, ob, flags], { modelId: "M" })
  const ourResult = await Effect.runPromise(GenerateImage.generateImage({ prompt: "cat", n: 5 }).pipe(Effect.provideService(ImageModel.ImageModel, ours)))

  expect({ provider: ours.provider, modelId: ours.modelId, files: ours.supportsFileInputs, masks: ours.supportsMaskInputs }).toEqual({
    provider: up.provider,
    modelId: up.modelId,
    files: up.supportsFileInputs,
    masks: up.supportsMaskInputs
  })
  expect(ours.maxImagesPerCall).toBe(up.maxImagesPerCall)
  // the two batches run concurrently on both sides: each call logs a:t, a:w, b:t, b:w
  expect([...ourLog].sort()).toEqual([...upLog].sort())
  expect(ourLog.slice(0, 4)).toEqual(["a:t", "a:w", "b:t", "b:w"])
  expect(ourCalls.map((c) => [c.prompt, c.n])).toEqual(upCalls.map((c) => [c.prompt, c.n]))
  expect(ourResult.images.map((i) => i.base64)).toEqual(upResult.images.map((i) => i.base64))
  expect(upCalls.map((c) => c.n)).toEqual([3, 2]) // 1 + 1 + 1 per call after two overrides
})

it("the layer wraps the ImageModel below it", async () => {
  const inner = ImageModel.make({
    provider: "p",
    modelId: "m",
    maxImagesPerCall: 4,
    generate: (options) => Effect.succeed({ images: [options.prompt ?? ""], warnings: [], response })
  })
  const result = await Effect.runPromise(
    Effect.gen(function*() {
      const model = yield* ImageModel.ImageModel
      return yield* model.generate({ prompt: "x", n: 1, size: undefined, aspectRatio: undefined, seed: undefined, files: undefined, mask: undefined, providerOptions: {} })
    }).pipe(
      Effect.provide(ImageMiddleware.layer({ transformParams: ({ params }) => Effect.succeed({ ...params, prompt: `${params.prompt}!` }) })),
      Effect.provideService(ImageModel.ImageModel, inner)
    )
  )
  expect(result.images).toEqual(["x!"])
})
