/**
 * The Amazon Bedrock image model (`@ai-sdk/amazon-bedrock` 5.0.101 `AmazonBedrockImageModel`:
 * Nova Canvas, Titan Image) as an `ImageModel` service: `InvokeModel` with upstream's task bodies
 * (`TEXT_IMAGE`; with input files `IMAGE_VARIATION`, `INPAINTING`, `OUTPAINTING`,
 * `BACKGROUND_REMOVAL`), options under `amazonBedrock` (or `bedrock`), the same authorizer as the
 * Converse model (bearer key or SigV4 over the request as sent), moderation and empty-result errors.
 *
 * @since 0.1.0
 */
import { Effect, Schema } from "effect"
import { HttpClient } from "effect/http"
import * as ImageModel from "../../ImageModel.ts"
import * as Http from "../../provider-utils/Http.ts"
import { parseProviderOptions } from "../../provider-utils/ParseProviderOptions.ts"
import * as RequestHeaders from "../../provider-utils/RequestHeaders.ts"
import { convertToBase64 } from "../../runtime/Base64.ts"
import { InvalidArgumentError } from "../../contract/errors/InvalidArgumentError.ts"
import { InvalidResponseDataError } from "../../contract/errors/InvalidResponseDataError.ts"
import type { ModelError } from "../../contract/errors/ModelError.ts"
import type { ImageCallOptions, ImageFile } from "../../contract/Image.ts"
import type { Warning } from "../../contract/Warning.ts"
import { ErrorBody } from "./AmazonBedrockApi.ts"
import type { AuthRequest } from "./AmazonBedrockLanguageModel.ts"
import * as WireJson from "../../runtime/WireJson.ts"

const opt = Schema.optional

/**
 * `providerOptions.amazonBedrock` / `.bedrock` (upstream `amazonBedrockImageModelOptionsSchema`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ImageOptions = Schema.Struct({
  quality: opt(Schema.Literals(["standard", "premium"])),
  negativeText: opt(Schema.String),
  cfgScale: opt(Schema.Number),
  style: opt(Schema.Literals([
    "3D_ANIMATED_FAMILY_FILM",
    "DESIGN_SKETCH",
    "FLAT_VECTOR_ILLUSTRATION",
    "GRAPHIC_NOVEL_ILLUSTRATION",
    "MAXIMALISM",
    "MIDCENTURY_RETRO",
    "PHOTOREALISM",
    "SOFT_DIGITAL_PAINTING"
  ])),
  taskType: opt(Schema.Literals(["TEXT_IMAGE", "IMAGE_VARIATION", "INPAINTING", "OUTPAINTING", "BACKGROUND_REMOVAL"])),
  maskPrompt: opt(Schema.String),
  outPaintingMode: opt(Schema.Literals(["DEFAULT", "PRECISE"])),
  similarityStrength: opt(Schema.Number)
})

/**
 * The invoke response (upstream `amazonBedrockImageResponseSchema`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ImageResponse = Schema.Struct({
  images: opt(Schema.Array(Schema.String)),
  id: opt(Schema.String),
  status: opt(Schema.String),
  result: opt(Schema.Unknown),
  progress: opt(Schema.Unknown),
  details: opt(Schema.Record(Schema.String, Schema.Unknown)),
  preview: opt(Schema.Unknown)
})

/**
 * What the model needs besides the `HttpClient` (the Converse model's endpoint pieces).
 *
 * @since 0.1.0
 * @category models
 */
export interface Config {
  readonly modelId: string
  readonly baseURL: Effect.Effect<string, ModelError>
  readonly headers: RequestHeaders.Input
  readonly authorize: (request: AuthRequest) => Effect.Effect<RequestHeaders.Input, ModelError>
  readonly currentDate?: (() => Date) | undefined
}

const failedResponseHandler = Http.jsonErrorResponseHandler({
  errorSchema: ErrorBody,
  errorToMessage: (error) => error.type == null ? error.message : `${error.type}: ${error.message}`
})
const successfulResponseHandler = Http.jsonResponseHandler(ImageResponse)

const maxImagesPerCall: Readonly<Record<string, number>> = { "amazon.nova-canvas-v1:0": 5 }

// upstream `getBase64Data`
const base64Of = (file: ImageFile): Effect.Effect<string, InvalidArgumentError> =>
  file.type === "url"
    ? Effect.fail(
      new InvalidArgumentError({
        argument: "files",
        message: "URL-based images are not supported for Amazon Bedrock image editing. Please provide the image data directly."
      })
    )
    : Effect.succeed(convertToBase64(file.data))

const plainHeaders = (headers: RequestHeaders.Input): Record<string, string> => {
  const out: Record<string, string> = { "content-type": "application/json" }
  const revealed = RequestHeaders.reveal(RequestHeaders.normalizeHeaders(headers))
  for (const key of Object.keys(revealed)) out[key] = revealed[key]
  return out
}

/**
 * Upstream's request body of one call.
 *
 * @since 0.1.0
 * @category utils
 */
