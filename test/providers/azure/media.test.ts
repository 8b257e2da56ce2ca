/**
 * Azure's embedding, image, speech and transcription models against the pinned `@ai-sdk/azure`
 * 4.0.85 (its bundled `@ai-sdk/openai` 4.0.81 models), both over the same mocked fetch: request
 * URLs (`…/openai/v1/<path>?api-version=v1`), headers and bodies (JSON; multipart parts and bytes
 * with the boundary normalized), results, warnings and errors.
 */
import { createAzure } from "@ai-sdk/azure"
import { afterEach, beforeEach, describe, expect, it, vi } from "@effect/vitest"
import { Effect } from "effect"
import * as Azure from "../../../src/providers/azure/Azure.ts"
import type { EmbeddingCallOptions } from "../../../src/contract/Embedding.ts"
import type { ImageCallOptions } from "../../../src/contract/Image.ts"
import type { SpeechCallOptions } from "../../../src/contract/Speech.ts"
import type { TranscriptionCallOptions } from "../../../src/contract/Transcription.ts"
import { fetchLayer, recordingFetch, type Reply, type Seen, settle, settleEffect } from "../../media/providerHarness.ts"

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: 1_700_000_000_000 })
})
afterEach(() => {
  vi.useRealTimers()
})

const settings = { resourceName: "aimux-holdout", apiKey: "test-key", headers: { "x-extra": "1" } }
const errorReply: Reply = {
  status: 400,
  body: JSON.stringify({ error: { message: "Invalid prompt", type: "invalid_request_error", param: null, code: "bad" } })
}

type Kind = "embedding" | "image" | "speech" | "transcription"
interface Generating<O> {
  readonly generate: (options: O) => Effect.Effect<unknown, unknown>
}

/** The same call through upstream's model and aimux's: what fetch saw and the outcome, equal. */
const compare = <O extends object>(
  kind: Kind,
  deploymentId: string,
  options: O,
  replies: ReadonlyArray<Reply>,
  ours: (id: string) => Effect.Effect<Generating<O>, unknown, import("effect/http").HttpClient.HttpClient>,
  settingsOverride: Record<string, unknown> = {}
) =>
  Effect.gen(function*() {
    const upstreamSeen: Array<Seen> = []
    const provider = createAzure({ ...settings, ...settingsOverride, fetch: recordingFetch(replies, upstreamSeen) })
    const model = kind === "embedding"
      ? provider.embedding(deploymentId)
      : kind === "image"
      ? provider.image(deploymentId)
      : kind === "speech"
      ? provider.speech(deploymentId)
      : provider.transcription(deploymentId)
    const call: unknown = Reflect.get(model, "doGenerate" in model ? "doGenerate" : "doEmbed")
    const upstream = yield* Effect.promise(() =>
      settle(Promise.resolve(typeof call === "function" ? Reflect.apply(call, model, [options]) : undefined))
    )
    const oursSeen: Array<Seen> = []
    const result = yield* ours(deploymentId).pipe(
      Effect.flatMap((m) => settleEffect(m.generate(options))),
      Effect.provide(fetchLayer(replies, oursSeen))
    )
    expect(oursSeen).toEqual(upstreamSeen)
    expect(result).toEqual(upstream)
    return { upstreamSeen, upstream }
  })

const embeddingModel = (id: string, extra: Record<string, unknown> = {}) =>
  Effect.map(Azure.embedding(id, { ...settings, ...extra }), (m) => ({ generate: (o: EmbeddingCallOptions) => m.embed(o) }))

const embeddingReply = (n: number): Reply => ({
  body: JSON.stringify({
    object: "list",
    data: Array.from({ length: n }, (_, i) => ({ object: "embedding", index: i, embedding: [0.1 * i, 0.5, -0.25] })),
    model: "text-embedding-3-small",
    usage: { prompt_tokens: 8, total_tokens: 8 }
  })
})

