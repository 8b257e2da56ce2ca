/**
 * The Gemini image models of Google (`@ai-sdk/google` 4.0.121) and Vertex (`@ai-sdk/google-vertex`
 * 5.0.141, express mode) against upstream over one mocked fetch: the generateContent request
 * (prompt, input images, responseModalities, imageConfig, search tool, passthrough options),
 * images, metadata, usage, `isRetryable` after a content filter, warnings and errors.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "@effect/vitest"
import { createGoogle } from "@ai-sdk/google"
import { createVertex } from "@ai-sdk/google-vertex"
import type { ImageModelV4CallOptions } from "@ai-sdk/provider"
import { Effect } from "effect"
import type * as HttpClient from "effect/http/HttpClient"
import type { ImageCallOptions } from "../../src/contract/Image.ts"
import type * as ImageModel from "../../src/ImageModel.ts"
import * as Google from "../../src/providers/google/Google.ts"
import * as GoogleVertex from "../../src/providers/google-vertex/GoogleVertex.ts"
import { fetchLayer, recordingFetch, type Reply, type Seen, settle, settleEffect } from "./providerHarness.ts"

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: 1_700_000_000_000 })
})
afterEach(() => {
  vi.useRealTimers()
})

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 3, 4])
const geminiReply = (finishReason = "STOP", images = 2): Reply => ({
  body: JSON.stringify({
    candidates: [{
      content: {
        role: "model",
        parts: [
          { text: "Here you go" },
          ...Array.from({ length: images }, (_, i) => ({ inlineData: { mimeType: "image/png", data: `aW1hZ2U${i}` } }))
        ]
      },
      finishReason
    }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 1290, totalTokenCount: 1300 },
    modelVersion: "gemini-2.5-flash-image",
    responseId: "resp_1"
  })
})

const options = (extra: Partial<ImageCallOptions> = {}): ImageCallOptions => ({
  prompt: "a lighthouse",
  n: 1,
  size: undefined,
  aspectRatio: undefined,
  seed: undefined,
  files: undefined,
  mask: undefined,
  providerOptions: {},
  ...extra
})

const compare = (
  flavour: "google" | "vertex",
  call: ImageCallOptions,
  replies: ReadonlyArray<Reply>,
  modelId = "gemini-2.5-flash-image"
) =>
  Effect.gen(function*() {
    const upstreamSeen: Array<Seen> = []
    const fetch = recordingFetch(replies, upstreamSeen)
    const upstreamModel = flavour === "google"
      ? createGoogle({ apiKey: "g-key", fetch }).image(modelId)
      : createVertex({ apiKey: "v-key", fetch }).image(modelId)
    const upstream = yield* Effect.promise(() => settle(upstreamModel.doGenerate(call as ImageModelV4CallOptions)))
    const oursSeen: Array<Seen> = []
    const oursModel: Effect.Effect<ImageModel.Service, unknown, HttpClient.HttpClient> = flavour === "google"
      ? Google.image(modelId, { apiKey: "g-key" })
      : GoogleVertex.image(modelId, { apiKey: "v-key" })
    const ours = yield* oursModel.pipe(
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
    if ("error" in (upstream as object)) {
      // upstream throws plain Errors for unsupported models and masks (docs/divergences.md): same message
      expect((ours as { error: { message: string } }).error.message).toBe((upstream as { error: { message: string } }).error.message)
    } else {
      expect(ours).toEqual(upstream)
    }
  })

for (const flavour of ["google", "vertex"] as const) {
  const ns = flavour === "google" ? "google" : "googleVertex"
  describe(`Gemini image model, ${flavour} (differential)`, () => {
    it.effect("text prompt, aspect ratio, seed; size warning; images, metadata, usage", () =>
      compare(flavour, options({ aspectRatio: "16:9", seed: 5, size: "1024x1024" }), [geminiReply()]))
    it.effect("input images (bytes, base64, URL) for editing", () =>
      compare(flavour, options({
        files: [
          { type: "file", mediaType: "image/png", data: png },
          { type: "file", mediaType: "image/jpeg", data: "AAEC" },
          { type: "url", url: "https://example.com/in.png" }
        ]
      }), [geminiReply("STOP", 1)]))
    it.effect("user imageConfig merged under the call's aspect ratio; other options passed through; modalities replaced", () =>
      compare(flavour, options({
        aspectRatio: "1:1",
        providerOptions: { [ns]: { imageConfig: { aspectRatio: "4:3", imageSize: "2K" }, responseModalities: ["TEXT"], thinkingConfig: { includeThoughts: false } } }
      }), [geminiReply()]))
    it.effect("content filter: no images, isRetryable false", () => compare(flavour, options(), [geminiReply("IMAGE_SAFETY", 0)]))
    it.effect("a mask is refused", () =>
      compare(flavour, options({ files: [{ type: "file", mediaType: "image/png", data: png }], mask: { type: "file", mediaType: "image/png", data: png } }), [geminiReply()]))
    it.effect("a non-Gemini model is refused", () => compare(flavour, options(), [geminiReply()], "imagen-4.0-generate-001"))
    it.effect("API error", () =>
      compare(flavour, options(), [{ status: 400, body: JSON.stringify({ error: { code: 400, message: "Bad image request", status: "INVALID_ARGUMENT" } }) }]))
  })
}

describe("Gemini image model, google only", () => {
  it.effect("googleSearch option: the google_search tool", () =>
    compare("google", options({ providerOptions: { google: { googleSearch: { searchTypes: { imageSearch: {} } } } } }), [geminiReply()]))
})
