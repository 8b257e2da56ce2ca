/**
 * The OpenAI chat completions model (`@ai-sdk/openai` 4.0.118
 * `OpenAIChatLanguageModel`) as a `LanguageModel` service: `generate` and
 * `stream` with upstream's request bodies, response mapping and stream rules.
 *
 * @since 0.1.0
 */
import { Effect, Option, Result, Stream } from "effect"
import { HttpClient } from "effect/http"
import * as LanguageModel from "../../../LanguageModel.ts"
import { firstChoice } from "./FirstChoice.ts"
import { IdGenerator, makeRandom } from "../../../runtime/IdGenerator.ts"
import * as Http from "../../../provider-utils/Http.ts"
import * as OpenAIFamilyErrorData from "./ErrorData.ts"
import * as RequestHeaders from "../../../provider-utils/RequestHeaders.ts"
import * as StreamTransform from "../../../provider-utils/StreamTransform.ts"
import * as VersionSkew from "./VersionSkew.ts"
import type { CallOptions } from "../../../contract/CallOptions.ts"
import type { Content } from "../../../contract/Content.ts"
import type { ModelError } from "../../../contract/errors/ModelError.ts"
import type { JsonObject } from "../../../contract/Json.ts"
import type { GenerateResult } from "../../../contract/Results.ts"
import type { StreamPart } from "../../../contract/StreamPart.ts"
import { getResponseMetadata, makeTransformer, peekEarlyError } from "./internal/StreamTransducer.ts"
import { getArgs } from "./internal/RequestArgs.ts"
import { convertOpenAIChatUsage, mapOpenAIFinishReason } from "./internal/FinishReason.ts"
import { createOpenAIStreamError } from "./internal/StreamError.ts"
import { OpenAIChatChunk, OpenAIChatResponse, OpenAIErrorData } from "./OpenAIChatApi.ts"

/**
 * What a chat model needs besides the `HttpClient`.
 *
 * @since 0.1.0
 * @category models
 */
export interface Config {
  /** The provider name reported by the model, e.g. `openai.chat`. */
  readonly provider: string
  readonly modelId: string
  /** The model id sent to the API, when it differs from `modelId`. */
  readonly requestModelId?: string | undefined
  /** The chat completions URL (`<baseURL>/chat/completions`). */
  readonly url: string
  /** Headers of every request (values may be `Redacted`); call headers are merged over them. */
  readonly headers: RequestHeaders.Input
  /** Generated ids (tool calls without id, sources); upstream `generateId` when absent. */
  readonly generateId?: (() => string) | undefined
  /** The `@ai-sdk/openai` version's behaviours (default 4.0.118's; Azure: 4.0.81's). */
  readonly skew?: VersionSkew.VersionSkew | undefined
}

/**
 * URLs the model accepts directly: images over http(s).
 *
 * @since 0.1.0
 * @category constants
 */
export const supportedUrls: LanguageModel.SupportedUrls = { "image/*": [/^https?:\/\/.*$/] }

