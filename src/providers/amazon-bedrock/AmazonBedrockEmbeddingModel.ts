/**
 * The Bedrock embedding model (`@ai-sdk/amazon-bedrock` 5.0.101 `AmazonBedrockEmbeddingModel`) as
 * an `EmbeddingModel` service: `InvokeModel` (`/model/<id>/invoke`) with the body of the model
 * family: Titan (`inputText`, `dimensions`, `normalize`; one value per call), Cohere (`texts`,
 * `input_type` default `search_query`, `truncate`, `output_dimension`; 96 per call) and Nova
 * (`SINGLE_EMBEDDING`; one per call). The family comes from the model id unless set. Usage from
 * the body (Titan, Nova) or the `x-amzn-bedrock-input-token-count` header (Cohere). Like upstream,
 * the call's `dimensions` is not sent and no response information is returned.
 *
 * @since 0.1.0
 */
import { Effect, Schema } from "effect"
import { HttpClient } from "effect/http"
import * as EmbeddingModel from "../../EmbeddingModel.ts"
import { Embedding, type EmbeddingCallOptions, type EmbeddingResult } from "../../contract/Embedding.ts"
import type { ModelError } from "../../contract/errors/ModelError.ts"
import { TooManyEmbeddingValuesForCallError } from "../../contract/errors/TooManyEmbeddingValuesForCallError.ts"
import * as Http from "../../provider-utils/Http.ts"
import { parseProviderOptions } from "../../provider-utils/ParseProviderOptions.ts"
import * as RequestHeaders from "../../provider-utils/RequestHeaders.ts"
import type { AuthRequest } from "./AmazonBedrockLanguageModel.ts"
import { ErrorBody } from "./AmazonBedrockApi.ts"
import * as WireJson from "../../runtime/WireJson.ts"

/**
 * The embedding model families.
 *
 * @since 0.1.0
 * @category models
 */
export type ModelFamily = "titan" | "cohere" | "nova"

/**
 * Provider options (`providerOptions.amazonBedrock`, else `bedrock`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const Options = Schema.Struct({
  dimensions: Schema.optional(Schema.Literals([1024, 512, 256])),
  normalize: Schema.optional(Schema.Boolean),
  embeddingDimension: Schema.optional(Schema.Literals([256, 384, 1024, 3072])),
  embeddingPurpose: Schema.optional(Schema.Literals([
    "GENERIC_INDEX",
    "TEXT_RETRIEVAL",
    "IMAGE_RETRIEVAL",
    "VIDEO_RETRIEVAL",
    "DOCUMENT_RETRIEVAL",
    "AUDIO_RETRIEVAL",
    "GENERIC_RETRIEVAL",
    "CLASSIFICATION",
    "CLUSTERING"
  ])),
  inputType: Schema.optional(Schema.Literals(["search_document", "search_query", "classification", "clustering"])),
  truncate: Schema.optional(Schema.Literals(["NONE", "START", "END"])),
  outputDimension: Schema.optional(Schema.Literals([256, 512, 1024, 1536]))
})

/**
 * Provider options of the embedding model.
 *
 * @since 0.1.0
 * @category models
 */
export type Options = typeof Options.Type

const TitanResponse = Schema.Struct({ embedding: Embedding, inputTextTokenCount: Schema.Number })
const NovaResponse = Schema.Struct({
  embeddings: Schema.Array(Schema.Struct({ embeddingType: Schema.String, embedding: Embedding })),
  inputTokenCount: Schema.optional(Schema.Number)
})
const CohereV3Response = Schema.Struct({ embeddings: Schema.Array(Embedding) })
const CohereV4Response = Schema.Struct({ embeddings: Schema.Struct({ float: Schema.Array(Embedding) }) })
const Response = Schema.Union([TitanResponse, NovaResponse, CohereV3Response, CohereV4Response])

/**
 * Bedrock's failed-response handler (`<type>: <message>` when a type is given).
 *
 * @since 0.1.0
 * @category requests
 */
export const failedResponseHandler = Http.jsonErrorResponseHandler({
  errorSchema: ErrorBody,
  errorToMessage: (error) => error.type == null ? error.message : `${error.type}: ${error.message}`
})

/**
 * What the model needs besides the `HttpClient`.
 *
 * @since 0.1.0
 * @category models
 */
export interface Config {
  readonly modelId: string
  readonly modelFamily?: ModelFamily | undefined
  /** The runtime base URL (read per request, as upstream). */
  readonly baseURL: Effect.Effect<string, ModelError>
  readonly headers: RequestHeaders.Input
  readonly authorize: (request: AuthRequest) => Effect.Effect<RequestHeaders.Input, ModelError>
}

/**
 * Upstream `detectEmbeddingModelFamily`.
 *
 * @since 0.1.0
 * @category utils
 */
