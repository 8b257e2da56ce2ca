/**
 * `generateImage` (upstream `ai/src/generate-image/generate-image.ts`, 7.0.173): `n` images in
 * `ceil(n / maxImagesPerCall)` parallel model calls (the last one gets the remainder), each call
 * retried with upstream's rules (`maxRetries`, default 2, exponential backoff from 2 s on Effect's
 * `Clock`, retry headers respected), an empty result retried too unless the provider marks it
 * not retryable, and `NoImageGeneratedError` when no call produced an image. Images are
 * `GeneratedFile`s with lazily converted base64 and bytes views.
 *
 * ```ts
 * const result = yield* GenerateImage.generateImage({ prompt: "a lighthouse", n: 4 })
 * result.images[0].uint8Array
 * ```
 *
 * @since 0.1.0
 */
import { Data, Effect } from "effect"
import { ImageModel, resolveMaxImagesPerCall } from "../ImageModel.ts"
import { convertBase64ToUint8Array } from "../runtime/Base64.ts"
import { detectMediaType } from "../runtime/DetectMediaType.ts"
import type { CoreInvalidArgumentError } from "../contract/errors/CoreInvalidArgumentError.ts"
import type { ModelError } from "../contract/errors/index.ts"
import { NoImageGeneratedError } from "../contract/errors/NoImageGeneratedError.ts"
import { RetryError } from "../contract/errors/RetryError.ts"
import type { ImageCallOptions, ImageFile, ImageProviderMetadata, ImageResponse, ImageResult, ImageUsage } from "../contract/Image.ts"
import { isJsonObject, type JsonObject, type JsonValue } from "../contract/Json.ts"
import type { ProviderOptions } from "../contract/ProviderMetadata.ts"
import type { Warning } from "../contract/Warning.ts"
import { getOwn } from "./internal/GetOwn.ts"
import { prepareRetries, withRetries } from "./generation/CallRetry.ts"
import { type GeneratedFile, makeGeneratedFile } from "./StepContent.ts"

/**
 * Data of an input image: base64 text (or a data URL, or an `http(s)` URL) or bytes.
 *
 * @since 0.1.0
 * @category models
 */
export type DataContent = string | Uint8Array | ArrayBuffer

/**
 * The prompt: text, or images to edit with optional text and mask (upstream `GenerateImagePrompt`).
 *
 * @since 0.1.0
 * @category models
 */
export type Prompt = string | {
  readonly images: ReadonlyArray<DataContent>
  readonly text?: string | undefined
  readonly mask?: DataContent | undefined
}

/**
 * Options of {@link generateImage} (upstream's, without `model` — the `ImageModel` service — and
 * `abortSignal` — interruption).
 *
 * @since 0.1.0
 * @category models
 */
export interface Options {
  readonly prompt: Prompt
  readonly n?: number | undefined
  readonly maxImagesPerCall?: number | undefined
  readonly size?: `${number}x${number}` | undefined
  readonly aspectRatio?: `${number}:${number}` | undefined
  readonly seed?: number | undefined
  readonly providerOptions?: ProviderOptions | undefined
  readonly maxRetries?: number | undefined
  readonly headers?: Readonly<Record<string, string>> | undefined
}

/**
 * A generated image: the file views and its own provider metadata (`providerMetadata.<p>.images[i]`).
 *
 * @since 0.1.0
 * @category models
 */
export interface GeneratedImage extends GeneratedFile {
  readonly providerMetadata?: Record<string, JsonObject> | undefined
}

/**
 * The result of one model call (upstream `GenerateImageCall`).
 *
 * @since 0.1.0
 * @category models
 */
export interface Call {
  readonly images: ReadonlyArray<GeneratedImage>
  readonly providerMetadata?: ImageProviderMetadata | undefined
  readonly response: ImageResponse
  readonly warnings: ReadonlyArray<Warning>
  readonly usage?: ImageUsage | undefined
}

/**
 * The result of {@link generateImage} (upstream `GenerateImageResult`).
 *
 * @since 0.1.0
 * @category models
 */
export interface Result {
  readonly image: GeneratedImage
  readonly images: ReadonlyArray<GeneratedImage>
  readonly calls: ReadonlyArray<Call>
  readonly warnings: ReadonlyArray<Warning>
  readonly responses: ReadonlyArray<ImageResponse>
  readonly providerMetadata: ImageProviderMetadata
  readonly usage: ImageUsage
}

/**
 * The failures of {@link generateImage}.
 *
 * @since 0.1.0
 * @category errors
 */
export type GenerateImageError = ModelError | RetryError | NoImageGeneratedError | CoreInvalidArgumentError

