/**
 * The OpenAI image model (`@ai-sdk/openai` 4.0.118 `OpenAIImageModel`) as an `ImageModel`
 * service: `/images/generations` (JSON) without input files, `/images/edits` (multipart form
 * data, built with the web `FormData` as upstream) with them; upstream's options, warnings,
 * usage and per-image provider metadata.
 *
 * @since 0.1.0
 */
import { Effect, Schema } from "effect"
import { HttpClient } from "effect/http"
import * as ImageModel from "../../../ImageModel.ts"
import { blobPart, convertToFormData } from "../../../provider-utils/FormData.ts"
import * as Http from "../../../provider-utils/Http.ts"
import { parseProviderOptions } from "../../../provider-utils/ParseProviderOptions.ts"
import * as RequestHeaders from "../../../provider-utils/RequestHeaders.ts"
import { convertBase64ToUint8Array } from "../../../runtime/Base64.ts"
import * as Download from "../../../runtime/DownloadService.ts"
import { DownloadError } from "../../../contract/errors/DownloadError.ts"
import { InvalidArgumentError } from "../../../contract/errors/InvalidArgumentError.ts"
import type { ModelError } from "../../../contract/errors/ModelError.ts"
import type { ImageCallOptions, ImageFile, ImageResult } from "../../../contract/Image.ts"
import type { JsonObject } from "../../../contract/Json.ts"
import type { Warning } from "../../../contract/Warning.ts"
import * as OpenAIFamilyErrorData from "./ErrorData.ts"
import { OpenAIErrorData } from "./OpenAIChatApi.ts"
import { getImageModelEntry } from "./internal/MediaCatalog.ts"

const opt = Schema.optional
const nullish = <S extends Schema.Top>(schema: S) => Schema.optionalKey(Schema.NullOr(schema))

const baseOptions = {
  quality: opt(Schema.Literals(["standard", "hd", "low", "medium", "high", "xhigh", "max", "auto"])),
  background: opt(Schema.Literals(["transparent", "opaque", "auto"])),
  outputFormat: opt(Schema.Literals(["png", "jpeg", "webp"])),
  complexity: opt(Schema.Literals(["low", "medium", "high"])),
  outputCompression: opt(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 100 }))),
  user: opt(Schema.String),
  safetyIdentifier: opt(Schema.String.check(Schema.isMaxLength(128)))
}

/**
 * `providerOptions.openai` of a generation (upstream `openaiImageModelGenerationOptions`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const GenerationOptions = Schema.Struct({
  ...baseOptions,
  style: opt(Schema.Literals(["vivid", "natural"])),
  outputFormat: opt(Schema.Literals(["png", "jpeg", "webp", "gif"])),
  frameCount: opt(Schema.Int.check(Schema.isBetween({ minimum: 2, maximum: 64 }))),
  frameDurationMs: opt(Schema.Int.check(Schema.isBetween({ minimum: 20, maximum: 2000 }))),
  moderation: opt(Schema.Literals(["auto", "low"]))
})

/**
 * `providerOptions.openai` of an edit (upstream `openaiImageModelEditOptions`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const EditOptions = Schema.Struct({
  ...baseOptions,
  inputFidelity: opt(Schema.Literals(["high", "low"])),
  markup: opt(Schema.String),
  moderation: opt(Schema.Literals(["auto", "low"]))
})

/**
 * The images response (upstream `openaiImageResponseSchema`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ImageResponse = Schema.Struct({
  created: nullish(Schema.Number),
  data: Schema.Array(Schema.Struct({ b64_json: Schema.String, revised_prompt: nullish(Schema.String) })),
  background: nullish(Schema.String),
  output_format: nullish(Schema.String),
  size: nullish(Schema.String),
  quality: nullish(Schema.String),
  usage: nullish(Schema.Struct({
    input_tokens: nullish(Schema.Number),
    output_tokens: nullish(Schema.Number),
    total_tokens: nullish(Schema.Number),
    input_tokens_details: nullish(Schema.Struct({ image_tokens: nullish(Schema.Number), text_tokens: nullish(Schema.Number) }))
  }))
})

/**
 * What the image model needs besides the `HttpClient`.
 *
 * @since 0.1.0
 * @category models
 */
