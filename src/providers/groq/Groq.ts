/**
 * The Groq chat model as a `LanguageModel` (upstream `createGroq()(id)`,
 * `@ai-sdk/groq` 4.0.84): settings, `generate` and `stream` over `effect/http`.
 *
 * @since 0.1.0
 */
import { Config, Effect, Layer } from "effect"
import type * as HttpClient from "effect/http/HttpClient"
import * as Http from "../../provider-utils/Http.ts"
import * as ChatEndpoint from "../openai-family/ChatEndpoint.ts"
import { firstChoice } from "../openai-family/FirstChoice.ts"
import { generatorFromContext } from "../../runtime/IdGenerator.ts"
import * as OpenAIFamilyErrorData from "../openai-family/ErrorData.ts"
import * as StreamStart from "../../provider-utils/StreamStart.ts"
import * as StreamTransform from "../../provider-utils/StreamTransform.ts"
import * as LanguageModel from "../../LanguageModel.ts"
import type { CallOptions } from "../../spec/CallOptions.ts"
import type { Content } from "../../spec/Content.ts"
import type { LoadAPIKeyError } from "../../spec/errors/LoadAPIKeyError.ts"
import type { GenerateResult } from "../../spec/Results.ts"
import type { StreamPart } from "../../spec/StreamPart.ts"
import { createLanguageModelResponseMetadata } from "../../provider-utils/ResponseMetadata.ts"
import { ChatResponse, Chunk, ErrorData } from "./internal/GroqApi.ts"
import { getArgs } from "./internal/GroqArgs.ts"
import { makeJsonResponseToolTransformer, makeTransformer } from "./internal/GroqStream.ts"
import { mapOpenAIFamilyFinishReason } from "../openai-family/FinishReason.ts"
import { convertUsage } from "./internal/GroqUsage.ts"

/**
 * The package version upstream puts in the user agent (`ai-sdk-groq/<version>`).
 *
 * @since 0.1.0
 */
export const VERSION = "4.0.84"

/**
 * Settings (upstream `GroqProviderSettings`). `baseURL`
 * defaults to `https://api.groq.com/openai/v1`, `apiKey` to the
 * `GROQ_API_KEY` config value.
 *
 * @since 0.1.0
 */
export interface Settings extends ChatEndpoint.KeyedSettings {}

const failedResponseHandler = OpenAIFamilyErrorData.failedResponseHandler(ErrorData)

/**
 * The chat model for `modelId` as a service; the API key is loaded when the model is built.
 *
 * @since 0.2.0
 */
export const model = (
  modelId: string,
  settings: Settings = {}
): Effect.Effect<LanguageModel.Service, LoadAPIKeyError, HttpClient.HttpClient> =>
  Effect.gen(function*() {
    const services = yield* Effect.context<HttpClient.HttpClient>()
    const generateId = yield* generatorFromContext
    const { headersFor, url } = yield* ChatEndpoint.withRequiredKey(settings, {
      defaultBaseURL: "https://api.groq.com/openai/v1",
      environmentVariableName: "GROQ_API_KEY",
      description: "Groq",
      userAgentSuffix: `ai-sdk-groq/${VERSION}`
    })

    const generate = Effect.fn("Groq.generate")(function*(options: CallOptions) {
      const { args, jsonResponseToolName, warnings } = yield* getArgs(options, modelId)
      const { rawValue, responseHeaders, value: response } = yield* Http.postJsonToApi({
        url,
        headers: headersFor(options),
        body: args,
        successfulResponseHandler: Http.jsonResponseHandler(ChatResponse),
        failedResponseHandler
      })
      const choice = yield* firstChoice(response, rawValue)
      const content: Array<Content> = []
      const reasoning = choice.message.reasoning
      if (reasoning != null && reasoning.length > 0) content.push({ type: "reasoning", text: reasoning })
      const text = choice.message.content
      if (jsonResponseToolName == null && text != null && text.length > 0) content.push({ type: "text", text })
      for (const toolCall of choice.message.tool_calls ?? []) {
        if (toolCall.function.name === jsonResponseToolName) {
          content.push({ type: "text", text: toolCall.function.arguments })
        } else {
          content.push({
            type: "tool-call",
            toolCallId: toolCall.id || generateId(),
            toolName: toolCall.function.name,
            input: toolCall.function.arguments
          })
        }
      }
      const result: GenerateResult = {
        content,
        finishReason: {
          unified: jsonResponseToolName != null && content.some((part) => part.type === "text") &&
              !content.some((part) => part.type === "tool-call") && choice.finish_reason === "tool_calls"
            ? "stop"
            : mapOpenAIFamilyFinishReason(choice.finish_reason),
          raw: choice.finish_reason ?? undefined
        },
        usage: convertUsage(response.usage),
        response: { ...createLanguageModelResponseMetadata(response), headers: responseHeaders, body: rawValue },
        warnings,
        request: { body: JSON.stringify(args) }
      }
      return result
    }, Effect.provideContext(services))

    const stream = Effect.fn("Groq.stream")(function*(options: CallOptions) {
      const { args, jsonResponseToolName, warnings } = yield* getArgs(options, modelId)
      const body = { ...args, stream: true }
      const { responseHeaders, value: chunks } = yield* Http.postJsonToApi({
        url,
        headers: headersFor(options),
        body,
        successfulResponseHandler: Http.eventSourceResponseHandler(Chunk),
        failedResponseHandler
      })
      const start: StreamPart = { type: "stream-start", warnings }
      const parts = StreamStart.prepend(chunks, start, () =>
        makeTransformer({ includeRawChunks: options.includeRawChunks === true, generateId }))
      const response: LanguageModel.StreamResponse = {
        request: { body: JSON.stringify(body) },
        response: { headers: responseHeaders },
        stream: jsonResponseToolName == null
          ? parts
          : StreamTransform.transform(parts, () => makeJsonResponseToolTransformer(jsonResponseToolName))
      }
      return response
    }, Effect.provideContext(services))

    return LanguageModel.make({
      provider: "groq.chat",
      modelId,
      supportedUrls: { "image/*": [/^https?:\/\/.*$/] },
      generate,
      stream
    })
  })

/**
 * A layer providing the model for `modelId` as the `LanguageModel` service.
 *
 * @since 0.1.0
 */
export const layer = (
  modelId: string,
  settings: Settings = {}
): Layer.Layer<LanguageModel.LanguageModel, LoadAPIKeyError, HttpClient.HttpClient> =>
  Layer.effect(LanguageModel.LanguageModel, model(modelId, settings))

/**
 * A layer whose settings come from effect `Config`, e.g. `{ apiKey: Config.Redacted("GROQ_API_KEY") }`
 * (a `Config` of the whole settings, or a record of `Config`s per setting).
 *
 * @since 0.2.0
 */
export const layerConfig = (
  modelId: string,
  config: Config.Wrap<Settings>
): Layer.Layer<LanguageModel.LanguageModel, LoadAPIKeyError | Config.ConfigError, HttpClient.HttpClient> =>
  Layer.effect(LanguageModel.LanguageModel, Effect.flatMap(Config.unwrap(config), (settings) => model(modelId, settings)))