// upstream `RetryableNoImageResultError`: an empty result the provider did not mark as final
class RetryableNoImageResult extends Data.TaggedError("RetryableNoImageResult")<{}> {
  override readonly message = "No image generated."
}

const toBytes = (data: DataContent): Uint8Array =>
  typeof data === "string" ? convertBase64ToUint8Array(data) : data instanceof Uint8Array ? data : new Uint8Array(data)

const imageMediaTypeOf = (data: Uint8Array): string => detectMediaType({ data, topLevelType: "image" }) || "image/png"

// upstream `toImageModelV4File`
const toImageFile = (data: DataContent): ImageFile => {
  if (typeof data === "string" && data.startsWith("http")) return { type: "url", url: data }
  if (typeof data === "string" && data.startsWith("data:")) {
    const [header, base64Content] = data.split(",")
    const dataUrlMediaType = header.split(";")[0].split(":")[1]
    if (base64Content != null) {
      const bytes = convertBase64ToUint8Array(base64Content)
      return { type: "file", data: bytes, mediaType: dataUrlMediaType || imageMediaTypeOf(bytes) }
    }
  }
  const bytes = toBytes(data)
  return { type: "file", data: bytes, mediaType: imageMediaTypeOf(bytes) }
}

/**
 * Upstream `normalizePrompt`: the prompt as the model's `prompt`, `files` and `mask`.
 *
 * @since 0.1.0
 * @category utils
 */
export const normalizePrompt = (prompt: Prompt): Pick<ImageCallOptions, "prompt" | "files" | "mask"> =>
  typeof prompt === "string"
    ? { prompt, files: undefined, mask: undefined }
    : {
      prompt: prompt.text,
      files: prompt.images.map(toImageFile),
      mask: prompt.mask ? toImageFile(prompt.mask) : undefined
    }

/**
 * Upstream `getImageProviderMetadata`: per provider, the JSON-object entry `images[index]`.
 *
 * @since 0.1.0
 * @category utils
 */
export const imageProviderMetadata = (
  providerMetadata: ImageProviderMetadata | undefined,
  index: number
): Record<string, JsonObject> | undefined => {
  if (providerMetadata == null) return undefined
  let out: Record<string, JsonObject> | undefined
  for (const [providerName, metadata] of Object.entries(providerMetadata)) {
    const images = metadata.images
    const value = Array.isArray(images) ? images[index] : undefined
    if (isJsonObject(value) && !Array.isArray(value)) {
      out ??= {}
      Object.defineProperty(out, providerName, { value, enumerable: true, writable: true, configurable: true })
    }
  }
  return out
}

const addCounts = (a: number | undefined, b: number | undefined): number | undefined =>
  a == null && b == null ? undefined : (a ?? 0) + (b ?? 0)

const gatewayCostKeys = [
  "cost",
  "gatewayCost",
  "inferenceCost",
  "inputInferenceCost",
  "marketCost",
  "outputInferenceCost",
  "surchargeCost"
] as const

// upstream `addDecimalStrings`: exact sums of non-negative decimal strings
const addDecimalStrings = (value1: unknown, value2: unknown): string | undefined => {
  const decimal = /^\d+(?:\.\d+)?$/
  if (typeof value1 !== "string" || typeof value2 !== "string" || !decimal.test(value1) || !decimal.test(value2)) {
    return undefined
  }
  const [integer1, fraction1 = ""] = value1.split(".")
  const [integer2, fraction2 = ""] = value2.split(".")
  const precision = Math.max(fraction1.length, fraction2.length)
  const sum = BigInt(integer1 + fraction1.padEnd(precision, "0")) + BigInt(integer2 + fraction2.padEnd(precision, "0"))
  const sumString = sum.toString().padStart(precision + 1, "0")
  return precision === 0
    ? sumString
    : `${sumString.slice(0, -precision)}.${sumString.slice(-precision)}`.replace(/\.?0+$/, "")
}

// upstream's merge of per-call provider metadata: `images` concatenated; the gateway's entry
// merged with its cost fields summed (and an empty `images` dropped)
const mergeProviderMetadata = (target: Record<string, JsonObject>, metadata: ImageProviderMetadata): void => {
  for (const [providerName, entry] of Object.entries(metadata)) {
    if (providerName === "gateway") {
      const current = target[providerName]
      const merged: Record<string, JsonValue | undefined> = current != null ? { ...current, ...entry } : { ...entry }
      if (current != null) {
        for (const key of gatewayCostKeys) {
          const total = addDecimalStrings(current[key], entry[key])
          if (total != null) merged[key] = total
        }
      }
      const images = merged.images
      if (Array.isArray(images) && images.length === 0) delete merged.images
      target[providerName] = merged
    } else {
      const current = getOwn(target, providerName)
      const currentImages = current?.images
      const images: Array<JsonValue> = Array.isArray(currentImages) ? [...currentImages] : []
      const entryImages = entry.images
      if (Array.isArray(entryImages)) images.push(...entryImages)
      Object.defineProperty(target, providerName, {
        value: { ...current, images },
        enumerable: true,
        writable: true,
        configurable: true
      })
    }
  }
}

