/**
 * The Groq transcription model (`@ai-sdk/groq` 4.0.84) and the xAI image model (`@ai-sdk/xai`
 * 5.0.12) against upstream over one mocked fetch: multipart / JSON request bodies, results,
 * warnings, provider metadata and errors; Groq's native URL path and its redirect decline.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "@effect/vitest"
import { createGroq } from "@ai-sdk/groq"
import type { ImageModelV4CallOptions, TranscriptionModelV4CallOptions } from "@ai-sdk/provider"
import { createXai } from "@ai-sdk/xai"
import { Effect } from "effect"
import * as Groq from "../../src/providers/groq/Groq.ts"
import * as XAI from "../../src/providers/xai/XAI.ts"
import type { ImageCallOptions } from "../../src/contract/Image.ts"
import type { TranscriptionCallOptions } from "../../src/contract/Transcription.ts"
import { fetchLayer, recordingFetch, type Reply, type Seen, settle, settleEffect } from "./providerHarness.ts"

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: 1_700_000_000_000 })
})
afterEach(() => {
  vi.useRealTimers()
})

const wav = new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x41, 0x56, 0x45, 9, 9])
const groqSettings = { apiKey: "gsk-test", headers: { "x-extra": "1" } }

const groqJson: Reply = {
  body: JSON.stringify({
    text: "Hello world",
    x_groq: { id: "req_1" },
    task: "transcribe",
    language: "en",
    duration: 1.25,
    segments: [{
      id: 0,
      seek: 0,
      start: 0,
      end: 1.25,
      text: "Hello world",
      tokens: [1],
      temperature: 0,
      avg_logprob: -0.1,
      compression_ratio: 1,
      no_speech_prob: 0
    }]
  })
}

type UrlOptions = Omit<TranscriptionCallOptions, "audio" | "mediaType"> & { readonly audio: URL }

const compareGroq = (options: TranscriptionCallOptions | UrlOptions, replies: ReadonlyArray<Reply>, modelId = "whisper-large-v3") =>
  Effect.gen(function*() {
    const upstreamSeen: Array<Seen> = []
    const upstreamModel = createGroq({ ...groqSettings, fetch: recordingFetch(replies, upstreamSeen) }).transcription(modelId)
    const upstream = yield* Effect.promise(() =>
      settle(
        options.audio instanceof URL
          ? upstreamModel.doGenerateFromUrl!(options as Parameters<NonNullable<typeof upstreamModel.doGenerateFromUrl>>[0])
          : upstreamModel.doGenerate(options as TranscriptionModelV4CallOptions)
      )
    )
    const oursSeen: Array<Seen> = []
    const ours = yield* Groq.transcription(modelId, groqSettings).pipe(
      Effect.flatMap((model) => {
        const audio = options.audio
        return settleEffect(
          audio instanceof URL ? model.generateFromUrl!({ ...options, audio }) : model.generate(options as TranscriptionCallOptions)
        )
      }),
      Effect.provide(fetchLayer(replies, oursSeen))
    )
    expect(oursSeen).toEqual(upstreamSeen)
    expect(ours).toEqual(upstream)
    return { upstreamSeen, upstream }
  })

describe("Groq transcription (differential)", () => {
  it.effect("file upload: multipart model + file; verbose segments, language, duration", () =>
    Effect.gen(function*() {
      const { upstreamSeen } = yield* compareGroq({ audio: wav, mediaType: "audio/wav" }, [groqJson])
      expect(upstreamSeen[0].url).toBe("https://api.groq.com/openai/v1/audio/transcriptions")
    }))
  it.effect("provider options: language, prompt, verbose_json, temperature, granularities", () =>
    compareGroq({
      audio: Buffer.from(wav).toString("base64"),
      mediaType: "audio/mpeg",
      providerOptions: {
        groq: { language: "en", prompt: "p", responseFormat: "verbose_json", temperature: 0.2, timestampGranularities: ["word", "segment"] }
      }
    }, [{ body: JSON.stringify({ text: "w", x_groq: { id: "r" }, words: [{ word: "w", start: 0, end: 1 }] }) }]))
  it.effect("response format text: the body is the transcript", () =>
    compareGroq({ audio: wav, mediaType: "audio/wav", providerOptions: { groq: { responseFormat: "text" } } }, [{
      body: "plain transcript",
      headers: { "content-type": "text/plain" }
    }]))
  it.effect("native URL: the url field without the fragment", () =>
    compareGroq({ audio: new URL("https://cdn.example.com/a.mp3#t=1") }, [groqJson]))
  it.effect("native URL with userinfo: InvalidArgumentError", () => compareGroq({ audio: new URL("https://u:p@cdn.example.com/a.mp3") }, [groqJson]))
  it.effect("native URL answered with Groq's redirect failure: declined (undefined)", () =>
    compareGroq({ audio: new URL("https://cdn.example.com/a.mp3") }, [{
      status: 400,
      body: JSON.stringify({ error: { message: "failed to retrieve media: received status code: 302", type: "invalid_request_error" } })
    }]))
  it.effect("API error on the file path", () =>
    compareGroq({ audio: wav, mediaType: "audio/wav" }, [{
      status: 401,
      body: JSON.stringify({ error: { message: "Invalid API Key", type: "invalid_request_error" } })
    }]))
  it.effect("invalid provider options", () =>
    compareGroq({ audio: wav, mediaType: "audio/wav", providerOptions: { groq: { temperature: 3 } } }, [groqJson]))
})

const xaiSettings = { apiKey: "xai-test" }
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2])
const xaiImages = (count: number, extra: Record<string, unknown> = {}): Reply => ({
  body: JSON.stringify({
    data: Array.from({ length: count }, (_, i) => ({ b64_json: `aW1n${i}`, ...(i === 0 ? { revised_prompt: "better" } : {}) })),
    usage: { cost_in_usd_ticks: 1200 },
    ...extra
  })
})

const imageOptions = (extra: Partial<ImageCallOptions> = {}): ImageCallOptions => ({
  prompt: "a fox",
  n: 2,
  size: undefined,
  aspectRatio: undefined,
  seed: undefined,
  files: undefined,
  mask: undefined,
  providerOptions: {},
  ...extra
})

const compareXai = (options: ImageCallOptions, replies: ReadonlyArray<Reply>, modelId = "grok-imagine-image") =>
  Effect.gen(function*() {
    const upstreamSeen: Array<Seen> = []
    const upstreamModel = createXai({ ...xaiSettings, fetch: recordingFetch(replies, upstreamSeen) }).image(modelId)
    const upstream = yield* Effect.promise(() => settle(upstreamModel.doGenerate(options as ImageModelV4CallOptions)))
    const oursSeen: Array<Seen> = []
    const ours = yield* XAI.image(modelId, xaiSettings).pipe(
      Effect.flatMap((model) => {
        expect({
          provider: model.provider,
          max: model.maxImagesPerCall,
          files: model.supportsFileInputs,
          mask: model.supportsMaskInputs
        }).toEqual({
          provider: upstreamModel.provider,
          max: upstreamModel.maxImagesPerCall,
          files: upstreamModel.supportsFileInputs,
          mask: upstreamModel.supportsMaskInputs
        })
        return settleEffect(model.generate(options))
      }),
      Effect.provide(fetchLayer(replies, oursSeen))
    )
    expect(oursSeen).toEqual(upstreamSeen)
    expect(ours).toEqual(upstream)
  })

describe("xAI image model (differential)", () => {
  it.effect("generation: aspect ratio, options, warnings (size, seed)", () =>
    compareXai(
      imageOptions({
        size: "1024x1024",
        seed: 1,
        aspectRatio: "16:9",
        providerOptions: { xai: { aspect_ratio: "1:1", output_format: "png", resolution: "2k", quality: "high", user: "u", sync_mode: true } }
      }),
      [xaiImages(2)]
    ))
  it.effect("provider aspect ratio when the call has none; unknown model", () =>
    compareXai(imageOptions({ providerOptions: { xai: { aspect_ratio: "3:2" } } }), [xaiImages(1, { usage: null })], "grok-2-image"))
  it.effect("edit: one file as image (data URI), mask warning", () =>
    compareXai(
      imageOptions({
        files: [{ type: "file", mediaType: "image/png", data: png }],
        mask: { type: "file", mediaType: "image/png", data: png }
      }),
      [xaiImages(1)]
    ))
  it.effect("edit: several files (base64 and URL) as images", () =>
    compareXai(
      imageOptions({
        files: [
          { type: "file", mediaType: "image/jpeg", data: "AAEC" },
          { type: "url", url: "https://example.com/in.png" }
        ]
      }),
      [xaiImages(2)]
    ))
  it.effect("images only by URL: downloaded", () =>
    compareXai(imageOptions({ n: 1 }), [
      { body: JSON.stringify({ data: [{ url: "https://imgen.x.ai/a.png" }] }) },
      { body: png, headers: { "content-type": "image/png" } }
    ]))
  it.effect("API error", () =>
    compareXai(imageOptions(), [{ status: 400, body: JSON.stringify({ code: "bad", error: "Invalid prompt" }) }]))
})
