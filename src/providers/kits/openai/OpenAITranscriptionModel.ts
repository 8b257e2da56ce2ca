/**
 * The OpenAI transcription model (`@ai-sdk/openai` 4.0.118 `OpenAITranscriptionModel`) as a
 * `TranscriptionModel` service: `/audio/transcriptions` with upstream's multipart body (built with
 * the web `FormData`: `model`, the `file` named `audio.<ext>`, then the options), its timestamp
 * granularity rules and warnings, and its response mapping (language codes, segments or words,
 * duration, usage, diarized segments and languages as provider metadata). The realtime
 * streaming path (`doStream`) is not ported.
 *
 * @since 0.1.0
 */
import { Effect, Schema } from "effect"
import { HttpClient } from "effect/http"
import { blobPart, mediaTypeToExtension } from "../../../provider-utils/FormData.ts"
import * as Http from "../../../provider-utils/Http.ts"
import { parseProviderOptions } from "../../../provider-utils/ParseProviderOptions.ts"
import * as RequestHeaders from "../../../provider-utils/RequestHeaders.ts"
import { convertBase64ToUint8Array } from "../../../runtime/Base64.ts"
import { UnsupportedFunctionalityError } from "../../../contract/errors/UnsupportedFunctionalityError.ts"
import { JsonValue } from "../../../contract/Json.ts"
import type { TranscriptionCallOptions, TranscriptionResult } from "../../../contract/Transcription.ts"
import type { Warning } from "../../../contract/Warning.ts"
import * as TranscriptionModel from "../../../TranscriptionModel.ts"
import * as OpenAIFamilyErrorData from "./ErrorData.ts"
import { OpenAIErrorData } from "./OpenAIChatApi.ts"
import { getTranscriptionModelEntry } from "./internal/MediaCatalog.ts"
import { languageCodeOf, languageCodeOfName } from "./internal/TranscriptionLanguage.ts"
import * as VersionSkew from "./VersionSkew.ts"

const opt = Schema.optional
const nullish = <S extends Schema.Top>(schema: S) => Schema.optionalKey(Schema.NullOr(schema))
const Strings = Schema.Array(Schema.String)

/**
 * `providerOptions.openai` (upstream `openAITranscriptionModelOptions`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const TranscriptionOptions = Schema.Struct({
  include: opt(Strings),
  language: opt(Schema.String),
  languages: opt(Strings),
  keywords: opt(Strings),
  prompt: opt(Schema.String),
  temperature: opt(Schema.Number.check(Schema.isBetween({ minimum: 0, maximum: 1 }))),
  timestampGranularities: opt(Schema.Array(Schema.Literals(["word", "segment"]))),
  responseFormat: opt(Schema.Literals(["json", "verbose_json", "diarized_json"])),
  chunkingStrategy: opt(Schema.Union([
    Schema.Literal("auto"),
    Schema.Struct({
      type: Schema.Literal("server_vad"),
      threshold: opt(Schema.Number.check(Schema.isBetween({ minimum: 0, maximum: 1 }))),
      prefixPaddingMs: opt(Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))),
      silenceDurationMs: opt(Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)))
    })
  ])),
  streaming: opt(Schema.Struct({
    delay: opt(Schema.Literals(["minimal", "low", "medium", "high", "xhigh"])),
    include: opt(Strings)
  }))
})

const WhisperSegment = Schema.Struct({
  id: Schema.Number,
  seek: Schema.Number,
  start: Schema.Number,
  end: Schema.Number,
  text: Schema.String,
  tokens: Schema.Array(Schema.Number),
  temperature: Schema.Number,
  avg_logprob: Schema.Number,
  compression_ratio: Schema.Number,
  no_speech_prob: Schema.Number
})

const DiarizedSegment = Schema.Struct({
  type: Schema.Literal("transcript.text.segment"),
  id: Schema.String,
  start: Schema.Number,
  end: Schema.Number,
  text: Schema.String,
  speaker: Schema.String
})

/**
 * The transcription response (upstream `openaiTranscriptionResponseSchema`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const TranscriptionResponse = Schema.Struct({
  text: Schema.String,
  language: nullish(Schema.String),
  languages: nullish(Schema.Array(Schema.Struct({ code: Schema.String }))),
  duration: nullish(Schema.Number),
  words: nullish(Schema.Array(Schema.Struct({ word: Schema.String, start: Schema.Number, end: Schema.Number }))),
  segments: nullish(Schema.Array(Schema.Union([WhisperSegment, DiarizedSegment]))),
  usage: nullish(Schema.Record(Schema.String, JsonValue))
})

/**
 * What the transcription model needs besides the `HttpClient`.
 *
 * @since 0.1.0
 * @category models
 */
