/**
 * The Groq chat model (`@ai-sdk/groq` 4.0.84 `GroqChatLanguageModel`) as a `LanguageModel`
 * service: `generate` and `stream` with upstream's request bodies, response mapping and stream rules.
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import type * as HttpClient from "effect/http/HttpClient"
import type * as ChatEndpoint from "../kits/openai/ChatEndpoint.ts"
import * as Http from "../../provider-utils/Http.ts"
import { firstChoice } from "../kits/openai/FirstChoice.ts"
import { generatorFromContext } from "../../runtime/IdGenerator.ts"
import * as OpenAIFamilyErrorData from "../kits/openai/ErrorData.ts"
import * as StreamStart from "../../provider-utils/StreamStart.ts"
import * as StreamTransform from "../../provider-utils/StreamTransform.ts"
import * as LanguageModel from "../../LanguageModel.ts"
import type { CallOptions } from "../../contract/CallOptions.ts"
import type { Content } from "../../contract/Content.ts"
import type { GenerateResult } from "../../contract/Results.ts"
import type { StreamPart } from "../../contract/StreamPart.ts"
import { createLanguageModelResponseMetadata } from "../../provider-utils/ResponseMetadata.ts"
import { ChatResponse, Chunk, ErrorData } from "./GroqApi.ts"
import { getArgs } from "./internal/RequestArgs.ts"
import { makeJsonResponseToolTransformer, makeTransformer } from "./internal/StreamTransducer.ts"
import { mapOpenAIFamilyFinishReason } from "../kits/openai/FinishReason.ts"
import { convertUsage } from "./internal/Usage.ts"
import * as WireJson from "../../runtime/WireJson.ts"

/**
 * What the model needs besides the `HttpClient`: the model id and the endpoint.
 *
 * @since 0.1.0
 * @category models
 */
export interface Config {
  readonly modelId: string
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
    const { headersFor, modelId, url } = config

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
        request: { body: WireJson.render(args) }
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
        request: { body: WireJson.render(body) },
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

