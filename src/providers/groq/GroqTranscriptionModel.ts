/**
 * The Groq transcription model (`@ai-sdk/groq` 4.0.84 `GroqTranscriptionModel`) as a
 * `TranscriptionModel` service: `/audio/transcriptions` with upstream's multipart body (web
 * `FormData`: `model`, then the `file` named `audio.<ext>` or, on the native URL path, the `url`
 * without its fragment, then the `providerOptions.groq` fields), the JSON or `text` response
 * mapping, and the native URL path (`generateFromUrl`) that declines Groq's redirect failures so
 * core downloads the audio itself.
 *
 * @since 0.1.0
 */
import { Effect, Schema } from "effect"
import { HttpClient, type HttpClientError } from "effect/http"
import { blobPart, mediaTypeToExtension } from "../../provider-utils/FormData.ts"
import * as Http from "../../provider-utils/Http.ts"
import { parseProviderOptions } from "../../provider-utils/ParseProviderOptions.ts"
import * as RequestHeaders from "../../provider-utils/RequestHeaders.ts"
import { convertBase64ToUint8Array } from "../../runtime/Base64.ts"
import { APICallError } from "../../contract/errors/APICallError.ts"
import { InvalidArgumentError } from "../../contract/errors/InvalidArgumentError.ts"
import type { TranscriptionCallOptions, TranscriptionResult, TranscriptionUrlCallOptions } from "../../contract/Transcription.ts"
import type { Warning } from "../../contract/Warning.ts"
import * as TranscriptionModel from "../../TranscriptionModel.ts"
import * as OpenAIFamilyErrorData from "../kits/openai/ErrorData.ts"
import { ErrorData } from "./GroqApi.ts"

const nullish = <S extends Schema.Top>(schema: S) => Schema.optionalKey(Schema.NullOr(Schema.UndefinedOr(schema)))

/**
 * `providerOptions.groq` (upstream `groqTranscriptionModelOptions`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const TranscriptionOptions = Schema.Struct({
  language: nullish(Schema.String),
  prompt: nullish(Schema.String),
  responseFormat: nullish(Schema.String),
  temperature: nullish(Schema.Number.check(Schema.isBetween({ minimum: 0, maximum: 1 }))),
  timestampGranularities: nullish(Schema.Array(Schema.String))
})

const nullishKey = <S extends Schema.Top>(schema: S) => Schema.optionalKey(Schema.NullOr(schema))

/**
 * The JSON response (upstream `groqTranscriptionResponseSchema`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const TranscriptionResponse = Schema.Struct({
  text: Schema.String,
  x_groq: Schema.Struct({ id: Schema.String }),
  task: nullishKey(Schema.String),
  language: nullishKey(Schema.String),
  duration: nullishKey(Schema.Number),
  segments: nullishKey(Schema.Array(Schema.Struct({
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
  }))),
  words: nullishKey(Schema.Array(Schema.Struct({ word: Schema.String, start: Schema.Number, end: Schema.Number })))
})

type Response = Partial<Omit<typeof TranscriptionResponse.Type, "text">> & { readonly text: string }

/**
 * What the model needs besides the `HttpClient`.
 *
 * @since 0.1.0
 * @category models
 */
export interface Config {
  /** `groq.transcription`. */
  readonly provider: string
  readonly modelId: string
  readonly baseURL: string
  readonly headers: RequestHeaders.Input
  readonly currentDate?: (() => Date) | undefined
}

type Input =
  | { readonly kind: "file"; readonly options: TranscriptionCallOptions }
  | { readonly kind: "url"; readonly options: TranscriptionUrlCallOptions }