export const detectFamily = (modelId: string): ModelFamily =>
  modelId.includes("amazon.nova-") && modelId.includes("embed") ? "nova" : modelId.includes("cohere.embed-") ? "cohere" : "titan"

const plainHeaders = (headers: RequestHeaders.Input): Record<string, string> => {
  const out: Record<string, string> = { "content-type": "application/json" }
  const revealed = RequestHeaders.reveal(RequestHeaders.normalizeHeaders(headers))
  for (const key of Object.keys(revealed)) out[key] = revealed[key]
  return out
}

/**
 * A signed JSON POST to Bedrock (upstream `postJsonToApi` through the API-key or SigV4 fetch).
 *
 * @since 0.1.0
 * @category utils
 */
export const postSigned = <A, E1>(
  authorize: Config["authorize"],
  url: string,
  headers: RequestHeaders.Input,
  body: unknown,
  successfulResponseHandler: Http.ResponseHandler<A, E1>
) =>
  Effect.gen(function*() {
    const content = yield* Effect.fromResult(WireJson.stringify(body))
    const auth = yield* authorize({ url, headers: plainHeaders(headers), body: content })
    return yield* Http.postToApi({
      url,
      headers: { "Content-Type": "application/json", ...headers, ...auth },
      body: { content, values: body },
      successfulResponseHandler,
      failedResponseHandler
    })
  })

const requestBody = (family: ModelFamily, values: ReadonlyArray<string>, options: Options) =>
  family === "nova"
    ? {
      taskType: "SINGLE_EMBEDDING",
      singleEmbeddingParams: {
        embeddingPurpose: options.embeddingPurpose ?? "GENERIC_INDEX",
        embeddingDimension: options.embeddingDimension ?? 1024,
        text: { truncationMode: options.truncate ?? "END", value: values[0] }
      }
    }
    : family === "cohere"
    ? { input_type: options.inputType ?? "search_query", texts: values, truncate: options.truncate, output_dimension: options.outputDimension }
    : { inputText: values[0], dimensions: options.dimensions, normalize: options.normalize }

/**
 * Builds the model on the environment's `HttpClient`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (config: Config): Effect.Effect<EmbeddingModel.Service, never, HttpClient.HttpClient> =>
  Effect.gen(function*() {
    const client = yield* HttpClient.HttpClient
    const family = config.modelFamily ?? detectFamily(config.modelId)
    const maxEmbeddingsPerCall = family === "cohere" ? 96 : 1
    const successfulResponseHandler = Http.jsonResponseHandler(Response)
    const embed = Effect.fn("AmazonBedrockEmbedding.embed")(function*(call: EmbeddingCallOptions) {
      const values = call.values
      if (values.length > maxEmbeddingsPerCall) {
        return yield* new TooManyEmbeddingValuesForCallError({ provider: "amazon-bedrock", modelId: config.modelId, maxEmbeddingsPerCall, values })
      }
      const options = (yield* parseProviderOptions("amazonBedrock", call.providerOptions, Options)) ??
        (yield* parseProviderOptions("bedrock", call.providerOptions, Options)) ?? {}
      const url = `${yield* config.baseURL}/model/${encodeURIComponent(config.modelId)}/invoke`
      const headers = RequestHeaders.combineHeaders(config.headers, call.headers)
      const { value, responseHeaders } = yield* postSigned(config.authorize, url, headers, requestBody(family, values, options), successfulResponseHandler)
      const embeddings = embeddingsOf(value)
      const tokens = "inputTextTokenCount" in value
        ? value.inputTextTokenCount
        : "inputTokenCount" in value
        ? value.inputTokenCount ?? 0
        : Number(responseHeaders["x-amzn-bedrock-input-token-count"])
      const result: EmbeddingResult = { embeddings, usage: { tokens }, warnings: [] }
      return result
    }, Effect.provideService(HttpClient.HttpClient, client))
    return EmbeddingModel.make({
      provider: "amazon-bedrock",
      modelId: config.modelId,
      maxEmbeddingsPerCall,
      supportsParallelCalls: true,
      embed
    })
  })

// upstream's order: Titan, then an array (Nova when its first item has `embeddingType`, else
// Cohere v3), else Cohere v4
const embeddingsOf = (value: typeof Response.Type): ReadonlyArray<ReadonlyArray<number>> => {
  if ("embedding" in value) return [value.embedding]
  const embeddings = value.embeddings
  if (!isArray(embeddings)) return embeddings.float
  const first = embeddings[0]
  if (first !== undefined && !isArray(first) && "embeddingType" in first) return [first.embedding]
  return embeddings.filter(isArray)
}

const isArray = <A>(u: A): u is Extract<A, ReadonlyArray<unknown>> => Array.isArray(u)
