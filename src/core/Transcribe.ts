/**
 * `transcribe` (upstream `ai/src/transcribe/transcribe.ts`, 7.0.173): audio as bytes, base64 or
 * a URL. A URL goes to the model's native `generateFromUrl` when it has one, the URL is http(s)
 * and no `Download` service is provided (a provided one forces local downloads, as upstream's
 * `download` option); otherwise — or when the model declines the URL — the audio is fetched
 * through the `Download` service (upstream's guarded default when none is provided). The media
 * type is the download's `audio/*` content type, else detected from the bytes, else `audio/wav`.
 * Upstream's retries (`maxRetries`, default 2); a result without text is
 * `NoTranscriptGeneratedError`.
 *
 * @since 0.1.0
 */
import { Effect, Option } from "effect"
import { convertBase64ToUint8Array } from "../runtime/Base64.ts"
import { detectMediaType, getTopLevelMediaType, isFullMediaType } from "../runtime/DetectMediaType.ts"
import * as Download from "../runtime/DownloadService.ts"
import type { CoreInvalidArgumentError } from "../contract/errors/CoreInvalidArgumentError.ts"
import { DownloadError } from "../contract/errors/DownloadError.ts"
import type { ModelError } from "../contract/errors/index.ts"
import { NoTranscriptGeneratedError } from "../contract/errors/NoTranscriptGeneratedError.ts"
import type { RetryError } from "../contract/errors/RetryError.ts"
import type { JsonObject } from "../contract/Json.ts"
import type { ProviderOptions } from "../contract/ProviderMetadata.ts"
import type { TimedText, TimestampGranularity, TranscriptionResponse, TranscriptionResult } from "../contract/Transcription.ts"
import type { Warning } from "../contract/Warning.ts"
import { TranscriptionModel } from "../TranscriptionModel.ts"
import { prepareRetries, withRetries } from "./generation/CallRetry.ts"

/**
 * Options of {@link transcribe} (upstream's, without `model` — the `TranscriptionModel` service —,
 * `abortSignal`, telemetry and `download` — the `Download` service).
 *
 * @since 0.1.0
 * @category models
 */
export interface Options {
  readonly audio: string | Uint8Array | ArrayBuffer | URL
  readonly providerOptions?: ProviderOptions | undefined
  readonly timestampGranularities?: ReadonlyArray<TimestampGranularity> | undefined
  readonly maxRetries?: number | undefined
  readonly headers?: Readonly<Record<string, string>> | undefined
}

/**
 * The result of {@link transcribe} (upstream `TranscriptionResult`).
 *
 * @since 0.1.0
 * @category models
 */
export interface Result {
  readonly text: string
  readonly segments: ReadonlyArray<TimedText>
  readonly words?: ReadonlyArray<TimedText> | undefined
  readonly language: string | undefined
  readonly durationInSeconds: number | undefined
  readonly warnings: ReadonlyArray<Warning>
  readonly responses: ReadonlyArray<TranscriptionResponse>
  readonly providerMetadata: Record<string, JsonObject>
}

/**
 * The failures of {@link transcribe}.
 *
 * @since 0.1.0
 * @category errors
 */
export type TranscribeError = ModelError | RetryError | NoTranscriptGeneratedError | CoreInvalidArgumentError | DownloadError

// upstream `getAudioMediaType`: only a full `audio/<subtype>` content type counts
const audioMediaTypeOf = (contentType: string | undefined): string | undefined => {
  const mediaType = contentType?.split(";")[0].trim().toLowerCase()
  return mediaType != null && getTopLevelMediaType(mediaType) === "audio" && isFullMediaType(mediaType)
    ? mediaType
    : undefined
}

const detectAudio = (data: Uint8Array): string => detectMediaType({ data, topLevelType: "audio" }) ?? "audio/wav"

const downloadWith = (service: Download.Service, url: URL): Effect.Effect<Download.Downloaded, DownloadError> =>
  Effect.flatMap(service.download([{ url, isUrlSupportedByModel: false }]), (results) => {
    const downloaded = results[0]
    return downloaded == null
      ? Effect.fail(new DownloadError({ url: url.toString(), message: `The download service returned no file for ${url}` }))
      : Effect.succeed(downloaded)
  })

/**
 * Transcribes audio with the `TranscriptionModel` of the environment (upstream `transcribe`).
 *
 * @since 0.1.0
 * @category generation
 */
export const transcribe: (options: Options) => Effect.Effect<Result, TranscribeError, TranscriptionModel> = Effect.fn(
  "transcribe"
)(function*(options: Options) {
  const model = yield* TranscriptionModel
  const maxRetries = yield* prepareRetries(options.maxRetries)
  const provided = yield* Effect.serviceOption(Download.Download)
  const downloader = Option.getOrElse(provided, () => Download.defaultService)

  let audioData: Uint8Array | URL
  let downloadedMediaType: string | undefined
  const audio = options.audio
  if (audio instanceof URL) {
    if (model.generateFromUrl != null && Option.isNone(provided) && (audio.protocol === "https:" || audio.protocol === "http:")) {
      audioData = audio
    } else {
      const downloaded = yield* downloadWith(downloader, audio)
      audioData = downloaded.data
      downloadedMediaType = downloaded.mediaType
    }
  } else {
    audioData = typeof audio === "string"
      ? convertBase64ToUint8Array(audio)
      : audio instanceof Uint8Array
      ? audio
      : new Uint8Array(audio)
  }
  let mediaType = audioData instanceof URL ? undefined : audioMediaTypeOf(downloadedMediaType) ?? detectAudio(audioData)

  const callOptions = {
    headers: options.headers ?? {},
    providerOptions: options.providerOptions ?? {},
    ...(options.timestampGranularities != null ? { timestampGranularities: options.timestampGranularities } : {})
  }
  const attempt: Effect.Effect<TranscriptionResult, ModelError | DownloadError> = Effect.gen(function*() {
    if (audioData instanceof URL) {
      const native = model.generateFromUrl == null
        ? undefined
        : yield* model.generateFromUrl({ ...callOptions, audio: audioData })
      if (native != null) return native
      // a capable provider may decline a URL: download it and take the file path
      const downloaded = yield* downloadWith(downloader, audioData)
      audioData = downloaded.data
      mediaType = audioMediaTypeOf(downloaded.mediaType) ?? detectAudio(audioData)
    }
    return yield* model.generate({ ...callOptions, audio: audioData, mediaType: mediaType ?? "audio/wav" })
  })
  const result = yield* withRetries(attempt, maxRetries)
  if (result.text == null) return yield* new NoTranscriptGeneratedError({ responses: [result.response] })
  return {
    text: result.text,
    segments: result.segments,
    words: result.words,
    language: result.language,
    durationInSeconds: result.durationInSeconds,
    warnings: result.warnings,
    responses: [result.response],
    providerMetadata: result.providerMetadata ?? {}
  }
})
