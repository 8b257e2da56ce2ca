/**
 * The DeepSeek chat model (`@ai-sdk/deepseek` 3.0.56, its own chat model, not openai-compatible) as a
 * `LanguageModel` service: `generate` and `stream` with upstream's request bodies, response mapping
 * and stream rules. Streaming uses the fixed tool-call tracker (see `docs/divergences.md`).
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import type * as HttpClient from "effect/http/HttpClient"
import * as Http from "../../provider-utils/Http.ts"
import type * as ChatEndpoint from "../kits/openai/ChatEndpoint.ts"
import { firstChoice } from "../kits/openai/FirstChoice.ts"
import { generatorFromContext } from "../../runtime/IdGenerator.ts"
import * as OpenAIFamilyErrorData from "../kits/openai/ErrorData.ts"
import * as StreamStart from "../../provider-utils/StreamStart.ts"
import * as LanguageModel from "../../LanguageModel.ts"
import type { CallOptions } from "../../contract/CallOptions.ts"
import type { Content } from "../../contract/Content.ts"
import type { GenerateResult } from "../../contract/Results.ts"
import type { StreamPart } from "../../contract/StreamPart.ts"
import { createLanguageModelResponseMetadata } from "../../provider-utils/ResponseMetadata.ts"
import { ChatResponse, Chunk, ErrorData } from "./DeepSeekApi.ts"
import { getArgs } from "./internal/RequestArgs.ts"
import { makeTransformer } from "./internal/StreamTransducer.ts"
import { convertUsage } from "./internal/Usage.ts"
import { mapFinishReason } from "./internal/FinishReason.ts"

/**
 * What the model needs besides the `HttpClient`: the model id and the endpoint (a base URL ending
 * in `/beta` enables prefix completion and strict tools).
 *
 * @since 0.1.0
 * @category models
 */
export interface Config {
  readonly modelId: string
  readonly baseURL: string
  readonly url: string
  readonly headersFor: ChatEndpoint.ChatEndpoint["headersFor"]
}

const failedResponseHandler = OpenAIFamilyErrorData.failedResponseHandler(ErrorData)

/**
 * Builds the model service with the `HttpClient` of the environment; the `IdGenerator` service,
 * when present, supplies generated ids.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (config: Config): Effect.Effect<LanguageModel.Service, never, HttpClient.HttpClient> =>
  Effect.gen(function*() {
    const services = yield* Effect.context<HttpClient.HttpClient>()
    const generateId = yield* generatorFromContext
    const { baseURL, headersFor, modelId, url } = config
    const provider = "deepseek.chat"
    const providerOptionsName = "deepseek"
    const argsConfig = {
      modelId,
      providerOptionsName,
      supportsAssistantPrefixCompletion: baseURL.endsWith("/beta"),
      supportsStrictToolCalls: baseURL.endsWith("/beta"),
      supportsPenaltySampling: false,
      supportsThinking: undefined,
      supportsStructuredOutputs: false
    }

    const generate = Effect.fn("DeepSeek.generate")(function*(options: CallOptions) {
      const { args, warnings } = yield* getArgs(options, argsConfig)
      const { rawValue, responseHeaders, value: response } = yield* Http.postJsonToApi({
        url,
        headers: headersFor(options),
        body: args,
        successfulResponseHandler: Http.jsonResponseHandler(ChatResponse),
        failedResponseHandler
      })
      const choice = yield* firstChoice(response, rawValue)
      const content: Array<Content> = []
      const reasoning = choice.message.reasoning_content
      if (reasoning != null && reasoning.length > 0) content.push({ type: "reasoning", text: reasoning })
      for (const toolCall of choice.message.tool_calls ?? []) {
        content.push({
          type: "tool-call",
          toolCallId: toolCall.id || generateId(),
          toolName: toolCall.function.name,
          input: toolCall.function.arguments
        })
      }
      const text = choice.message.content
      if (text != null && text.length > 0) content.push({ type: "text", text })
      const toolCalls = choice.message.tool_calls
      const result: GenerateResult = {
        content,
        finishReason: { unified: mapFinishReason(choice.finish_reason), raw: choice.finish_reason ?? undefined },
        usage: convertUsage(response.usage),
        providerMetadata: {
          [providerOptionsName]: {
            promptCacheHitTokens: response.usage?.prompt_cache_hit_tokens,
            promptCacheMissTokens: response.usage?.prompt_cache_miss_tokens,
            ...(response.object != null && { responseObject: response.object }),
            ...(choice.index != null && { choiceIndex: choice.index }),
            ...(choice.message.role != null && { messageRole: choice.message.role }),
            ...(toolCalls != null && {
              toolCallTypes: toolCalls.flatMap((toolCall) => toolCall.type != null ? [toolCall.type] : [])
            }),
            ...(choice.logprobs != null && { logprobs: choice.logprobs }),
            ...(response.system_fingerprint != null && { systemFingerprint: response.system_fingerprint })
          }
        },
        request: { body: args },
        response: { ...createLanguageModelResponseMetadata(response), headers: responseHeaders, body: rawValue },
        warnings
      }
      return result
    }, Effect.provideContext(services))

    const stream = Effect.fn("DeepSeek.stream")(function*(options: CallOptions) {
      const { args, warnings } = yield* getArgs(options, argsConfig)
      const body = { ...args, stream: true, stream_options: { include_usage: true } }
      const { responseHeaders, value: chunks } = yield* Http.postJsonToApi({
        url,
        headers: headersFor(options),
        body,
        successfulResponseHandler: Http.eventSourceResponseHandler(Chunk),
        failedResponseHandler
      })
      const start: StreamPart = { type: "stream-start", warnings }
      const parts = StreamStart.prepend(chunks, start, () =>
        makeTransformer({ includeRawChunks: options.includeRawChunks === true, generateId, providerOptionsName }))
      const response: LanguageModel.StreamResponse = {
        request: { body },
        response: { headers: responseHeaders },
        stream: parts
      }
      return response
    }, Effect.provideContext(services))

    return LanguageModel.make({
      provider,
      modelId,
      supportedUrls: { "image/*": [/^https?:\/\/.*$/] },
      generate,
      stream
    })
  })

