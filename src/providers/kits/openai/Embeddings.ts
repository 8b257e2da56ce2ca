/**
 * The OpenAI-style `/embeddings` endpoint as an `EmbeddingModel` service, shared by
 * `OpenAIEmbeddingModel` (`@ai-sdk/openai` 4.0.118) and `OpenAICompatibleEmbeddingModel`
 * (`@ai-sdk/openai-compatible` 3.0.92): the body `{ model, input, encoding_format, dimensions,
 * user }`, embeddings from `data[].embedding`, usage from `usage.prompt_tokens`, the raw body as
 * `response.body`.
 *
 * One aimux extension: the provider option `encodingFormat: "base64"` asks the API for base64
 * little-endian float32 vectors and decodes them (a fraction of the bytes and of the parse cost
 * of decimal floats); upstream always sends `"float"` and ignores the unknown option.
 *
 * @since 0.1.0
 */
import { Effect, Schema } from "effect"
import type { HttpClient } from "effect/http"
import type * as HttpClientError from "effect/http/HttpClientError"
import * as EmbeddingModel from "../../../EmbeddingModel.ts"
import type { EmbeddingCallOptions, EmbeddingResult } from "../../../contract/Embedding.ts"
import { Embedding } from "../../../contract/Embedding.ts"
import type { APICallError } from "../../../contract/errors/APICallError.ts"
import { InvalidResponseDataError } from "../../../contract/errors/InvalidResponseDataError.ts"
import { TooManyEmbeddingValuesForCallError } from "../../../contract/errors/TooManyEmbeddingValuesForCallError.ts"
import { ProviderMetadata as ProviderMetadataSchema } from "../../../contract/ProviderMetadata.ts"
import type { ProviderMetadata, ProviderOptions } from "../../../contract/ProviderMetadata.ts"
import type { Warning } from "../../../contract/Warning.ts"
import { decodeBase64 } from "../../../provider-utils/Base64.ts"
import * as Http from "../../../provider-utils/Http.ts"
import * as RequestHeaders from "../../../provider-utils/RequestHeaders.ts"

/**
 * The options the endpoint reads from provider options (upstream's `dimensions` and `user`, and
 * aimux's `encodingFormat`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const EmbeddingOptions = Schema.Struct({
  dimensions: Schema.optional(Schema.Number),
  user: Schema.optional(Schema.String),
  encodingFormat: Schema.optional(Schema.Literals(["float", "base64"]))
})

/**
 * The endpoint's provider options.
 *
 * @since 0.1.0
 * @category models
 */
export type EmbeddingOptions = typeof EmbeddingOptions.Type

const Vector = Schema.Union([Embedding, Schema.String])

/**
 * The response (the fields upstream reads; `providerMetadata` only for openai-compatible).
 *
 * @since 0.1.0
 * @category schemas
 */
export const EmbeddingResponse = Schema.Struct({
  data: Schema.Array(Schema.Struct({ embedding: Vector })),
  usage: Schema.optional(Schema.NullOr(Schema.Struct({ prompt_tokens: Schema.Number }))),
  providerMetadata: Schema.optional(ProviderMetadataSchema)
})

/**
 * What an endpoint model needs besides the `HttpClient`.
 *
 * @since 0.1.0
 * @category models
 */
export interface Config {
  readonly provider: string
  readonly modelId: string
  readonly url: string
  readonly headers: RequestHeaders.Input
  readonly maxEmbeddingsPerCall: number
  readonly supportsParallelCalls: boolean
  readonly maxInputBytesPerCall?: number | undefined
  readonly failedResponseHandler: Http.ResponseHandler<APICallError, HttpClientError.HttpClientError>
  /** The provider options and warnings of a call (each provider has its own namespaces). */
  readonly options: (providerOptions: ProviderOptions | undefined) => Effect.Effect<
    { readonly options: EmbeddingOptions; readonly warnings: ReadonlyArray<Warning> },
    EmbeddingModel.EmbeddingError
  >
  /** Check the value count before the options (OpenAI) or after (openai-compatible). */
  readonly countBeforeOptions: boolean
  /** Pass `providerMetadata` of the response through (openai-compatible). */
  readonly passProviderMetadata: boolean
  /** Whether the call's `dimensions` is sent when the options have none (default true; `@ai-sdk/openai` 4.0.81: no). */
  readonly callDimensions?: boolean | undefined
}

