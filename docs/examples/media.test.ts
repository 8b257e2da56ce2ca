/**
 * The testing example of docs/media.md: mock media models from `aimux/testing`.
 */
import { expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { GenerateImage, Transcribe } from "aimux"
import { MockImageModel, MockTranscriptionModel } from "aimux/testing"

it.effect("generates three images in two calls and transcribes bytes", () =>
  Effect.gen(function*() {
    const result = yield* GenerateImage.generateImage({ prompt: "a cat", n: 3 })
    expect(result.images.map((image) => image.mediaType)).toEqual(["image/png", "image/png", "image/png"])
    expect(result.calls).toHaveLength(2)

    const transcript = yield* Transcribe.transcribe({ audio: new Uint8Array([1, 2, 3]) })
    expect(transcript.text).toBe("hello")
  }).pipe(Effect.provide(Layer.mergeAll(
    MockImageModel.layer({
      maxImagesPerCall: 2,
      generate: (options) => ({
        images: Array.from({ length: options.n }, () => "iVBORw0KGgo="),
        warnings: [],
        response: { timestamp: new Date(0), modelId: "mock", headers: undefined }
      })
    }),
    MockTranscriptionModel.layer({
      generate: {
        text: "hello",
        segments: [],
        language: "en",
        durationInSeconds: 1,
        warnings: [],
        response: { timestamp: new Date(0), modelId: "mock" }
      }
    })
  ))))