export interface Config {
  /** e.g. `openai.image`. */
  readonly provider: string
  readonly modelId: string
  /** The API base URL (`https://api.openai.com/v1`). */
  readonly baseURL: string
  /** The request URL of an API path (Azure: `…/v1<path>?api-version=…`); default `<baseURL><path>`. */
  readonly url?: ((path: string) => string) | undefined
  readonly headers: RequestHeaders.Input
  /** The response timestamp (upstream `_internal.currentDate`); default `new Date()`. */
  readonly currentDate?: (() => Date) | undefined
}

// upstream `distributeTokenDetails`: evenly per image, the remainder on the last one
const distributeTokenDetails = (
  details: { readonly image_tokens?: number | null; readonly text_tokens?: number | null } | null | undefined,
  index: number,
  total: number
): { imageTokens?: number; textTokens?: number } => {
  if (details == null) return {}
  const out: { imageTokens?: number; textTokens?: number } = {}
  if (details.image_tokens != null) {
    const base = Math.floor(details.image_tokens / total)
    out.imageTokens = index === total - 1 ? details.image_tokens - base * (total - 1) : base
  }
  if (details.text_tokens != null) {
    const base = Math.floor(details.text_tokens / total)
    out.textTokens = index === total - 1 ? details.text_tokens - base * (total - 1) : base
  }
  return out
}

const toResult = (
  response: typeof ImageResponse.Type,
  responseHeaders: Record<string, string>,
  warnings: ReadonlyArray<Warning>,
  timestamp: Date,
  modelId: string
): ImageResult => ({
  images: response.data.map((item) => item.b64_json),
  warnings,
  usage: response.usage != null
    ? {
      inputTokens: response.usage.input_tokens ?? undefined,
      outputTokens: response.usage.output_tokens ?? undefined,
      totalTokens: response.usage.total_tokens ?? undefined
    }
    : undefined,
  response: { timestamp, modelId, headers: responseHeaders },
  providerMetadata: {
    openai: {
      images: response.data.map((item, index): JsonObject => ({
        ...(item.revised_prompt ? { revisedPrompt: item.revised_prompt } : {}),
        created: response.created ?? undefined,
        size: response.size ?? undefined,
        quality: response.quality ?? undefined,
        background: response.background ?? undefined,
        outputFormat: response.output_format ?? undefined,
        ...distributeTokenDetails(response.usage?.input_tokens_details, index, response.data.length)
      }))
    }
  }
})

// upstream `downloadBlob`: the provider's fetch, no user agent, the URL guard, a Blob typed by the content type
const downloadBlob = (client: HttpClient.HttpClient, url: string): Effect.Effect<Blob, DownloadError> =>
  Effect.suspend(() => {
    let parsed: URL
    try {
      parsed = new URL(url)
    } catch (cause) {
      return Effect.fail(new DownloadError({ url, cause }))
    }
    return Effect.map(
      Download.fetchFile(client, parsed, { userAgent: false }),
      ({ data, mediaType }) => new Blob([blobPart(data)], mediaType ? { type: mediaType } : undefined)
    )
  })

const bytesBlob = (data: string | Uint8Array, type: string): Blob => {
  const bytes = typeof data === "string" ? convertBase64ToUint8Array(data) : data
  return new Blob([blobPart(bytes)], { type })
}

const fileBlob = (client: HttpClient.HttpClient, file: ImageFile): Effect.Effect<Blob, DownloadError> =>
  file.type === "url" ? downloadBlob(client, file.url) : Effect.succeed(bytesBlob(file.data, file.mediaType))

// upstream `markupToBlob`: a base64 data URL, else a URL to download
const markupBlob = (client: HttpClient.HttpClient, markup: string): Effect.Effect<Blob, DownloadError | InvalidArgumentError> => {
  const dataUrl = /^data:([^;,]*)(;base64)?,(.*)$/s.exec(markup)
  if (dataUrl == null) return downloadBlob(client, markup)
  if (dataUrl[2] == null) {
    return Effect.fail(new InvalidArgumentError({ argument: "providerOptions.openai.markup", message: "`markup` data URLs must be base64 encoded." }))
  }
  return Effect.succeed(bytesBlob(dataUrl[3], dataUrl[1] || "image/png"))
}