export const requestBody = Effect.fnUntraced(function*(options: ImageCallOptions) {
  const { files, mask, n, prompt, seed, size } = options
  const [width, height] = size ? size.split("x").map(Number) : []
  const bedrock = (yield* parseProviderOptions("amazonBedrock", options.providerOptions, ImageOptions)) ??
    (yield* parseProviderOptions("bedrock", options.providerOptions, ImageOptions)) ?? {}
  const imageGenerationConfig = {
    ...(width ? { width } : {}),
    ...(height ? { height } : {}),
    ...(seed ? { seed } : {}),
    ...(n ? { numberOfImages: n } : {}),
    ...(bedrock.quality ? { quality: bedrock.quality } : {}),
    ...(bedrock.cfgScale ? { cfgScale: bedrock.cfgScale } : {})
  }
  const negativeText = bedrock.negativeText ? { negativeText: bedrock.negativeText } : {}
  const text = prompt ? { text: prompt } : {}
  if (files == null || files.length === 0) {
    return {
      taskType: "TEXT_IMAGE",
      textToImageParams: { text: prompt, ...negativeText, ...(bedrock.style ? { style: bedrock.style } : {}) },
      imageGenerationConfig
    }
  }
  const hasMask = mask != null
  const hasMaskPrompt = bedrock.maskPrompt != null
  const taskType = bedrock.taskType ?? (hasMask || hasMaskPrompt ? "INPAINTING" : "IMAGE_VARIATION")
  const source = yield* base64Of(files[0])
  const maskFields = hasMask
    ? { maskImage: yield* base64Of(mask) }
    : hasMaskPrompt
    ? { maskPrompt: bedrock.maskPrompt }
    : {}
  switch (taskType) {
    case "INPAINTING":
      return { taskType, inPaintingParams: { image: source, ...text, ...negativeText, ...maskFields }, imageGenerationConfig }
    case "OUTPAINTING":
      return {
        taskType,
        outPaintingParams: {
          image: source,
          ...text,
          ...negativeText,
          ...(bedrock.outPaintingMode ? { outPaintingMode: bedrock.outPaintingMode } : {}),
          ...maskFields
        },
        imageGenerationConfig
      }
    case "BACKGROUND_REMOVAL":
      return { taskType, backgroundRemovalParams: { image: source } }
    case "IMAGE_VARIATION": {
      const images = yield* Effect.forEach(files, base64Of)
      return {
        taskType,
        imageVariationParams: {
          images,
          ...text,
          ...negativeText,
          ...(bedrock.similarityStrength != null ? { similarityStrength: bedrock.similarityStrength } : {})
        },
        imageGenerationConfig
      }
    }
    default:
      return yield* new InvalidArgumentError({ argument: "taskType", message: `Unsupported task type: ${taskType}` })
  }
})

/**
 * Builds the model service on a given `HttpClient`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeWith = (client: HttpClient.HttpClient, config: Config): ImageModel.Service => {
  const generate = Effect.fn("AmazonBedrockImage.generate")(function*(options: ImageCallOptions) {
    const warnings: Array<Warning> = []
    const body = yield* requestBody(options)
    if (options.aspectRatio != undefined) {
      warnings.push({ type: "unsupported", feature: "aspectRatio", details: "This model does not support aspect ratio. Use `size` instead." })
    }
    const timestamp = config.currentDate?.() ?? new Date()
    const url = `${yield* config.baseURL}/model/${encodeURIComponent(config.modelId)}/invoke`
    const headers = RequestHeaders.combineHeaders(config.headers, options.headers)
    const content = yield* Effect.fromResult(WireJson.stringify(body))
    const auth = yield* config.authorize({ url, headers: plainHeaders(headers), body: content })
    const { responseHeaders, value: response } = yield* Effect.provideService(
      Http.postToApi({
        url,
        headers: { "Content-Type": "application/json", ...headers, ...auth },
        body: { content, values: body },
        successfulResponseHandler,
        failedResponseHandler
      }),
      HttpClient.HttpClient,
      client
    )
    // upstream throws plain Errors with these messages (docs/divergences.md)
    if (response.status === "Request Moderated") {
      const reasons = response.details?.["Moderation Reasons"]
      const list = Array.isArray(reasons) ? reasons : ["Unknown"]
      return yield* new InvalidResponseDataError({ data: response, message: `Amazon Bedrock request was moderated: ${list.join(", ")}` })
    }
    if (!response.images || response.images.length === 0) {
      return yield* new InvalidResponseDataError({
        data: response,
        message: "Amazon Bedrock returned no images. " + (response.status ? `Status: ${response.status}` : "")
      })
    }
    return { images: response.images, warnings, response: { timestamp, modelId: config.modelId, headers: responseHeaders } }
  })
  const canvas = config.modelId === "amazon.nova-canvas-v1:0"
  return ImageModel.make({
    provider: "amazon-bedrock",
    modelId: config.modelId,
    maxImagesPerCall: Object.hasOwn(maxImagesPerCall, config.modelId) ? maxImagesPerCall[config.modelId] : 1,
    supportsFileInputs: canvas ? true : undefined,
    supportsMaskInputs: canvas ? true : undefined,
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
