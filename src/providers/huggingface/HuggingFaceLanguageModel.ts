/**
 * The Hugging Face Responses model (the router's `/responses`) as a
 * `LanguageModel` service: `generate` and `stream` with upstream's request
 * bodies and response mapping (upstream `HuggingFaceResponsesLanguageModel`,
 * `@ai-sdk/huggingface` 2.0.48).
 *
 * @since 0.1.0
 */
import { Effect, Predicate } from "effect"
import * as HttpClient from "effect/http/HttpClient"
import * as LanguageModel from "../../LanguageModel.ts"
import * as Http from "../../provider-utils/Http.ts"
import * as JsonEndpoint from "../../provider-utils/JsonEndpoint.ts"
import { makeRandom } from "../../runtime/IdGenerator.ts"
import type { CallOptions } from "../../contract/CallOptions.ts"
import { APICallError } from "../../contract/errors/APICallError.ts"
import type { GenerateResult } from "../../contract/Results.ts"
import { Envelope, ErrorData, Response } from "./HuggingFaceApi.ts"
import { mapContent } from "./internal/GenerateContent.ts"
import { getArgs } from "./internal/RequestArgs.ts"
import { makeTransducer } from "./internal/StreamTransducer.ts"
import { convertUsage } from "./internal/Usage.ts"
import { mapFinishReason } from "./internal/FinishReason.ts"
import * as WireJson from "../../runtime/WireJson.ts"

/**
 * Resolved model configuration (provider name upstream's `huggingface.responses`; requests go to
 * `${baseURL}/responses`).
 *
 * @since 0.1.0
 * @category models
 */
export interface Config extends JsonEndpoint.ModelConfig {}

/**
 * URLs the model reads itself: images over http(s).
 *
 * @since 0.1.0
 * @category constants
 */
export const supportedUrls: LanguageModel.SupportedUrls = { "image/*": [/^https?:\/\/.*$/] }

const failedResponseHandler = Http.jsonErrorResponseHandler({
  errorSchema: ErrorData,
  errorToMessage: (data) => data.error.message
})

/**
 * Builds the model service on a given `HttpClient`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeWith = (client: HttpClient.HttpClient, config: Config): LanguageModel.Service => {
  const generateId = config.generateId ?? makeRandom()
  const url = `${config.baseURL}/responses`
  const endpoint = JsonEndpoint.model({ client, url, headers: config.headers, failedResponseHandler, response: Response, chunk: Envelope })

  const generate = Effect.fn("HuggingFace.generate")(function*(options: CallOptions) {
    const { body: args, warnings } = yield* getArgs(config.modelId, options)
    const body = { ...args, stream: false }
    const { rawValue, responseHeaders, value: response } = yield* endpoint.generate(body, options.headers)
    // A 200 whose body reports an error is a failed call, as upstream (which
    // puts the parsed body in `responseBody`; aimux puts its JSON text).
    if (response.error) {
      return yield* new APICallError({
        message: Predicate.isObject(response.error) && typeof Reflect.get(response.error, "message") === "string"
          ? String(Reflect.get(response.error, "message"))
          : "",
        url,
        requestBodyValues: body,
        statusCode: 400,
        responseHeaders,
        responseBody: WireJson.render(rawValue),
        isRetryable: false
      })
    }
    const reason = response.incomplete_details?.reason
    const result: GenerateResult = {
      content: mapContent(response, generateId),
      finishReason: { unified: mapFinishReason(reason ?? "stop"), raw: reason ?? undefined },
      usage: convertUsage(response.usage),
      request: { body },
      response: {
        id: response.id,
        timestamp: new Date(response.created_at * 1000),
        modelId: response.model,
        headers: responseHeaders,
        body: rawValue
      },
      providerMetadata: { huggingface: { responseId: response.id } },
      warnings
    }
    return result
  })

  const stream = Effect.fn("HuggingFace.stream")(function*(options: CallOptions) {
    const { body, warnings } = yield* getArgs(config.modelId, options)
    return yield* endpoint.stream({ ...body, stream: true }, options.headers, warnings, makeTransducer)
  })

  return LanguageModel.make({ provider: config.provider, modelId: config.modelId, supportedUrls, generate, stream })
}

/**
 * Builds the model service with the `HttpClient` of the environment; the
 * `IdGenerator` service, when present, supplies generated ids.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (config: Config): Effect.Effect<LanguageModel.Service, never, HttpClient.HttpClient> =>
  JsonEndpoint.withEnvironment(config, makeWith)