const toGeneratedImage = (data: string | Uint8Array, providerMetadata: Record<string, JsonObject> | undefined): GeneratedImage => {
  const file = makeGeneratedFile(data, detectMediaType({ data, topLevelType: "image" }) ?? "image/png")
  return {
    get base64() {
      return file.base64
    },
    get uint8Array() {
      return file.uint8Array
    },
    mediaType: file.mediaType,
    providerMetadata
  }
}

const callImageCounts = (n: number, perCall: number): ReadonlyArray<number> => {
  const callCount = Math.ceil(n / perCall)
  return Array.from({ length: callCount }, (_, i) => {
    if (i < callCount - 1) return perCall
    const remainder = n % perCall
    return remainder === 0 ? perCall : remainder
  })
}

/**
 * Generates images with the `ImageModel` of the environment (upstream `generateImage`).
 *
 * @since 0.1.0
 * @category generation
 */
export const generateImage: (options: Options) => Effect.Effect<Result, GenerateImageError, ImageModel> = Effect.fn(
  "generateImage"
)(function*(options: Options) {
  const model = yield* ImageModel
  const maxRetries = yield* prepareRetries(options.maxRetries)
  const n = options.n ?? 1
  const perCall = options.maxImagesPerCall ?? (yield* resolveMaxImagesPerCall(model)) ?? 1

  const runCall = (callImageCount: number) => {
    const callResults: Array<ImageResult> = []
    const attempt = Effect.suspend(() => {
      const { files, mask, prompt } = normalizePrompt(options.prompt)
      return model.generate({
        prompt,
        files,
        mask,
        n: callImageCount,
        headers: options.headers ?? {},
        size: options.size,
        aspectRatio: options.aspectRatio,
        seed: options.seed,
        providerOptions: options.providerOptions ?? {}
      })
    }).pipe(
      Effect.flatMap((result): Effect.Effect<ImageResult, RetryableNoImageResult> => {
        callResults.push(result)
        return result.images.length === 0 && result.isRetryable !== false
          ? Effect.fail(new RetryableNoImageResult())
          : Effect.succeed(result)
      })
    )
    return withRetries(attempt, maxRetries, (error) => error instanceof RetryableNoImageResult).pipe(
      Effect.map(() => callResults),
      Effect.catch((error): Effect.Effect<Array<ImageResult>, ModelError | RetryError> => {
        if (error instanceof RetryableNoImageResult) return Effect.succeed(callResults)
        if (RetryError.isInstance(error) && error.lastError instanceof RetryableNoImageResult) {
          return Effect.succeed(callResults)
        }
        return Effect.fail(error)
      })
    )
  }

  const groups = yield* Effect.forEach(callImageCounts(n, perCall), runCall, { concurrency: "unbounded" })

  const images: Array<GeneratedImage> = []
  const calls: Array<Call> = []
  const warnings: Array<Warning> = []
  const responses: Array<ImageResponse> = []
  const providerMetadata: Record<string, JsonObject> = {}
  let usage: ImageUsage = { inputTokens: undefined, outputTokens: undefined, totalTokens: undefined }
  for (const result of groups.flat()) {
    const data: ReadonlyArray<string | Uint8Array> = result.images
    const callImages = data.map((image, index) => toGeneratedImage(image, imageProviderMetadata(result.providerMetadata, index)))
    images.push(...callImages)
    calls.push({
      images: callImages,
      providerMetadata: result.providerMetadata,
      response: result.response,
      warnings: result.warnings,
      usage: result.usage
    })
    warnings.push(...result.warnings)
    if (result.usage != null) {
      usage = {
        inputTokens: addCounts(usage.inputTokens, result.usage.inputTokens),
        outputTokens: addCounts(usage.outputTokens, result.usage.outputTokens),
        totalTokens: addCounts(usage.totalTokens, result.usage.totalTokens)
      }
    }
    if (result.providerMetadata) mergeProviderMetadata(providerMetadata, result.providerMetadata)
    responses.push(result.response)
  }
  if (images.length === 0) return yield* new NoImageGeneratedError({ calls, responses })
  return { image: images[0], images, calls, warnings, responses, providerMetadata, usage }
})
