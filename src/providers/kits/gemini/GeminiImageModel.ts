/**
 * The Gemini image model of `@ai-sdk/google` 4.0.121 (`GoogleImageModel`) and
 * `@ai-sdk/google-vertex` 5.0.141 (`GoogleVertexImageModel`) as an `ImageModel` service: one call
 * of the Gemini language model on the provider's endpoint with the prompt and input images as a
 * user message, `responseModalities: ["IMAGE"]` and the aspect ratio in `imageConfig`; the image
 * files of the answer are the images (`isRetryable: false` after a content filter), with
 * upstream's metadata and usage. (Imagen `:predict` models are no longer supported upstream.)
 *
 * @since 0.1.0
 */
import { Effect, Schema } from "effect"
import * as ImageModel from "../../../ImageModel.ts"
import type * as LanguageModel from "../../../LanguageModel.ts"
import { convertToBase64 } from "../../../runtime/Base64.ts"
import type { CallOptions } from "../../../contract/CallOptions.ts"
import { InvalidArgumentError } from "../../../contract/errors/InvalidArgumentError.ts"
import type { ImageCallOptions } from "../../../contract/Image.ts"
import type { JsonObject } from "../../../contract/Json.ts"
import type { FilePart, Prompt, TextPart } from "../../../contract/Prompt.ts"
import type { Warning } from "../../../contract/Warning.ts"
import { parseProviderOptions } from "../../../provider-utils/ParseProviderOptions.ts"
import * as WireJson from "../../../runtime/WireJson.ts"

/**
 * `providerOptions.google.googleSearch` of an image call (upstream `googleImageModelOptionsSchema`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const GoogleImageOptions = Schema.Struct({
  googleSearch: Schema.optional(Schema.StructWithRest(
    Schema.Struct({
      searchTypes: Schema.optional(Schema.Struct({
        webSearch: Schema.optional(Schema.Struct({})),
        imageSearch: Schema.optional(Schema.Struct({}))
      })),
      timeRangeFilter: Schema.optional(Schema.Struct({ startTime: Schema.String, endTime: Schema.String }))
    }),
    [Schema.Record(Schema.String, Schema.Unknown)]
  ))
})

/**
 * What the image model needs: the Gemini language model it calls and the provider flavour.
 *
 * @since 0.1.0
 * @category models
 */
export interface Config {
  /** The reported provider (`google.generative-ai`, `google.vertex.image`). */
  readonly provider: string
  readonly modelId: string
  /** The Gemini language model of the same id on the provider's endpoint. */
  readonly languageModel: LanguageModel.Service
  /** `google`: options under `google` (search tool, metadata passthrough); `vertex`: under `googleVertex` / `vertex`. */
  readonly flavour: "google" | "vertex"
  readonly maxImagesPerCall: number
  readonly currentDate?: (() => Date) | undefined
}

const fileInputModels = new Set(["gemini-2.5-flash-image", "gemini-3-pro-image-preview", "gemini-3.1-flash-image-preview", "gemini-nano-banana-2.1"])

const parseUrl = (url: string): URL | undefined => {
  try {
    return new URL(url)
  } catch {
    return undefined
  }
}

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

