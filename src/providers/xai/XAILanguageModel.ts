/**
 * The xAI Responses model as a `LanguageModel` service: `generate` and
 * `stream` with upstream's request bodies, headers and response mapping
 * (upstream `XaiResponsesLanguageModel`, `@ai-sdk/xai` 5.0.12).
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import * as HttpClient from "effect/http/HttpClient"
import * as LanguageModel from "../../LanguageModel.ts"
import * as Http from "../../provider-utils/Http.ts"
import * as JsonEndpoint from "../../provider-utils/JsonEndpoint.ts"
import { createLanguageModelResponseMetadata } from "../../provider-utils/ResponseMetadata.ts"
import { makeRandom } from "../../runtime/IdGenerator.ts"
import type { CallOptions } from "../../contract/CallOptions.ts"
import type { GenerateResult } from "../../contract/Results.ts"
import { mapResponse } from "./internal/GenerateContent.ts"
import { prepareRequest } from "./internal/RequestArgs.ts"
import { makeTransducer } from "./internal/StreamTransducer.ts"
import { ErrorData, errorToMessage, ResponsesChunk, ResponsesResponse } from "./XAIApi.ts"

/**
 * Resolved model configuration (provider name upstream's `xai.responses`; requests go to
 * `${baseURL}/responses`).
 *
 * @since 0.1.0
 * @category models
 */
export interface Config extends JsonEndpoint.ModelConfig {}

/**
 * URLs the model reads itself: images, PDFs and text documents over http(s).
 *
 * @since 0.1.0
 * @category constants
 */
export const supportedUrls: LanguageModel.SupportedUrls = {
  "image/*": [/^https?:\/\/.*$/],
  "application/pdf": [/^https?:\/\/.*$/],
  "text/*": [/^https?:\/\/.*$/]
}

const failedResponseHandler = Http.jsonErrorResponseHandler({ errorSchema: ErrorData, errorToMessage })

/**
 * Builds the model service on a given `HttpClient`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeWith = (client: HttpClient.HttpClient, config: Config): LanguageModel.Service => {
  const generateId = config.generateId ?? makeRandom()
  const url = `${config.baseURL}/responses`
  const endpoint = JsonEndpoint.model({
    client,
    url,
    headers: config.headers,
    failedResponseHandler,
    response: ResponsesResponse,
    chunk: ResponsesChunk
  })

  const generate = Effect.fn("XAI.generate")(function*(options: CallOptions) {
    const { body, toolNames, warnings } = yield* prepareRequest(config.modelId, options)
    const { rawValue, responseHeaders, value: response } = yield* endpoint.generate(body, options.headers)
    const mapped = mapResponse(response, toolNames, generateId)
    const result: GenerateResult = {
      ...mapped,
      request: { body },
      response: {
        ...createLanguageModelResponseMetadata({ id: response.id, model: response.model, created: response.created_at }),
        headers: responseHeaders,
        body: rawValue
      },
      warnings
    }
    return result
  })

  const stream = Effect.fn("XAI.stream")(function*(options: CallOptions) {
    const { body, toolNames, warnings } = yield* prepareRequest(config.modelId, options)
    const includeRawChunks = options.includeRawChunks === true
    return yield* endpoint.stream({ ...body, stream: true }, options.headers, warnings, () => {
      // xAI's transducer never fails the stream (its push returns nothing)
      const transducer = makeTransducer({ warnings, includeRawChunks, toolNames, generateId })
      return {
        push: (chunk, out) => {
          transducer.push(chunk, out)
          return undefined
        },
        end: transducer.end
      }
    })
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
