/**
 * The xAI image model (`@ai-sdk/xai` 5.0.12 `XaiImageModel`) as an `ImageModel` service:
 * `/images/generations`, or `/images/edits` with input files as data URIs (JSON, not multipart),
 * always `response_format: b64_json`, upstream's warnings (size, seed, mask), options and
 * metadata (revised prompts, `costInUsdTicks`); images returned only by URL are downloaded.
 *
 * @since 0.1.0
 */
import { Effect, Schema } from "effect"
import { HttpClient } from "effect/http"
import * as ImageModel from "../../ImageModel.ts"
import * as Http from "../../provider-utils/Http.ts"
import type * as JsonEndpoint from "../../provider-utils/JsonEndpoint.ts"
import { parseProviderOptions } from "../../provider-utils/ParseProviderOptions.ts"
import * as RequestHeaders from "../../provider-utils/RequestHeaders.ts"
import { convertToBase64 } from "../../runtime/Base64.ts"
import * as Download from "../../runtime/DownloadService.ts"
import { DownloadError } from "../../contract/errors/DownloadError.ts"
import { InvalidResponseDataError } from "../../contract/errors/InvalidResponseDataError.ts"
import type { ImageCallOptions, ImageFile } from "../../contract/Image.ts"
import type { Warning } from "../../contract/Warning.ts"
import { ErrorData, errorToMessage } from "./XAIApi.ts"

const opt = Schema.optional
const nullish = <S extends Schema.Top>(schema: S) => Schema.optionalKey(Schema.NullOr(schema))

/**
 * `providerOptions.xai` (upstream `xaiImageModelOptions`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ImageOptions = Schema.Struct({
  aspect_ratio: opt(Schema.String),
  output_format: opt(Schema.String),
  sync_mode: opt(Schema.Boolean),
  resolution: opt(Schema.Literals(["1k", "2k"])),
  quality: opt(Schema.Literals(["low", "medium", "high"])),
  user: opt(Schema.String)
})

/**
 * The images response (upstream `xaiImageResponseSchema`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ImageResponse = Schema.Struct({
  data: Schema.Array(Schema.Struct({
    url: nullish(Schema.String),
    b64_json: nullish(Schema.String),
    revised_prompt: nullish(Schema.String),
    respect_moderation: nullish(Schema.Boolean)
  })),
  usage: nullish(Schema.Struct({ cost_in_usd_ticks: nullish(Schema.Number) }))
})

/**
 * What the model needs besides the `HttpClient` (provider name `xai.image`).
 *
 * @since 0.1.0
 * @category models
 */
export interface Config extends JsonEndpoint.EndpointConfig {
  readonly currentDate?: (() => Date) | undefined
}

const parseUrl = (url: string): URL | undefined => {
  try {
    return new URL(url)
  } catch {
    return undefined
  }
}

// upstream `convertImageModelFileToDataUri`
const toDataUri = (file: ImageFile): string =>
  file.type === "url" ? file.url : `data:${file.mediaType};base64,${convertToBase64(file.data)}`

/**
 * Builds the model service on a given `HttpClient`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeWith = (client: HttpClient.HttpClient, config: Config): ImageModel.Service => {
  const failedResponseHandler = Http.jsonErrorResponseHandler({ errorSchema: ErrorData, errorToMessage })
  const successfulResponseHandler = Http.jsonResponseHandler(ImageResponse)
  const trustedOrigin = parseUrl(config.baseURL)?.origin
  // upstream `getFromApi` with `validateUrl` (the URL guard, except on the configured origin) and no credentials
  const downloadImage = (url: string) => {
    const parsed = parseUrl(url)
    if (parsed === undefined) return Effect.fail(new DownloadError({ url, message: `Invalid URL: ${url}` }))
    return Effect.map(
      Download.fetchFile(client, parsed, {
        userAgent: false,
        ...(parsed.origin === trustedOrigin
          ? { policy: { allowFileUrls: false, allowLoopback: true, allowPrivateNetworks: true, allowedHosts: undefined } }
          : {})
      }),
      (file) => file.data
    )
  }

  const generate = Effect.fn("XAIImage.generate")(function*(options: ImageCallOptions) {
    const warnings: Array<Warning> = []
    if (options.size != null) {
      warnings.push({ type: "unsupported", feature: "size", details: "This model does not support the `size` option. Use `aspectRatio` instead." })
    }
    if (options.seed != null) warnings.push({ type: "unsupported", feature: "seed" })
    if (options.mask != null) warnings.push({ type: "unsupported", feature: "mask" })
    const xai = yield* parseProviderOptions("xai", options.providerOptions, ImageOptions)
    const imageUrls = options.files != null && options.files.length > 0 ? options.files.map(toDataUri) : []
    const endpoint = imageUrls.length > 0 ? "/images/edits" : "/images/generations"
    const body: Record<string, unknown> = { model: config.modelId, prompt: options.prompt, n: options.n, response_format: "b64_json" }
    if (options.aspectRatio != null) body.aspect_ratio = options.aspectRatio
    if (xai?.output_format != null) body.output_format = xai.output_format
    if (xai?.sync_mode != null) body.sync_mode = xai.sync_mode
    if (xai?.aspect_ratio != null && options.aspectRatio == null) body.aspect_ratio = xai.aspect_ratio
    if (xai?.resolution != null) body.resolution = xai.resolution
    if (xai?.quality != null) body.quality = xai.quality
    if (xai?.user != null) body.user = xai.user
    if (imageUrls.length === 1) body.image = { url: imageUrls[0], type: "image_url" }
    else if (imageUrls.length > 1) body.images = imageUrls.map((url) => ({ url, type: "image_url" }))

    const timestamp = config.currentDate?.() ?? new Date()
    const headers = RequestHeaders.combineHeaders(yield* config.headers, options.headers)
    const { responseHeaders, value: response } = yield* Effect.provideService(
      Http.postJsonToApi({ url: `${config.baseURL}${endpoint}`, headers, body, failedResponseHandler, successfulResponseHandler }),
      HttpClient.HttpClient,
      client
    )
    if (response.data.some((image) => image.respect_moderation === false)) {
      // upstream throws a plain Error with this message (see docs/divergences.md)
      return yield* new InvalidResponseDataError({
        data: response,
        message: "Image generation was blocked due to a content policy violation."
      })
    }
    const base64 = response.data.flatMap((image) => (image.b64_json != null ? [image.b64_json] : []))
    const images = base64.length === response.data.length
      ? base64
      : yield* Effect.forEach(response.data, (image) => downloadImage(image.url ?? ""), { concurrency: "unbounded" })
    return {
      images,
      warnings,
      response: { timestamp, modelId: config.modelId, headers: responseHeaders },
      providerMetadata: {
        xai: {
          images: response.data.map((item) => (item.revised_prompt ? { revisedPrompt: item.revised_prompt } : {})),
          ...(response.usage?.cost_in_usd_ticks != null ? { costInUsdTicks: response.usage.cost_in_usd_ticks } : {})
        }
      }
    }
  })

  const editable = config.modelId === "grok-imagine-image" || config.modelId === "grok-imagine-image-pro"
  return ImageModel.make({
    provider: config.provider,
    modelId: config.modelId,
    maxImagesPerCall: 3,
    supportsFileInputs: editable ? true : undefined,
    supportsMaskInputs: editable ? false : undefined,
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