/**
 * Builds the image model service.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (config: Config): ImageModel.Service => {
  const generate = Effect.fn("GeminiImage.generate")(function*(options: ImageCallOptions) {
    if (!config.modelId.startsWith("gemini-")) {
      // upstream throws a plain Error with this message (docs/divergences.md)
      return yield* new InvalidArgumentError({
        argument: "modelId",
        message: "Google image models other than Gemini are no longer supported. Use a model ID that starts with `gemini-`."
      })
    }
    if (options.mask != null) {
      return yield* new InvalidArgumentError({ argument: "mask", message: "Gemini image models do not support mask-based image editing." })
    }
    const warnings: Array<Warning> = []
    if (options.size != null) {
      warnings.push({ type: "unsupported", feature: "size", details: "This model does not support the `size` option. Use `aspectRatio` instead." })
    }
    const content: Array<TextPart | FilePart> = []
    if (options.prompt != null) content.push({ type: "text", text: options.prompt })
    for (const file of options.files ?? []) {
      if (file.type === "url") {
        const url = parseUrl(file.url)
        if (url === undefined) return yield* new InvalidArgumentError({ argument: "files", message: `Invalid URL: ${file.url}` })
        content.push({ type: "file", data: { type: "url", url }, mediaType: "image/*" })
      } else {
        content.push({ type: "file", data: { type: "data", data: file.data }, mediaType: file.mediaType })
      }
    }
    const prompt: Prompt = [{ role: "user", content }]
    // (an absent `imageConfig` stays absent: upstream's `undefined` is dropped by its options schema)
    const imageConfigOf = (userImageConfig: unknown): JsonObject =>
      options.aspectRatio != null || userImageConfig != null
        ? {
          imageConfig: {
            ...(isRecord(userImageConfig) ? userImageConfig : {}),
            ...(options.aspectRatio != null ? { aspectRatio: options.aspectRatio } : {})
          }
        }
        : {}

    let callOptions: CallOptions
    if (config.flavour === "google") {
      const imageOptions = yield* parseProviderOptions("google", options.providerOptions, GoogleImageOptions)
      const { googleSearch: _search, imageConfig: userImageConfig, responseModalities: _modalities, ...passthrough } =
        options.providerOptions.google ?? {}
      const google: JsonObject = { ...passthrough, responseModalities: ["IMAGE"], ...imageConfigOf(userImageConfig) }
      const search = imageOptions?.googleSearch
      callOptions = {
        prompt,
        seed: options.seed,
        providerOptions: { google },
        tools: search != null
          ? [{ type: "provider", id: "google.google_search", name: "google_search", args: JSON.parse(WireJson.render(search)) }]
          : undefined,
        headers: options.headers
      }
    } else {
      const user = options.providerOptions.googleVertex ?? options.providerOptions.vertex ?? {}
      const { imageConfig: userImageConfig, responseModalities: _modalities, ...rest } = user
      const inner: JsonObject = { ...rest, responseModalities: ["IMAGE"], ...imageConfigOf(userImageConfig) }
      callOptions = { prompt, seed: options.seed, providerOptions: { googleVertex: inner, vertex: inner }, headers: options.headers }
    }
    const result = yield* config.languageModel.generate(callOptions)
    const timestamp = config.currentDate?.() ?? new Date()
    const images: Array<string> = []
    for (const part of result.content) {
      if (part.type === "file" && part.mediaType.startsWith("image/") && part.data.type === "data") {
        images.push(convertToBase64(part.data.data))
      }
    }
    const entries = images.map((): JsonObject => ({}))
    const providerMetadata = config.flavour === "google"
      ? {
        google: {
          ...(result.providerMetadata?.google ?? {}),
          finishReason: result.finishReason.raw ?? null,
          images: entries
        }
      }
      : { googleVertex: { images: entries }, vertex: { images: entries } }
    const usage = result.usage
    return {
      images,
      ...(result.finishReason.unified === "content-filter" ? { isRetryable: false } : {}),
      warnings,
      providerMetadata,
      response: { timestamp, modelId: config.modelId, headers: result.response?.headers },
      usage: usage
        ? {
          inputTokens: usage.inputTokens.total,
          outputTokens: usage.outputTokens.total,
          totalTokens: (usage.inputTokens.total ?? 0) + (usage.outputTokens.total ?? 0)
        }
        : undefined
    }
  })
  const editable = fileInputModels.has(config.modelId)
  return ImageModel.make({
    provider: config.provider,
    modelId: config.modelId,
    maxImagesPerCall: config.maxImagesPerCall,
    supportsFileInputs: editable ? true : undefined,
    supportsMaskInputs: editable ? false : undefined,
    generate
  })
}