describe("azure.embedding (differential)", () => {
  it.effect("values, the URL with api-version, api-key header", () =>
    Effect.gen(function*() {
      const { upstreamSeen } = yield* compare("embedding", "text-embedding-3-small", { values: ["a", "b"] }, [embeddingReply(2)], embeddingModel)
      expect(upstreamSeen[0].url).toBe("https://aimux-holdout.openai.azure.com/openai/v1/embeddings?api-version=v1")
      expect(upstreamSeen[0].headers["api-key"]).toBe("test-key")
    }))
  it.effect("provider options dimensions and user", () =>
    compare("embedding", "emb", { values: ["a"], providerOptions: { openai: { dimensions: 64, user: "u" } } }, [embeddingReply(1)], embeddingModel))
  it.effect("the call's dimensions are not sent (4.0.81)", () =>
    Effect.gen(function*() {
      const { upstreamSeen } = yield* compare("embedding", "emb", { values: ["a"], dimensions: 32 }, [embeddingReply(1)], embeddingModel)
      expect(JSON.stringify(upstreamSeen[0].body)).not.toContain("dimensions")
    }))
  it.effect("deployment-based URLs and an api version", () =>
    Effect.gen(function*() {
      const extra = { useDeploymentBasedUrls: true, apiVersion: "2024-10-21" }
      const { upstreamSeen } = yield* compare("embedding", "my-emb", { values: ["a"] }, [embeddingReply(1)], (id) => embeddingModel(id, extra), extra)
      expect(upstreamSeen[0].url).toBe("https://aimux-holdout.openai.azure.com/openai/deployments/my-emb/embeddings?api-version=2024-10-21")
    }))
  it.effect("API error", () => compare("embedding", "emb", { values: ["a"] }, [errorReply], embeddingModel))
})

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 5, 6, 7])
const imagesReply = (count: number, extra: Record<string, unknown> = {}): Reply => ({
  body: JSON.stringify({
    created: 1733837122,
    data: Array.from({ length: count }, (_, i) => ({ b64_json: `aW1hZ2Ug${i}`, ...(i === 0 ? { revised_prompt: "revised" } : {}) })),
    usage: { input_tokens: 11, output_tokens: 20, total_tokens: 31, input_tokens_details: { image_tokens: 7, text_tokens: 4 } },
    ...extra
  }),
  headers: { "x-request-id": "req_1" }
})
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
const imageModel = (id: string) => Azure.image(id, settings)

describe("azure.image (differential)", () => {
  it.effect("generation: JSON body, options and warnings, the v1 URL", () =>
    Effect.gen(function*() {
      const { upstreamSeen } = yield* compare(
        "image",
        "gpt-image-1",
        imageOptions({
          size: "1024x1536",
          aspectRatio: "1:1",
          seed: 3,
          providerOptions: { openai: { quality: "high", background: "transparent", outputFormat: "webp", outputCompression: 80, user: "u" } }
        }),
        [imagesReply(2)],
        imageModel
      )
      expect(upstreamSeen[0].url).toBe("https://aimux-holdout.openai.azure.com/openai/v1/images/generations?api-version=v1")
    }))
  it.effect("generation, dall-e-3 deployment: b64_json, style", () =>
    compare("image", "dall-e-3", imageOptions({ n: 1, providerOptions: { openai: { style: "vivid" } } }), [imagesReply(1, { usage: null })], imageModel))
  it.effect("a custom deployment name", () => compare("image", "my-images", imageOptions(), [imagesReply(2)], imageModel))
  it.effect("edit: multipart with two images and a mask, byte for byte", () =>
    Effect.gen(function*() {
      const { upstreamSeen } = yield* compare(
        "image",
        "gpt-image-1",
        imageOptions({
          prompt: "edit it",
          files: [
            { type: "file", mediaType: "image/png", data: png },
            { type: "file", mediaType: "image/jpeg", data: Buffer.from([0xff, 0xd8, 1]).toString("base64") }
          ],
          mask: { type: "file", mediaType: "image/png", data: png },
          size: "1024x1024",
          providerOptions: { openai: { inputFidelity: "high", quality: "low" } }
        }),
        [imagesReply(2)],
        imageModel
      )
      expect(upstreamSeen[0].url).toBe("https://aimux-holdout.openai.azure.com/openai/v1/images/edits?api-version=v1")
      expect(JSON.stringify(upstreamSeen[0].body)).toContain("BOUNDARY")
    }))
  it.effect("invalid provider options", () =>
    compare("image", "gpt-image-1", imageOptions({ providerOptions: { openai: { quality: "ultra" } } }), [imagesReply(1)], imageModel))
  it.effect("API error", () => compare("image", "gpt-image-1", imageOptions(), [errorReply], imageModel))
})

const audioReply: Reply = { body: new Uint8Array([0x49, 0x44, 0x33, 1, 2, 3]), headers: { "content-type": "audio/mpeg" } }
const speechModel = (id: string) => Azure.speech(id, settings)
const speech = (extra: Partial<SpeechCallOptions> = {}): SpeechCallOptions => ({ text: "Hello world", ...extra })