const getArgs = Effect.fnUntraced(function*(modelId: string, input: Input) {
  const warnings: Array<Warning> = []
  const options = input.options
  const groq = yield* parseProviderOptions("groq", options.providerOptions, TranscriptionOptions)
  const formData = new FormData()
  formData.append("model", modelId)
  if (input.kind === "url") {
    const audio = input.options.audio
    if (!["https:", "http:"].includes(audio.protocol) || audio.username !== "" || audio.password !== "") {
      return yield* new InvalidArgumentError({ argument: "audio", message: "Groq URL transcription requires an HTTP(S) URL without userinfo." })
    }
    const audioUrl = new URL(audio.href)
    audioUrl.hash = ""
    formData.append("url", audioUrl.href)
  } else {
    const audio = input.options.audio
    const bytes = blobPart(typeof audio === "string" ? convertBase64ToUint8Array(audio) : audio)
    const mediaType = input.options.mediaType ?? "audio/wav"
    // one copy of the audio (upstream wraps a Blob in a File: the same part on the wire)
    formData.append("file", new File([bytes], "audio", { type: mediaType }), `audio.${mediaTypeToExtension(mediaType)}`)
  }
  if (groq) {
    const fields: ReadonlyArray<readonly [string, string | number | ReadonlyArray<string> | undefined]> = [
      ["language", groq.language ?? undefined],
      ["prompt", groq.prompt ?? undefined],
      ["response_format", groq.responseFormat ?? undefined],
      ["temperature", groq.temperature ?? undefined],
      ["timestamp_granularities", groq.timestampGranularities ?? undefined]
    ]
    for (const [key, value] of fields) {
      if (value === undefined) continue
      if (typeof value === "object") for (const item of value) formData.append(`${key}[]`, String(item))
      else formData.append(key, String(value))
    }
  }
  return { formData, responseFormat: groq?.responseFormat, warnings }
})

const textDecoder = new TextDecoder()

// upstream `groqTextTranscriptionResponseHandler`: the body bytes as the text
const textResponseHandler: Http.ResponseHandler<Response, APICallError> = (info) =>
  Effect.map(Http.binaryResponseHandler(info), ({ responseHeaders, value }) => {
    const text = textDecoder.decode(value)
    return { value: { text }, rawValue: text, responseHeaders }
  })

const redirectFailure = /^failed to retrieve media: received status code: (301|302|303|307|308)\b/

/**
 * Builds the model service on a given `HttpClient`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeWith = (client: HttpClient.HttpClient, config: Config): TranscriptionModel.Service => {
  const failedResponseHandler = OpenAIFamilyErrorData.failedResponseHandler(ErrorData)
  const jsonHandler: Http.ResponseHandler<Response, APICallError | HttpClientError.HttpClientError> = Http.jsonResponseHandler(
    TranscriptionResponse
  )
  const run = Effect.fn("GroqTranscription.generate")(function*(input: Input) {
    const timestamp = config.currentDate?.() ?? new Date()
    const { formData, responseFormat, warnings } = yield* getArgs(config.modelId, input)
    const { responseHeaders, value: response, rawValue } = yield* Effect.provideService(
      responseFormat === "text"
        ? Http.postFormDataToApi({
          url: `${config.baseURL}/audio/transcriptions`,
          headers: RequestHeaders.combineHeaders(config.headers, input.options.headers),
          formData,
          failedResponseHandler,
          successfulResponseHandler: textResponseHandler
        })
        : Http.postFormDataToApi({
          url: `${config.baseURL}/audio/transcriptions`,
          headers: RequestHeaders.combineHeaders(config.headers, input.options.headers),
          formData,
          failedResponseHandler,
          successfulResponseHandler: jsonHandler
        }),
      HttpClient.HttpClient,
      client
    )
    const result: TranscriptionResult = {
      text: response.text,
      segments: response.segments?.map((s) => ({ text: s.text, startSecond: s.start, endSecond: s.end })) ??
        response.words?.map((w) => ({ text: w.word, startSecond: w.start, endSecond: w.end })) ?? [],
      language: response.language ?? undefined,
      durationInSeconds: response.duration ?? undefined,
      warnings,
      response: { timestamp, modelId: config.modelId, headers: responseHeaders, body: rawValue }
    }
    return result
  })
  return TranscriptionModel.make({
    provider: config.provider,
    modelId: config.modelId,
    generate: (options) => run({ kind: "file", options }),
    generateFromUrl: (options) =>
      run({ kind: "url", options }).pipe(
        Effect.catchIf(
          (error) => APICallError.isInstance(error) && error.statusCode === 400 && redirectFailure.test(error.message),
          () => Effect.succeed(undefined)
        )
      )
  })
}

/**
 * The model service on the environment's `HttpClient`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (config: Config): Effect.Effect<TranscriptionModel.Service, never, HttpClient.HttpClient> =>
  Effect.map(HttpClient.HttpClient, (client) => makeWith(client, config))
