/**
 * The OpenAI speech model (`@ai-sdk/openai` 4.0.118 `OpenAISpeechModel`) as a `SpeechModel`
 * service: `/audio/speech` with upstream's body (voice `alloy` and `mp3` by default, unsupported
 * formats and languages as warnings, `providerOptions.openai.speed` / `instructions` over the call's),
 * the audio bytes as returned.
 *
 * @since 0.1.0
 */
import { Effect, Schema } from "effect"
import { HttpClient } from "effect/http"
import * as Http from "../../../provider-utils/Http.ts"
import { parseProviderOptions } from "../../../provider-utils/ParseProviderOptions.ts"
import * as RequestHeaders from "../../../provider-utils/RequestHeaders.ts"
import type { SpeechCallOptions } from "../../../contract/Speech.ts"
import type { Warning } from "../../../contract/Warning.ts"
import * as SpeechModel from "../../../SpeechModel.ts"
import * as OpenAIFamilyErrorData from "./ErrorData.ts"
import { OpenAIErrorData } from "./OpenAIChatApi.ts"
import * as WireJson from "../../../runtime/WireJson.ts"

const nullish = <S extends Schema.Top>(schema: S) => Schema.optionalKey(Schema.NullOr(Schema.UndefinedOr(schema)))

/**
 * `providerOptions.openai` (upstream `openaiSpeechModelOptionsSchema`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const SpeechOptions = Schema.Struct({
  instructions: nullish(Schema.String),
  speed: nullish(Schema.Number.check(Schema.isBetween({ minimum: 0.25, maximum: 4 })))
})

/**
 * What the speech model needs besides the `HttpClient`.
 *
 * @since 0.1.0
 * @category models
 */
export interface Config {
  /** e.g. `openai.speech`. */
  readonly provider: string
  readonly modelId: string
  readonly baseURL: string
  /** The request URL of an API path (Azure: `…/v1<path>?api-version=…`); default `<baseURL><path>`. */
  readonly url?: ((path: string) => string) | undefined
  readonly headers: RequestHeaders.Input
  readonly currentDate?: (() => Date) | undefined
}

const formats = ["mp3", "opus", "aac", "flac", "wav", "pcm"]

/**
 * Upstream `getArgs`: the request body and the warnings.
 *
 * @since 0.1.0
 * @category requests
 */
export const getArgs = Effect.fnUntraced(function*(modelId: string, options: SpeechCallOptions) {
  const warnings: Array<Warning> = []
  const openai = yield* parseProviderOptions("openai", options.providerOptions, SpeechOptions)
  const outputFormat = options.outputFormat ?? "mp3"
  const body: Record<string, unknown> = {
    model: modelId,
    input: options.text,
    voice: options.voice ?? "alloy",
    response_format: "mp3",
    speed: options.speed,
    instructions: options.instructions
  }
  if (outputFormat) {
    if (formats.includes(outputFormat)) body.response_format = outputFormat
    else {
      warnings.push({ type: "unsupported", feature: "outputFormat", details: `Unsupported output format: ${outputFormat}. Using mp3 instead.` })
    }
  }
  if (openai) {
    if (openai.speed != null) body.speed = openai.speed
    if (openai.instructions != null) body.instructions = openai.instructions
  }
  if (options.language) {
    warnings.push({
      type: "unsupported",
      feature: "language",
      details: `OpenAI speech models do not support language selection. Language parameter "${options.language}" was ignored.`
    })
  }
  return { body, warnings }
})

/**
 * Builds the model service on a given `HttpClient`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeWith = (client: HttpClient.HttpClient, config: Config): SpeechModel.Service => {
  const failedResponseHandler = OpenAIFamilyErrorData.failedResponseHandler(OpenAIErrorData)
  const generate = Effect.fn("OpenAISpeech.generate")(function*(options: SpeechCallOptions) {
    const timestamp = config.currentDate?.() ?? new Date()
    const { body, warnings } = yield* getArgs(config.modelId, options)
    const { responseHeaders, value, rawValue } = yield* Effect.provideService(
      Http.postJsonToApi({
        url: config.url?.("/audio/speech") ?? `${config.baseURL}/audio/speech`,
        headers: RequestHeaders.combineHeaders(config.headers, options.headers),
        body,
        failedResponseHandler,
        successfulResponseHandler: Http.binaryResponseHandler
      }),
      HttpClient.HttpClient,
      client
    )
    return {
      audio: value,
      warnings,
      request: { body: WireJson.render(body) },
      response: { timestamp, modelId: config.modelId, headers: responseHeaders, body: rawValue }
    }
  })
  return SpeechModel.make({ provider: config.provider, modelId: config.modelId, generate })
}

/**
 * The model service on the environment's `HttpClient`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (config: Config): Effect.Effect<SpeechModel.Service, never, HttpClient.HttpClient> =>
  Effect.map(HttpClient.HttpClient, (client) => makeWith(client, config))
