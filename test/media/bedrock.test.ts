/**
 * The Amazon Bedrock image model (`@ai-sdk/amazon-bedrock` 5.0.101) against upstream over one
 * mocked fetch, with a bearer key and with SigV4 (same fake clock): InvokeModel URLs, signed
 * headers, task bodies (text to image, variation, inpainting with a mask or a mask prompt,
 * outpainting, background removal), images, warnings and errors.
 * (SigV4 runs on the live clock, which reads the faked `Date`.)
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "@effect/vitest"
import { createAmazonBedrock } from "@ai-sdk/amazon-bedrock"
import type { ImageModelV4CallOptions } from "@ai-sdk/provider"
import { Effect } from "effect"
import type { ImageCallOptions } from "../../src/contract/Image.ts"
import * as AmazonBedrock from "../../src/providers/amazon-bedrock/AmazonBedrock.ts"
import { fetchLayer, recordingFetch, type Reply, type Seen, settle, settleEffect } from "./providerHarness.ts"

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: 1_700_000_000_000 })
})
afterEach(() => {
  vi.useRealTimers()
})

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 7, 7])
const ok = (count: number): Reply => ({ body: JSON.stringify({ images: Array.from({ length: count }, (_, i) => `aW1n${i}`) }) })

const options = (extra: Partial<ImageCallOptions> = {}): ImageCallOptions => ({
  prompt: "a lighthouse",
  n: 2,
  size: undefined,
  aspectRatio: undefined,
  seed: undefined,
  files: undefined,
  mask: undefined,
  providerOptions: {},
  ...extra
})

const bearer = { region: "us-east-1", apiKey: "test-key" }
const sigv4 = { region: "eu-west-1", accessKeyId: "AKIDEXAMPLE", secretAccessKey: "secret", sessionToken: "token" }

const compare = (call: ImageCallOptions, replies: ReadonlyArray<Reply>, auth: Record<string, string> = bearer, modelId = "amazon.nova-canvas-v1:0") =>
  Effect.gen(function*() {
    const upstreamSeen: Array<Seen> = []
    const upstreamModel = createAmazonBedrock({ ...auth, headers: { "x-extra": "1" }, fetch: recordingFetch(replies, upstreamSeen) }).image(modelId)
    const upstream = yield* Effect.promise(() => settle(upstreamModel.doGenerate(call as ImageModelV4CallOptions)))
    const oursSeen: Array<Seen> = []
    const ours = yield* AmazonBedrock.image(modelId, { ...auth, headers: { "x-extra": "1" } }).pipe(
      Effect.flatMap((model) => {
        expect({ p: model.provider, m: model.maxImagesPerCall, f: model.supportsFileInputs, k: model.supportsMaskInputs }).toEqual({
          p: upstreamModel.provider,
          m: upstreamModel.maxImagesPerCall,
          f: upstreamModel.supportsFileInputs,
          k: upstreamModel.supportsMaskInputs
        })
        return settleEffect(model.generate(call))
      }),
      Effect.provide(fetchLayer(replies, oursSeen))
    )
    expect(oursSeen).toEqual(upstreamSeen)
    if ("error" in (upstream as object) && (upstream as { error: { name: string } }).error.name === "Error") {
      // upstream's plain Errors (moderation, no images, URL inputs): same message (docs/divergences.md)
      expect((ours as { error: { message: string } }).error.message).toBe((upstream as { error: { message: string } }).error.message)
    } else {
      expect(ours).toEqual(upstream)
    }
  })

describe("Amazon Bedrock image model (differential)", () => {
  it.effect("text to image: size, seed, n, quality, cfgScale, negative text, style; aspect ratio warning", () =>
    compare(options({
      size: "1024x768",
      seed: 42,
      aspectRatio: "1:1",
      providerOptions: { amazonBedrock: { quality: "premium", cfgScale: 7.5, negativeText: "blur", style: "PHOTOREALISM" } }
    }), [ok(2)]))
  it.live("SigV4: the signed headers of the request as sent", () => compare(options({ headers: { "x-call": "c" } }), [ok(2)], sigv4))
  it.effect("options under `bedrock`; Titan model (limit 1)", () =>
    compare(options({ n: 1, providerOptions: { bedrock: { quality: "standard" } } }), [ok(1)], bearer, "amazon.titan-image-generator-v2:0"))
  it.effect("image variation from several files", () =>
    compare(options({
      files: [{ type: "file", mediaType: "image/png", data: png }, { type: "file", mediaType: "image/png", data: "AAEC" }],
      providerOptions: { amazonBedrock: { similarityStrength: 0.7 } }
    }), [ok(2)]))
  it.effect("inpainting with a mask image", () =>
    compare(options({ files: [{ type: "file", mediaType: "image/png", data: png }], mask: { type: "file", mediaType: "image/png", data: png } }), [ok(1)]))
  it.effect("inpainting with a mask prompt", () =>
    compare(options({ files: [{ type: "file", mediaType: "image/png", data: png }], providerOptions: { amazonBedrock: { maskPrompt: "the sky" } } }), [ok(1)]))
  it.effect("outpainting", () =>
    compare(options({
      files: [{ type: "file", mediaType: "image/png", data: png }],
      providerOptions: { amazonBedrock: { taskType: "OUTPAINTING", maskPrompt: "the car", outPaintingMode: "PRECISE" } }
    }), [ok(1)]))
  it.effect("background removal", () =>
    compare(options({ files: [{ type: "file", mediaType: "image/png", data: png }], providerOptions: { amazonBedrock: { taskType: "BACKGROUND_REMOVAL" } } }), [ok(1)]))
  it.effect("a URL input is refused", () => compare(options({ files: [{ type: "url", url: "https://example.com/a.png" }] }), [ok(1)]))
  it.effect("moderated request", () =>
    compare(options(), [{ body: JSON.stringify({ status: "Request Moderated", details: { "Moderation Reasons": ["Derivative"] } }) }]))
  it.effect("no images", () => compare(options(), [{ body: JSON.stringify({ status: "InProgress" }) }]))
  it.effect("API error", () =>
    compare(options(), [{ status: 400, body: JSON.stringify({ message: "Malformed input", type: "ValidationException" }) }]))
})
