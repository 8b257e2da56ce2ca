/**
 * The OpenAI media models against `@ai-sdk/openai` 4.0.118, both over the same mocked fetch:
 * request URLs, headers and bodies (JSON; multipart parts and bytes after normalizing the
 * boundary), results (images, usage, per-image metadata, audio, transcripts), warnings and errors.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "@effect/vitest"
import { createOpenAI } from "@ai-sdk/openai"
import type { ImageModelV4CallOptions, SpeechModelV4CallOptions, TranscriptionModelV4CallOptions } from "@ai-sdk/provider"
import { Effect } from "effect"
import * as OpenAI from "../../src/providers/openai/OpenAI.ts"
import type { ImageCallOptions } from "../../src/contract/Image.ts"
import type { SpeechCallOptions } from "../../src/contract/Speech.ts"
import type { TranscriptionCallOptions } from "../../src/contract/Transcription.ts"
import { fetchLayer, recordingFetch, type Reply, type Seen, settle, settleEffect } from "./providerHarness.ts"

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: 1_700_000_000_000 })
})
afterEach(() => {
  vi.useRealTimers()
})

const settings = { apiKey: "test-key", organization: "org", headers: { "x-extra": "1" } }

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 5, 6, 7])
const imagesReply = (count: number, extra: Record<string, unknown> = {}): Reply => ({
  body: JSON.stringify({
    created: 1733837122,
    data: Array.from({ length: count }, (_, i) => ({ b64_json: `aW1hZ2Ug${i}`, ...(i === 0 ? { revised_prompt: "revised" } : {}) })),
    size: "1024x1024",
    quality: "high",
    output_format: "png",
    usage: { input_tokens: 11, output_tokens: 20, total_tokens: 31, input_tokens_details: { image_tokens: 7, text_tokens: 4 } },
    ...extra
  }),
  headers: { "x-request-id": "req_1" }
})
const errorReply: Reply = {
  status: 400,
  body: JSON.stringify({ error: { message: "Invalid prompt", type: "invalid_request_error", param: null, code: "bad" } })
}

const imageOptions = (extra: Partial<ImageCallOptions> = {}): ImageCallOptions => ({
  prompt: "a cat",
  n: 2,
  size: undefined,
  aspectRatio: undefined,
  seed: undefined,
  files: undefined,
  mask: undefined,
  providerOptions: {},
  ...extra
})

const compareImage = (modelId: string, options: ImageCallOptions, replies: ReadonlyArray<Reply>) =>
  Effect.gen(function*() {
    const upstreamSeen: Array<Seen> = []
    const upstreamModel = createOpenAI({ ...settings, fetch: recordingFetch(replies, upstreamSeen) }).image(modelId)
    // (the contract's options are upstream's, readonly)
    const upstream = yield* Effect.promise(() => settle(upstreamModel.doGenerate(options as ImageModelV4CallOptions)))
    const oursSeen: Array<Seen> = []
    const ours = yield* OpenAI.image(modelId, settings).pipe(
      Effect.flatMap((model) => settleEffect(model.generate(options))),
      Effect.provide(fetchLayer(replies, oursSeen))
    )
    expect(oursSeen).toEqual(upstreamSeen)
    expect(ours).toEqual(upstream)
    const oursModel = yield* OpenAI.image(modelId, settings).pipe(Effect.provide(fetchLayer(replies, [])))
    expect({
      provider: oursModel.provider,
      maxImagesPerCall: oursModel.maxImagesPerCall,
      supportsFileInputs: oursModel.supportsFileInputs,
      supportsMaskInputs: oursModel.supportsMaskInputs
    }).toEqual({
      provider: upstreamModel.provider,
      maxImagesPerCall: upstreamModel.maxImagesPerCall,
      supportsFileInputs: upstreamModel.supportsFileInputs,
      supportsMaskInputs: upstreamModel.supportsMaskInputs
    })
    return { upstreamSeen, upstream }
  })

describe("OpenAI image model (differential)", () => {
  it.effect("generation, gpt-image-1 (provider-default format), options and warnings", () =>
    Effect.gen(function*() {
      const { upstreamSeen } = yield* compareImage(
        "gpt-image-1",
        imageOptions({
          size: "1024x1536",
          aspectRatio: "1:1",
          seed: 3,
          providerOptions: { openai: { quality: "high", background: "transparent", outputFormat: "webp", outputCompression: 80, user: "u" } },
          headers: { "x-call": "c" }
        }),
        [imagesReply(2)]
      )
      expect(upstreamSeen[0].url).toBe("https://api.openai.com/v1/images/generations")
    }))
  it.effect("generation, dall-e-3: response_format b64_json, style", () =>
    compareImage("dall-e-3", imageOptions({ n: 1, providerOptions: { openai: { style: "vivid" } } }), [imagesReply(1, { usage: null })]))
  it.effect("generation, unknown model id: custom-model fallback", () => compareImage("my-image-model", imageOptions(), [imagesReply(2)]))
  it.effect("invalid provider options: InvalidArgumentError", () =>
    compareImage("gpt-image-1", imageOptions({ providerOptions: { openai: { quality: "ultra" } } }), [imagesReply(1)]))
  it.effect("API error: APICallError with the OpenAI message", () => compareImage("gpt-image-1", imageOptions(), [errorReply]))
  it.effect("edit: multipart with two images (bytes and base64), a mask, options", () =>
    Effect.gen(function*() {
      const { upstreamSeen } = yield* compareImage(
        "gpt-image-1",
        imageOptions({
          prompt: "edit it",
          files: [
            { type: "file", mediaType: "image/png", data: png },
            { type: "file", mediaType: "image/jpeg", data: Buffer.from([0xff, 0xd8, 1]).toString("base64") }
          ],
          mask: { type: "file", mediaType: "image/png", data: png },
          size: "1024x1024",
          providerOptions: { openai: { inputFidelity: "high", quality: "low", moderation: "low" } }
        }),
        [imagesReply(2)]
      )
      expect(upstreamSeen[0].url).toBe("https://api.openai.com/v1/images/edits")
      expect(JSON.stringify(upstreamSeen[0].body)).toContain("image[]")
    }))
  it.effect("edit: one image (no [] suffix), markup as a data URL", () =>
    compareImage(
      "gpt-image-2.5-flare",
      imageOptions({
        files: [{ type: "file", mediaType: "image/png", data: png }],
        providerOptions: { openai: { markup: `data:image/png;base64,${Buffer.from(png).toString("base64")}` } }
      }),
      [imagesReply(1)]
    ))
  it.effect("edit: markup with a mask is an InvalidArgumentError; a non-base64 data URL too", () =>
    Effect.gen(function*() {
      yield* compareImage(
        "gpt-image-1",
        imageOptions({
          files: [{ type: "file", mediaType: "image/png", data: png }],
          mask: { type: "file", mediaType: "image/png", data: png },
          providerOptions: { openai: { markup: "data:image/png;base64,AA==" } }
        }),
        [imagesReply(1)]
      )
      yield* compareImage(
        "gpt-image-1",
        imageOptions({ files: [{ type: "file", mediaType: "image/png", data: png }], providerOptions: { openai: { markup: "data:image/png,AA" } } }),
        [imagesReply(1)]
      )
    }))
  it.effect("edit: an input image by URL is downloaded (no credentials sent) and uploaded", () =>
    Effect.gen(function*() {
      const { upstreamSeen } = yield* compareImage(
        "gpt-image-1",
        imageOptions({ files: [{ type: "url", url: "https://images.example.com/in.png" }] }),
        [{ body: png, headers: { "content-type": "image/png" } }, imagesReply(1)]
      )
      expect(upstreamSeen[0].url).toBe("https://images.example.com/in.png")
      expect(upstreamSeen[0].headers.authorization).toBeUndefined()
    }))
})

const speechOptions = (extra: Partial<SpeechCallOptions> = {}): SpeechCallOptions => ({ text: "Hello world", ...extra })

const compareSpeech = (modelId: string, options: SpeechCallOptions, replies: ReadonlyArray<Reply>) =>
  Effect.gen(function*() {
    const upstreamSeen: Array<Seen> = []
    const upstreamModel = createOpenAI({ ...settings, fetch: recordingFetch(replies, upstreamSeen) }).speech(modelId)
    const upstream = yield* Effect.promise(() => settle(upstreamModel.doGenerate(options as SpeechModelV4CallOptions)))
    const oursSeen: Array<Seen> = []
    const ours = yield* OpenAI.speech(modelId, settings).pipe(
      Effect.flatMap((model) => settleEffect(model.generate(options))),
      Effect.provide(fetchLayer(replies, oursSeen))
    )
    expect(oursSeen).toEqual(upstreamSeen)
    expect(ours).toEqual(upstream)
    return upstream
  })

const audioReply: Reply = { body: new Uint8Array([0x49, 0x44, 0x33, 1, 2, 3]), headers: { "content-type": "audio/mpeg" } }

describe("OpenAI speech model (differential)", () => {
  it.effect("defaults: voice alloy, mp3", () => compareSpeech("tts-1", speechOptions(), [audioReply]))
  it.effect("voice, format, speed, instructions; provider options win", () =>
    compareSpeech(
      "gpt-4o-mini-tts",
      speechOptions({
        voice: "nova",
        outputFormat: "wav",
        speed: 1.2,
        instructions: "calm",
        providerOptions: { openai: { speed: 2, instructions: "cheerful" } },
        headers: { "x-call": "1" }
      }),
      [audioReply]
    ))
  it.effect("unsupported format and a language: warnings", () =>
    compareSpeech("tts-1", speechOptions({ outputFormat: "ogg", language: "de" }), [audioReply]))
  it.effect("invalid provider options (speed 9)", () =>
    compareSpeech("tts-1", speechOptions({ providerOptions: { openai: { speed: 9 } } }), [audioReply]))
  it.effect("API error", () => compareSpeech("tts-1", speechOptions(), [errorReply]))
})

const wav = new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x41, 0x56, 0x45, 1, 2, 3])
const transcriptionOptions = (extra: Partial<TranscriptionCallOptions> = {}): TranscriptionCallOptions => ({
  audio: wav,
  mediaType: "audio/wav",
  ...extra
})

const compareTranscription = (modelId: string, options: TranscriptionCallOptions, replies: ReadonlyArray<Reply>) =>
  Effect.gen(function*() {
    const upstreamSeen: Array<Seen> = []
    const upstreamModel = createOpenAI({ ...settings, fetch: recordingFetch(replies, upstreamSeen) }).transcription(modelId)
    const upstream = yield* Effect.promise(() => settle(upstreamModel.doGenerate(options as TranscriptionModelV4CallOptions)))
    const oursSeen: Array<Seen> = []
    const ours = yield* OpenAI.transcription(modelId, settings).pipe(
      Effect.flatMap((model) => settleEffect(model.generate(options))),
      Effect.provide(fetchLayer(replies, oursSeen))
    )
    expect(oursSeen).toEqual(upstreamSeen)
    expect(ours).toEqual(upstream)
    return { upstreamSeen, upstream }
  })

const whisperReply: Reply = {
  body: JSON.stringify({
    task: "transcribe",
    text: "Hello from the Vercel AI SDK!",
    language: "english",
    duration: 2.5,
    words: [{ word: "Hello", start: 0, end: 0.5 }],
    segments: [{
      id: 0,
      seek: 0,
      start: 0,
      end: 2.5,
      text: "Hello from the Vercel AI SDK!",
      tokens: [1, 2],
      temperature: 0,
      avg_logprob: -0.2,
      compression_ratio: 0.9,
      no_speech_prob: 0.01
    }],
    usage: { type: "duration", seconds: 3 }
  })
}
const diarizedReply: Reply = {
  body: JSON.stringify({
    text: "A: hi B: hello",
    segments: [
      { type: "transcript.text.segment", id: "s1", start: 0, end: 1, text: "hi", speaker: "A" },
      { type: "transcript.text.segment", id: "s2", start: 1, end: 2, text: "hello", speaker: "B" }
    ],
    usage: { type: "duration", seconds: 2 }
  })
}

describe("OpenAI transcription model (differential)", () => {
  it.effect("whisper-1: verbose_json with segment timestamps by default; language name → code", () =>
    Effect.gen(function*() {
      const { upstreamSeen } = yield* compareTranscription("whisper-1", transcriptionOptions(), [whisperReply])
      expect(JSON.stringify(upstreamSeen[0].body)).toContain("verbose_json")
    }))
  it.effect("word granularity requested; provider options (language, prompt, temperature, include)", () =>
    compareTranscription(
      "whisper-1",
      transcriptionOptions({
        timestampGranularities: ["word", "segment"],
        providerOptions: { openai: { language: "en", prompt: "names", temperature: 0.3, include: ["logprobs"] } }
      }),
      [whisperReply]
    ))
  it.effect("provider granularities exclude a requested one: warnings", () =>
    compareTranscription(
      "whisper-1",
      transcriptionOptions({ timestampGranularities: ["word"], providerOptions: { openai: { timestampGranularities: ["segment"] } } }),
      [whisperReply]
    ))
  it.effect("gpt-4o-transcribe: default json; granularities unsupported → warnings; base64 mp3 audio", () =>
    compareTranscription(
      "gpt-4o-transcribe",
      transcriptionOptions({
        audio: Buffer.from([0xff, 0xfb, 1, 2]).toString("base64"),
        mediaType: "audio/mpeg",
        timestampGranularities: ["word"]
      }),
      [{ body: JSON.stringify({ text: "hi", usage: { type: "tokens", input_tokens: 5, output_tokens: 2 } }) }]
    ))
  it.effect("gpt-4o-transcribe-diarize: diarized_json, chunking auto, speakers as provider metadata", () =>
    compareTranscription("gpt-4o-transcribe-diarize", transcriptionOptions(), [diarizedReply]))
  it.effect("chunking strategy object; languages (one code → language)", () =>
    compareTranscription(
      "gpt-transcribe",
      transcriptionOptions({
        providerOptions: { openai: { chunkingStrategy: { type: "server_vad", threshold: 0.5, silenceDurationMs: 200 }, languages: ["en", "de"] } }
      }),
      [{ body: JSON.stringify({ text: "hi", languages: [{ code: "en" }] }) }]
    ))
  it.effect("a streaming-only model: UnsupportedFunctionalityError", () =>
    compareTranscription("gpt-live-transcribe", transcriptionOptions(), [whisperReply]))
  it.effect("API error", () => compareTranscription("whisper-1", transcriptionOptions(), [errorReply]))
})