export interface Config {
  /** e.g. `openai.transcription`. */
  readonly provider: string
  readonly modelId: string
  readonly baseURL: string
  /** The request URL of an API path (Azure: `…/v1<path>?api-version=…`); default `<baseURL><path>`. */
  readonly url?: ((path: string) => string) | undefined
  readonly headers: RequestHeaders.Input
  readonly currentDate?: (() => Date) | undefined
  /** The `@ai-sdk/openai` version's behaviours (default 4.0.118's; Azure: 4.0.81's). */
  readonly skew?: VersionSkew.VersionSkew | undefined
}

/**
 * Upstream `getArgs`: the multipart body and the warnings.
 *
 * @since 0.1.0
 * @category requests
 */
export const getArgs = Effect.fnUntraced(function*(
  modelId: string,
  options: TranscriptionCallOptions,
  skew: VersionSkew.VersionSkew = VersionSkew.v4_0_118
) {
  const warnings: Array<Warning> = []
  const openai = yield* parseProviderOptions("openai", options.providerOptions, TranscriptionOptions)
  const formData = new FormData()
  const bytes = typeof options.audio === "string" ? convertBase64ToUint8Array(options.audio) : options.audio
  formData.append("model", modelId)
  // one copy of the audio (upstream wraps a Blob in a File: the same part on the wire, a second copy in memory)
  formData.append("file", new File([blobPart(bytes)], "audio", { type: options.mediaType }), `audio.${mediaTypeToExtension(options.mediaType)}`)
  if (skew.transcription === "4.0.81") {
    appendFields81(formData, modelId, openai)
    return { formData, warnings }
  }

  const entry = getTranscriptionModelEntry(modelId)
  const responseFormat = openai?.responseFormat ?? entry.responseFormat
  const requested = options.timestampGranularities
  const granularities = openai?.timestampGranularities ?? requested ??
    (responseFormat === "verbose_json" ? ["segment"] : undefined)
  for (const granularity of requested ?? []) {
    if (openai?.timestampGranularities != null && !openai.timestampGranularities.includes(granularity)) {
      warnings.push({
        type: "unsupported",
        feature: "timestampGranularities",
        details: `The "${granularity}" timestamp granularity is excluded by providerOptions.openai.timestampGranularities.`
      })
    }
  }
  for (const granularity of granularities ?? []) {
    if (responseFormat !== "verbose_json" && !(responseFormat === "diarized_json" && granularity === "segment")) {
      warnings.push({
        type: "unsupported",
        feature: openai?.timestampGranularities != null ? "providerOptions.openai.timestampGranularities" : "timestampGranularities",
        details: `OpenAI transcription with the ${responseFormat ?? "default JSON"} response format does not support ${granularity} timestamps.`
      })
    }
  }
  appendFields(formData, [
    ["response_format", responseFormat],
    ["include", openai?.include],
    ["language", openai?.language],
    ["languages", openai?.languages],
    ["keywords", openai?.keywords],
    ["prompt", openai?.prompt],
    // upstream's schema defaults `temperature` to 0 whenever `providerOptions.openai` is given
    ["temperature", openai != null ? openai.temperature ?? 0 : undefined],
    ["timestamp_granularities", responseFormat === "verbose_json" ? granularities : undefined]
  ])
  appendChunkingStrategy(formData, openai?.chunkingStrategy ?? entry.chunkingStrategy)
  return { formData, warnings }
})

type Field = readonly [string, string | number | ReadonlyArray<string> | undefined]

const appendFields = (formData: FormData, fields: ReadonlyArray<Field>) => {
  for (const [key, value] of fields) {
    if (value == null) continue
    if (typeof value === "object") for (const item of value) formData.append(`${key}[]`, String(item))
    else formData.append(key, String(value))
  }
}

const appendChunkingStrategy = (formData: FormData, chunkingStrategy: (typeof TranscriptionOptions.Type)["chunkingStrategy"]) => {
  if (chunkingStrategy == null) return
  formData.append(
    "chunking_strategy",
    typeof chunkingStrategy === "string" ? chunkingStrategy : JSON.stringify({
      type: chunkingStrategy.type,
      ...(chunkingStrategy.threshold != null && { threshold: chunkingStrategy.threshold }),
      ...(chunkingStrategy.prefixPaddingMs != null && { prefix_padding_ms: chunkingStrategy.prefixPaddingMs }),
      ...(chunkingStrategy.silenceDurationMs != null && { silence_duration_ms: chunkingStrategy.silenceDurationMs })
    })
  )
}

// `@ai-sdk/openai` 4.0.81's fields: `verbose_json` for whisper-1; with provider options their fields and a
// response format by model; a diarization model's defaults otherwise.
const appendFields81 = (formData: FormData, modelId: string, openai: typeof TranscriptionOptions.Type | undefined) => {
  if (modelId === "whisper-1") formData.append("response_format", "verbose_json")
  const diarization = modelId === "gpt-4o-transcribe-diarize"
  if (openai != null) {
    const gpt4oTranscribe = modelId === "gpt-4o-transcribe" || modelId === "gpt-4o-mini-transcribe"
    appendFields(formData, [
      ["include", openai.include],
      ["language", openai.language],
      ["prompt", openai.prompt],
      ["response_format", modelId === "whisper-1" ? undefined : openai.responseFormat ??
        (diarization ? "diarized_json" : gpt4oTranscribe ? "json" : "verbose_json")],
      // (4.0.81's schema defaults both when provider options are given)
      ["temperature", openai.temperature ?? 0],
      ["timestamp_granularities", openai.timestampGranularities ?? ["segment"]]
    ])
  } else if (diarization) {
    formData.append("response_format", "diarized_json")
  }
  appendChunkingStrategy(formData, openai?.chunkingStrategy ?? (diarization ? "auto" : undefined))
}

