/**
 * The Cohere reranking model (`@ai-sdk/cohere` 4.0.52 `CohereRerankingModel`, the v2
 * `/rerank`) as a `RerankingModel` service: text documents as they are, object documents as
 * their JSON text (with upstream's `compatibility` warning), `top_n` = `topN`; provider options
 * `maxTokensPerDoc` and `priority`. The ranking is the response's `results` in their order.
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import * as HttpClient from "effect/http/HttpClient"
import * as RerankingModel from "../../RerankingModel.ts"
import type { RerankingCallOptions, RerankingResult } from "../../contract/Reranking.ts"
import type { Warning } from "../../contract/Warning.ts"
import * as Http from "../../provider-utils/Http.ts"
import * as JsonEndpoint from "../../provider-utils/JsonEndpoint.ts"
import { parseProviderOptions } from "../../provider-utils/ParseProviderOptions.ts"
import * as WireJson from "../../runtime/WireJson.ts"
import { RerankResponse } from "./CohereApi.ts"
import { failedResponseHandler } from "./CohereLanguageModel.ts"
import { RerankingOptions } from "./CohereOptions.ts"

/**
 * What the model needs besides the `HttpClient` (provider name upstream's `cohere.reranking`).
 *
 * @since 0.1.0
 * @category models
 */
export interface Config extends JsonEndpoint.EndpointConfig {}

const successfulResponseHandler = Http.jsonResponseHandler(RerankResponse)

/**
 * Builds the model on the environment's `HttpClient`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (config: Config): Effect.Effect<RerankingModel.Service, never, HttpClient.HttpClient> =>
  Effect.gen(function*() {
    const client = yield* HttpClient.HttpClient
    const endpoint = JsonEndpoint.make({ client, url: `${config.baseURL}/rerank`, headers: config.headers, failedResponseHandler })
    const rerank = Effect.fn("CohereReranking.rerank")(function*(call: RerankingCallOptions) {
      const options = yield* parseProviderOptions("cohere", call.providerOptions, RerankingOptions)
      const warnings: Array<Warning> = []
      const documents = call.documents
      if (documents.type === "object") {
        warnings.push({ type: "compatibility", feature: "object documents", details: "Object documents are converted to strings." })
      }
      const texts: Array<string> = []
      if (documents.type === "text") texts.push(...documents.values)
      else {
        // bounded: a document nested too deep is a JSONParseError, not a defect
        for (const document of documents.values) texts.push(yield* Effect.fromResult(WireJson.stringify(document)))
      }
      const body = {
        model: config.modelId,
        query: call.query,
        documents: texts,
        top_n: call.topN,
        max_tokens_per_doc: options?.maxTokensPerDoc,
        priority: options?.priority
      }
      const { responseHeaders, value, rawValue } = yield* endpoint.post(body, call.headers, successfulResponseHandler)
      const result: RerankingResult = {
        ranking: value.results.map((result) => ({ index: result.index, relevanceScore: result.relevance_score })),
        warnings,
        response: { id: value.id ?? undefined, headers: responseHeaders, body: rawValue }
      }
      return result
    })
    return RerankingModel.make({ provider: config.provider, modelId: config.modelId, rerank })
  })