describe("azure.speech (differential)", () => {
  it.effect("defaults: voice alloy, mp3, the v1 URL", () =>
    Effect.gen(function*() {
      const { upstreamSeen } = yield* compare("speech", "tts-1", speech(), [audioReply], speechModel)
      expect(upstreamSeen[0].url).toBe("https://aimux-holdout.openai.azure.com/openai/v1/audio/speech?api-version=v1")
    }))
  it.effect("voice, format, speed, instructions; provider options win", () =>
    compare(
      "speech",
      "gpt-4o-mini-tts",
      speech({ voice: "nova", outputFormat: "wav", speed: 1.2, instructions: "calm", providerOptions: { openai: { speed: 2 } } }),
      [audioReply],
      speechModel
    ))
  it.effect("unsupported format and a language: warnings", () =>
    compare("speech", "tts-1", speech({ outputFormat: "ogg", language: "de" }), [audioReply], speechModel))
  it.effect("API error", () => compare("speech", "tts-1", speech(), [errorReply], speechModel))
})

const wav = new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x41, 0x56, 0x45, 1, 2, 3])
const transcriptionModel = (id: string) => Azure.transcription(id, settings)
const audio = (extra: Partial<TranscriptionCallOptions> = {}): TranscriptionCallOptions => ({ audio: wav, mediaType: "audio/wav", ...extra })
const whisperReply: Reply = {
  body: JSON.stringify({
    task: "transcribe",
    text: "Hello from the Vercel AI SDK!",
    language: "english",
    duration: 2.5,
    words: [{ word: "Hello", start: 0, end: 0.5 }],
    segments: [{ id: 0, seek: 0, start: 0, end: 2.5, text: "Hello from the Vercel AI SDK!", tokens: [1, 2], temperature: 0, avg_logprob: -0.2, compression_ratio: 0.9, no_speech_prob: 0.01 }],
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

describe("azure.transcription on the OpenAI API (differential, 4.0.81's form fields)", () => {
  it.effect("whisper-1: verbose_json, multipart byte for byte, the v1 URL", () =>
    Effect.gen(function*() {
      const { upstreamSeen } = yield* compare("transcription", "whisper-1", audio(), [whisperReply], transcriptionModel)
      expect(upstreamSeen[0].url).toBe("https://aimux-holdout.openai.azure.com/openai/v1/audio/transcriptions?api-version=v1")
      expect(JSON.stringify(upstreamSeen[0].body)).toContain("verbose_json")
    }))
  it.effect("whisper-1 with provider options (language, prompt, temperature, include, granularities)", () =>
    compare(
      "transcription",
      "whisper-1",
      audio({ providerOptions: { openai: { language: "en", prompt: "names", temperature: 0.3, include: ["logprobs"], timestampGranularities: ["word"] } } }),
      [whisperReply],
      transcriptionModel
    ))
  it.effect("gpt-4o-transcribe: no fields without provider options; json with them; base64 mp3", () =>
    Effect.gen(function*() {
      const reply = [{ body: JSON.stringify({ text: "hi", usage: { type: "tokens", input_tokens: 5, output_tokens: 2 } }) }]
      const mp3 = { audio: Buffer.from([0xff, 0xfb, 1, 2]).toString("base64"), mediaType: "audio/mpeg" }
      yield* compare("transcription", "gpt-4o-transcribe", audio(mp3), reply, transcriptionModel)
      yield* compare("transcription", "gpt-4o-transcribe", audio({ ...mp3, providerOptions: { openai: { prompt: "p" } } }), reply, transcriptionModel)
    }))
  it.effect("gpt-4o-transcribe-diarize: diarized_json, chunking auto, speakers as provider metadata", () =>
    compare("transcription", "gpt-4o-transcribe-diarize", audio(), [diarizedReply], transcriptionModel))
  it.effect("a custom deployment: verbose_json with provider options; chunking strategy object", () =>
    compare(
      "transcription",
      "my-whisper",
      audio({ providerOptions: { openai: { chunkingStrategy: { type: "server_vad", threshold: 0.5, silenceDurationMs: 200 } } } }),
      [whisperReply],
      transcriptionModel
    ))
  it.effect("API error", () => compare("transcription", "whisper-1", audio(), [errorReply], transcriptionModel))
})