// `@ai-sdk/openai` 4.0.81's result: no words, usage or languages.
const toResult81 = (
  response: typeof TranscriptionResponse.Type,
  rest: Pick<TranscriptionResult, "warnings" | "response">
): TranscriptionResult => {
  const language = languageCodeOfName(response.language)
  const diarized = response.segments?.flatMap((segment) =>
    "speaker" in segment ? [{ text: segment.text, startSecond: segment.start, endSecond: segment.end, speaker: segment.speaker }] : []
  )
  return {
    text: response.text,
    segments: response.segments?.map((segment) => ({ text: segment.text, startSecond: segment.start, endSecond: segment.end })) ??
      response.words?.map((word) => ({ text: word.word, startSecond: word.start, endSecond: word.end })) ?? [],
    language,
    durationInSeconds: response.duration ?? undefined,
    warnings: rest.warnings,
    response: rest.response,
    ...(diarized != null && diarized.length > 0 ? { providerMetadata: { openai: { segments: diarized } } } : {})
  }
}

const toResult = (
  response: typeof TranscriptionResponse.Type,
  rest: Pick<TranscriptionResult, "warnings" | "response">
): TranscriptionResult => {
  const language = languageCodeOf(response.language) ??
    (response.languages?.length === 1 && /^[a-z]{2}$/.test(response.languages[0].code) ? response.languages[0].code : undefined)
  const diarized = response.segments?.flatMap((segment) =>
    "speaker" in segment ? [{ text: segment.text, startSecond: segment.start, endSecond: segment.end, speaker: segment.speaker }] : []
  )
  const words = response.words?.map((word) => ({ text: word.word, startSecond: word.start, endSecond: word.end }))
  const usage = response.usage
  return {
    text: response.text,
    segments: response.segments?.map((segment) => ({ text: segment.text, startSecond: segment.start, endSecond: segment.end })) ??
      words ?? [],
    ...(words != null && words.length > 0 ? { words } : {}),
    language,
    durationInSeconds: response.duration ??
      (usage?.type === "duration" && typeof usage.seconds === "number" ? usage.seconds : undefined),
    warnings: rest.warnings,
    ...(usage != null ? { usage } : {}),
    response: rest.response,
    ...(((diarized != null && diarized.length > 0) || response.languages != null)
      ? {
        providerMetadata: {
          openai: {
            ...(diarized != null && diarized.length > 0 ? { segments: diarized } : {}),
            ...(response.languages != null ? { languages: response.languages } : {})
          }
        }
      }
      : {})
  }
}

/**
 * Builds the model service on a given `HttpClient`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeWith = (client: HttpClient.HttpClient, config: Config): TranscriptionModel.Service => {
  const failedResponseHandler = OpenAIFamilyErrorData.failedResponseHandler(OpenAIErrorData)
  const successfulResponseHandler = Http.jsonResponseHandler(TranscriptionResponse)
  const generate = Effect.fn("OpenAITranscription.generate")(function*(options: TranscriptionCallOptions) {
    if (getTranscriptionModelEntry(config.modelId).transcription === false) {
      return yield* new UnsupportedFunctionalityError({ functionality: `non-streaming transcription with ${config.modelId}` })
    }
    const timestamp = config.currentDate?.() ?? new Date()
    const skew = config.skew ?? VersionSkew.v4_0_118
    const { formData, warnings } = yield* getArgs(config.modelId, options, skew)
    const { responseHeaders, value, rawValue } = yield* Effect.provideService(
      Http.postFormDataToApi({
        url: config.url?.("/audio/transcriptions") ?? `${config.baseURL}/audio/transcriptions`,
        headers: RequestHeaders.combineHeaders(config.headers, options.headers),
        formData,
        failedResponseHandler,
        successfulResponseHandler
      }),
      HttpClient.HttpClient,
      client
    )
    return (skew.transcription === "4.0.81" ? toResult81 : toResult)(value, {
      warnings,
      response: { timestamp, modelId: config.modelId, headers: responseHeaders, body: rawValue }
    })
  })
  return TranscriptionModel.make({ provider: config.provider, modelId: config.modelId, generate })
}

/**
 * The model service on the environment's `HttpClient`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (config: Config): Effect.Effect<TranscriptionModel.Service, never, HttpClient.HttpClient> =>
  Effect.map(HttpClient.HttpClient, (client) => makeWith(client, config))