const float32 = (base64: string): ReadonlyArray<number> | undefined => {
  const bytes = decodeBase64(base64)
  if (bytes === undefined || bytes.length % 4 !== 0) return undefined
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const out = new Array<number>(bytes.length / 4)
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(i * 4, true)
  return out
}

const toVectors = (
  data: ReadonlyArray<{ readonly embedding: ReadonlyArray<number> | string }>,
  raw: unknown
): Effect.Effect<Array<ReadonlyArray<number>>, InvalidResponseDataError> => {
  const out: Array<ReadonlyArray<number>> = new Array(data.length)
  for (let i = 0; i < data.length; i++) {
    const embedding = data[i].embedding
    if (typeof embedding !== "string") {
      out[i] = embedding
      continue
    }
    const decoded = float32(embedding)
    if (decoded === undefined) {
      return Effect.fail(new InvalidResponseDataError({ data: raw, message: `Invalid base64 embedding at index ${i}.` }))
    }
    out[i] = decoded
  }
  return Effect.succeed(out)
}

/**
 * Builds the endpoint model on the environment's `HttpClient`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (config: Config): Effect.Effect<EmbeddingModel.Service, never, HttpClient.HttpClient> =>
  Effect.gen(function*() {
    const services = yield* Effect.context<HttpClient.HttpClient>()
    const successfulResponseHandler = Http.jsonResponseHandler(EmbeddingResponse)
    const tooMany = (values: ReadonlyArray<string>) =>
      values.length > config.maxEmbeddingsPerCall
        ? Effect.fail(
          new TooManyEmbeddingValuesForCallError({
            provider: config.provider,
            modelId: config.modelId,
            maxEmbeddingsPerCall: config.maxEmbeddingsPerCall,
            values
          })
        )
        : Effect.void
    const embed = Effect.fn("OpenAIEmbeddings.embed")(function*(call: EmbeddingCallOptions) {
      if (config.countBeforeOptions) yield* tooMany(call.values)
      const { options, warnings } = yield* config.options(call.providerOptions)
      if (!config.countBeforeOptions) yield* tooMany(call.values)
      const { responseHeaders, value, rawValue } = yield* Http.postJsonToApi({
        url: config.url,
        headers: RequestHeaders.combineHeaders(config.headers, call.headers),
        body: {
          model: config.modelId,
          input: call.values,
          encoding_format: options.encodingFormat ?? "float",
          dimensions: options.dimensions ?? (config.callDimensions === false ? undefined : call.dimensions),
          user: options.user
        },
        failedResponseHandler: config.failedResponseHandler,
        successfulResponseHandler
      })
      const embeddings = yield* toVectors(value.data, rawValue)
      const providerMetadata: ProviderMetadata | undefined = config.passProviderMetadata ? value.providerMetadata : undefined
      const result: EmbeddingResult = {
        warnings,
        embeddings,
        ...(value.usage != null ? { usage: { tokens: value.usage.prompt_tokens } } : {}),
        ...(providerMetadata !== undefined ? { providerMetadata } : {}),
        response: { headers: responseHeaders, body: rawValue }
      }
      return result
    }, Effect.provideContext(services))
    return EmbeddingModel.make({
      provider: config.provider,
      modelId: config.modelId,
      maxEmbeddingsPerCall: config.maxEmbeddingsPerCall,
      supportsParallelCalls: config.supportsParallelCalls,
      maxInputBytesPerCall: config.maxInputBytesPerCall,
      embed
    })
  })