/**
 * Builds the model service on a given `HttpClient` (no environment needed).
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeWith = (client: HttpClient.HttpClient, config: Config): LanguageModel.Service => {
  const generateId = config.generateId ?? makeRandom()
  const skew = config.skew ?? VersionSkew.v4_0_118
  const headersFor = (options: CallOptions) => RequestHeaders.combineHeaders(config.headers, options.headers)
  // OpenAI keeps its own error schema (absent-or-null fields, no explicit `undefined`); the handler is the shared one.
  const failedResponseHandler = OpenAIFamilyErrorData.failedResponseHandler(OpenAIErrorData)
  const jsonResponseHandler = Http.jsonResponseHandler(OpenAIChatResponse)
  const eventSourceResponseHandler = Http.eventSourceResponseHandler(OpenAIChatChunk)

  const generate = Effect.fn("OpenAIChat.generate")(function*(options: CallOptions) {
    const { args: body, warnings } = yield* Result.match(getArgs(config, options), {
      onSuccess: Effect.succeed,
      onFailure: Effect.fail
    })
    const url = config.url
    const { responseHeaders, value: response, rawValue } = yield* Effect.provideService(
      Http.postJsonToApi({
        url,
        headers: headersFor(options),
        body,
        failedResponseHandler,
        successfulResponseHandler: jsonResponseHandler
      }),
      HttpClient.HttpClient,
      client
    )
    const choice = yield* firstChoice(response, rawValue)
    const content: Array<Content> = []
    const message = choice.message
    const text = message.content != null && message.content.length > 0 ? message.content : message.audio?.transcript
    if (text != null && text.length > 0) content.push({ type: "text", text })
    const refusal = message.refusal
    const hasRefusal = skew.refusals && refusal != null && refusal.length > 0
    if (hasRefusal) content.push({ type: "text", text: refusal })
    for (const toolCall of message.tool_calls ?? []) {
      content.push({
        type: "tool-call",
        toolCallId: toolCall.id || generateId(),
        toolName: toolCall.function.name,
        input: toolCall.function.arguments
      })
    }
    for (const annotation of message.annotations ?? []) {
      content.push({
        type: "source",
        sourceType: "url",
        id: generateId(),
        url: annotation.url_citation.url,
        title: annotation.url_citation.title
      })
    }
    const openai: { [key: string]: JsonObject[string] } = {}
    const details = response.usage?.completion_tokens_details
    if (details?.accepted_prediction_tokens != null) openai.acceptedPredictionTokens = details.accepted_prediction_tokens
    if (details?.rejected_prediction_tokens != null) openai.rejectedPredictionTokens = details.rejected_prediction_tokens
    const contentLogprobs = choice.logprobs?.content
    // 4.0.81 reports the content logprobs only
    const refusalLogprobs = skew.refusals ? choice.logprobs?.refusal : undefined
    if (contentLogprobs != null || refusalLogprobs != null) {
      openai.logprobs = [...(contentLogprobs ?? []), ...(refusalLogprobs ?? [])]
    }
    const result: GenerateResult = {
      content,
      finishReason: {
        unified: mapOpenAIFinishReason(choice.finish_reason, hasRefusal),
        raw: choice.finish_reason ?? undefined
      },
      usage: convertOpenAIChatUsage(response.usage),
      request: skew.chatRequestUrl ? { body, url } : { body },
      response: { ...getResponseMetadata(response), headers: responseHeaders, body: rawValue },
      warnings,
      providerMetadata: { openai }
    }
    return result
  })

  const stream = Effect.fn("OpenAIChat.stream")(function*(options: CallOptions) {
    const { args, warnings } = yield* Result.match(getArgs(config, options), {
      onSuccess: Effect.succeed,
      onFailure: Effect.fail
    })
    const body = { ...args, stream: true, stream_options: { include_usage: true } }
    const url = config.url
    const { responseHeaders, value: chunks } = yield* Effect.provideService(
      Http.postJsonToApi({
        url,
        headers: headersFor(options),
        body,
        failedResponseHandler,
        successfulResponseHandler: eventSourceResponseHandler
      }),
      HttpClient.HttpClient,
      client
    )
    const checked = yield* peekEarlyError(
      chunks,
      (frame) => createOpenAIStreamError({ frame, url, requestBodyValues: body, responseHeaders })
    )
    const includeRawChunks = options.includeRawChunks === true
    // The finalizer covers the whole stream: a consumer that stops right after
    // `stream-start` must still close the body peeked above.
    const parts: Stream.Stream<StreamPart, ModelError> = Stream.concat(
      Stream.succeed<StreamPart>({ type: "stream-start", warnings }),
      StreamTransform.transform(checked.stream, () => makeTransformer({ includeRawChunks, generateId, skew }))
    ).pipe(Stream.ensuring(checked.close))
    return { stream: parts, request: skew.chatRequestUrl ? { body, url } : { body }, response: { headers: responseHeaders } }
  })

  return LanguageModel.make({
    provider: config.provider,
    modelId: config.modelId,
    supportedUrls,
    generate,
    stream
  })
}

/**
 * Builds the model service with the `HttpClient` of the environment; the
 * `IdGenerator` service, when present, supplies generated ids.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (config: Config): Effect.Effect<LanguageModel.Service, never, HttpClient.HttpClient> =>
  Effect.gen(function*() {
    const client = yield* HttpClient.HttpClient
    const ids = yield* Effect.serviceOption(IdGenerator)
    return makeWith(client, {
      ...config,
      generateId: config.generateId ?? Option.getOrUndefined(Option.map(ids, (service) => service.generate))
    })
  })
