/**
 * `generateSpeech` (upstream `ai/src/generate-speech/generate-speech.ts`, 7.0.173): one call of
 * the `SpeechModel` with upstream's retries (`maxRetries`, default 2), `NoSpeechGeneratedError`
 * for empty audio, and the audio as a `GeneratedAudioFile` whose media type is detected from the
 * bytes, else the response's `audio/*` content type, else the raw output format, else `audio/mp3`.
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import { detectMediaType } from "../runtime/DetectMediaType.ts"
import type { CoreInvalidArgumentError } from "../contract/errors/CoreInvalidArgumentError.ts"
import type { ModelError } from "../contract/errors/index.ts"
import { InvalidResponseDataError } from "../contract/errors/InvalidResponseDataError.ts"
import { NoSpeechGeneratedError } from "../contract/errors/NoSpeechGeneratedError.ts"
import type { RetryError } from "../contract/errors/RetryError.ts"
import type { JsonObject } from "../contract/Json.ts"
import type { ProviderOptions } from "../contract/ProviderMetadata.ts"
import type { SpeechResponse } from "../contract/Speech.ts"
import type { Warning } from "../contract/Warning.ts"
import { SpeechModel } from "../SpeechModel.ts"
import { prepareRetries, withRetries } from "./generation/CallRetry.ts"
import { type GeneratedFile, makeGeneratedFile } from "./StepContent.ts"

/**
 * Options of {@link generateSpeech} (upstream's, without `model` — the `SpeechModel` service —,
 * `abortSignal` — interruption — and telemetry).
 *
 * @since 0.1.0
 * @category models
 */
export interface Options {
  readonly text: string
  readonly voice?: string | undefined
  readonly outputFormat?: string | undefined
  readonly instructions?: string | undefined
  readonly speed?: number | undefined
  readonly language?: string | undefined
  readonly providerOptions?: ProviderOptions | undefined
  readonly maxRetries?: number | undefined
  readonly headers?: Readonly<Record<string, string>> | undefined
}

/**
 * A generated audio file (upstream `GeneratedAudioFile`): the file views and its `format`.
 *
 * @since 0.1.0
 * @category models
 */
export interface GeneratedAudioFile extends GeneratedFile {
  readonly format: string
}

/**
 * The result of {@link generateSpeech} (upstream `SpeechResult`).
 *
 * @since 0.1.0
 * @category models
 */
export interface Result {
  readonly audio: GeneratedAudioFile
  readonly warnings: ReadonlyArray<Warning>
  readonly responses: ReadonlyArray<SpeechResponse>
  readonly providerMetadata: Record<string, JsonObject>
}

/**
 * The failures of {@link generateSpeech}.
 *
 * @since 0.1.0
 * @category errors
 */
export type GenerateSpeechError =
  | ModelError
  | RetryError
  | NoSpeechGeneratedError
  | CoreInvalidArgumentError
  | InvalidResponseDataError

const responseAudioMediaType = (headers: Readonly<Record<string, string>> | undefined): string | undefined => {
  const mediaType = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === "content-type")?.[1]
  if (mediaType == null) return undefined
  const normalized = mediaType.split(";", 1)[0].trim().toLowerCase()
  if (normalized.length === 0) return undefined
  return normalized.startsWith("audio/") ? normalized : undefined
}

const outputFormatMediaType = (outputFormat: string | undefined): string | undefined => {
  switch (outputFormat?.trim().toLowerCase()) {
    case "pcm":
    case "audio/pcm":
      return "audio/pcm"
    case "audio/l16":
      return "audio/l16"
    case "mulaw":
    case "audio/mulaw":
      return "audio/mulaw"
    case "alaw":
    case "audio/alaw":
      return "audio/alaw"
    default:
      return undefined
  }
}

/**
 * Upstream `DefaultGeneratedAudioFile`: `format` is the media type's subtype (`mp3` for
 * `audio/mpeg` and for media types without exactly one `/`); an empty subtype is an
 * `InvalidResponseDataError`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeGeneratedAudioFile = (
  data: string | Uint8Array,
  mediaType: string
): Effect.Effect<GeneratedAudioFile, InvalidResponseDataError> => {
  let format = "mp3"
  if (mediaType) {
    const parts = mediaType.split("/")
    if (parts.length === 2 && mediaType !== "audio/mpeg") format = parts[1]
  }
  if (!format) {
    return Effect.fail(
      new InvalidResponseDataError({ data: mediaType, message: `Could not determine audio format from media type: ${mediaType}` })
    )
  }
  const file = makeGeneratedFile(data, mediaType)
  return Effect.succeed({
    get base64() {
      return file.base64
    },
    get uint8Array() {
      return file.uint8Array
    },
    mediaType,
    format
  })
}

/**
 * Generates speech audio with the `SpeechModel` of the environment (upstream `generateSpeech`).
 *
 * @since 0.1.0
 * @category generation
 */
export const generateSpeech: (options: Options) => Effect.Effect<Result, GenerateSpeechError, SpeechModel> = Effect.fn(
  "generateSpeech"
)(function*(options: Options) {
  const model = yield* SpeechModel
  const maxRetries = yield* prepareRetries(options.maxRetries)
  const result = yield* withRetries(
    Effect.suspend(() =>
      model.generate({
        text: options.text,
        voice: options.voice,
        outputFormat: options.outputFormat,
        instructions: options.instructions,
        speed: options.speed,
        language: options.language,
        headers: options.headers ?? {},
        providerOptions: options.providerOptions ?? {}
      })
    ),
    maxRetries
  )
  if (!result.audio || result.audio.length === 0) {
    return yield* new NoSpeechGeneratedError({ responses: [result.response] })
  }
  const mediaType = detectMediaType({ data: result.audio, topLevelType: "audio" }) ??
    responseAudioMediaType(result.response.headers) ??
    outputFormatMediaType(options.outputFormat) ??
    "audio/mp3"
  const audio = yield* makeGeneratedAudioFile(result.audio, mediaType)
  return {
    audio,
    warnings: result.warnings,
    responses: [result.response],
    providerMetadata: result.providerMetadata ?? {}
  }
})