/**
 * Builds the model service on a given `HttpClient`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeWith = (client: HttpClient.HttpClient, config: Config): ImageModel.Service => {
  const entry = getImageModelEntry(config.modelId)
  const failedResponseHandler = OpenAIFamilyErrorData.failedResponseHandler(OpenAIErrorData)
  const successfulResponseHandler = Http.jsonResponseHandler(ImageResponse)
  const post = <A>(effect: Effect.Effect<A, ModelError, HttpClient.HttpClient>) => Effect.provideService(effect, HttpClient.HttpClient, client)

  const generate = Effect.fn("OpenAIImage.generate")(function*(options: ImageCallOptions) {
    const warnings: Array<Warning> = []
    if (options.aspectRatio != null) {
      warnings.push({ type: "unsupported", feature: "aspectRatio", details: "This model does not support aspect ratio. Use `size` instead." })
    }
    if (options.seed != null) warnings.push({ type: "unsupported", feature: "seed" })
    const timestamp = config.currentDate?.() ?? new Date()
    const headers = RequestHeaders.combineHeaders(config.headers, options.headers)

    if (options.files != null) {
      const openai = (yield* parseProviderOptions("openai", options.providerOptions, EditOptions)) ?? {}
      if (options.mask != null && openai.markup != null) {
        return yield* new InvalidArgumentError({ argument: "providerOptions.openai.markup", message: "`markup` cannot be combined with `mask`." })
      }
      const images = yield* Effect.forEach(options.files, (file) => fileBlob(client, file), { concurrency: "unbounded" })
      const mask = options.mask != null ? yield* fileBlob(client, options.mask) : undefined
      const markup = openai.markup != null ? yield* markupBlob(client, openai.markup) : undefined
      const formData = convertToFormData([
        ["model", config.modelId],
        ["prompt", options.prompt],
        ["image", images],
        ["mask", mask],
        ["markup", markup],
        ["n", options.n],
        ["size", options.size],
        ["quality", openai.quality],
        ["background", openai.background],
        ["output_format", openai.outputFormat],
        ["output_compression", openai.outputCompression],
        ["complexity", openai.complexity],
        ["input_fidelity", openai.inputFidelity],
        ["moderation", openai.moderation],
        ["user", openai.user],
        ["safety_identifier", openai.safetyIdentifier]
      ])
      const { responseHeaders, value } = yield* post(Http.postFormDataToApi({
        url: config.url?.("/images/edits") ?? `${config.baseURL}/images/edits`,
        headers,
        formData,
        failedResponseHandler,
        successfulResponseHandler
      }))
      return toResult(value, responseHeaders, warnings, timestamp, config.modelId)
    }

    const openai = (yield* parseProviderOptions("openai", options.providerOptions, GenerationOptions)) ?? {}
    const { responseHeaders, value } = yield* post(Http.postJsonToApi({
      url: config.url?.("/images/generations") ?? `${config.baseURL}/images/generations`,
      headers,
      body: {
        model: config.modelId,
        prompt: options.prompt,
        n: options.n,
        size: options.size,
        quality: openai.quality,
        style: openai.style,
        background: openai.background,
        moderation: openai.moderation,
        output_format: openai.outputFormat,
        output_compression: openai.outputCompression,
        complexity: openai.complexity,
        frame_count: openai.frameCount,
        frame_duration_ms: openai.frameDurationMs,
        user: openai.user,
        safety_identifier: openai.safetyIdentifier,
        ...(entry.responseFormat !== "provider-default" ? { response_format: "b64_json" } : {})
      },
      failedResponseHandler,
      successfulResponseHandler
    }))
    return toResult(value, responseHeaders, warnings, timestamp, config.modelId)
  })

  return ImageModel.make({
    provider: config.provider,
    modelId: config.modelId,
    maxImagesPerCall: entry.maxImagesPerCall,
    supportsFileInputs: entry.fileInput,
    supportsMaskInputs: entry.maskInput,
    generate
  })
}

/**
 * The model service on the environment's `HttpClient`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (config: Config): Effect.Effect<ImageModel.Service, never, HttpClient.HttpClient> =>
  Effect.map(HttpClient.HttpClient, (client) => makeWith(client, config))
