/**
 * The Bedrock reranking model (`@ai-sdk/amazon-bedrock` 5.0.101 `AmazonBedrockRerankingModel`) as
 * a `RerankingModel` service: the agent runtime's `/rerank` with one text query, the model ARN of
 * the region (`arn:aws:bedrock:<region>::foundation-model/<id>`), `numberOfResults` = `topN`,
 * text or JSON inline sources; provider options `nextToken` and `additionalModelRequestFields`
 * (from `amazonBedrock`, else `bedrock`). The ranking is the response's `results` as they are.
 *
 * @since 0.1.0
 */
import { Effect, Schema } from "effect"
import { HttpClient } from "effect/http"
import * as RerankingModel from "../../RerankingModel.ts"
import type { ModelError } from "../../contract/errors/ModelError.ts"
import type { RerankingCallOptions, RerankingResult } from "../../contract/Reranking.ts"
import { UnknownRecord } from "../../contract/Json.ts"
import * as Http from "../../provider-utils/Http.ts"
import { parseProviderOptions } from "../../provider-utils/ParseProviderOptions.ts"
import * as RequestHeaders from "../../provider-utils/RequestHeaders.ts"
import { postSigned } from "./AmazonBedrockEmbeddingModel.ts"
import type { AuthRequest } from "./AmazonBedrockLanguageModel.ts"

/**
 * Provider options (upstream `amazonBedrockRerankingModelOptionsSchema`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const Options = Schema.Struct({
  nextToken: Schema.optional(Schema.String),
  additionalModelRequestFields: Schema.optional(UnknownRecord)
})

/**
 * Provider options of the reranking model.
 *
 * @since 0.1.0
 * @category models
 */
export type Options = typeof Options.Type

const RerankResponse = Schema.Struct({
  results: Schema.Array(Schema.Struct({ index: Schema.Number, relevanceScore: Schema.Number })),
  nextToken: Schema.optional(Schema.String)
})

/**
 * What the model needs besides the `HttpClient`.
 *
 * @since 0.1.0
 * @category models
 */
export interface Config {
  readonly modelId: string
  /** The agent runtime base URL (read per request, as upstream). */
  readonly baseURL: Effect.Effect<string, ModelError>
  readonly region: string
  readonly headers: RequestHeaders.Input
  readonly authorize: (request: AuthRequest) => Effect.Effect<RequestHeaders.Input, ModelError>
}

/**
 * Builds the model on the environment's `HttpClient`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (config: Config): Effect.Effect<RerankingModel.Service, never, HttpClient.HttpClient> =>
  Effect.gen(function*() {
    const client = yield* HttpClient.HttpClient
    const successfulResponseHandler = Http.jsonResponseHandler(RerankResponse)
    const rerank = Effect.fn("AmazonBedrockReranking.rerank")(function*(call: RerankingCallOptions) {
      const options = (yield* parseProviderOptions("amazonBedrock", call.providerOptions, Options)) ??
        (yield* parseProviderOptions("bedrock", call.providerOptions, Options))
      const url = `${yield* config.baseURL}/rerank`
      const headers = RequestHeaders.combineHeaders(config.headers, call.headers)
      const documents = call.documents
      const sources = documents.type === "text"
        ? documents.values.map((text) => ({ type: "INLINE", inlineDocumentSource: { type: "TEXT", textDocument: { text } } }))
        : documents.values.map((jsonDocument) => ({ type: "INLINE", inlineDocumentSource: { type: "JSON", jsonDocument } }))
      const body = {
        nextToken: options?.nextToken,
        queries: [{ textQuery: { text: call.query }, type: "TEXT" }],
        rerankingConfiguration: {
          bedrockRerankingConfiguration: {
            modelConfiguration: {
              modelArn: `arn:aws:bedrock:${config.region}::foundation-model/${config.modelId}`,
              additionalModelRequestFields: options?.additionalModelRequestFields
            },
            numberOfResults: call.topN
          },
          type: "BEDROCK_RERANKING_MODEL"
        },
        sources
      }
      const { value, responseHeaders, rawValue } = yield* postSigned(config.authorize, url, headers, body, successfulResponseHandler)
      const result: RerankingResult = { ranking: value.results, response: { headers: responseHeaders, body: rawValue } }
      return result
    }, Effect.provideService(HttpClient.HttpClient, client))
    return RerankingModel.make({ provider: "amazon-bedrock", modelId: config.modelId, rerank })
  })
