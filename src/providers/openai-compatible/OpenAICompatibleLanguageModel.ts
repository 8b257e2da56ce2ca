/**
 * The OpenAI-compatible chat model (`@ai-sdk/openai-compatible` 3.0.92
 * `OpenAICompatibleChatLanguageModel`) as a `LanguageModel` service: its settings, `generate` and
 * `stream` over `effect/http` with upstream's request bodies, response mapping and stream rules.
 *
 * @since 0.1.0
 */
import { Effect, Redacted, Schema } from "effect"
import type * as HttpClient from "effect/http/HttpClient"
import * as Http from "../../provider-utils/Http.ts"
import * as ChatEndpoint from "../kits/openai/ChatEndpoint.ts"
import { firstChoice } from "../kits/openai/FirstChoice.ts"
import { generatorFromContext } from "../../runtime/IdGenerator.ts"
import { errorToMessage } from "../kits/openai/ErrorData.ts"
import type { EffortLevel } from "../../provider-utils/MapReasoningToProvider.ts"
import { createLanguageModelResponseMetadata } from "../../provider-utils/ResponseMetadata.ts"
import * as StreamStart from "../../provider-utils/StreamStart.ts"
import * as LanguageModel from "../../LanguageModel.ts"
import type { CallOptions } from "../../contract/CallOptions.ts"
import type { Content } from "../../contract/Content.ts"
import type { ProviderMetadata } from "../../contract/ProviderMetadata.ts"
import type { GenerateResult } from "../../contract/Results.ts"
import type { StreamPart } from "../../contract/StreamPart.ts"
import type { Usage } from "../../contract/Usage.ts"
import type { Warning } from "../../contract/Warning.ts"
import { ChatResponse, ChunkBase, ErrorData, type TokenUsage } from "./OpenAICompatibleApi.ts"
import { getArgs } from "./internal/RequestArgs.ts"
import { convertContent } from "./internal/GenerateContent.ts"
import { makeTransformer, type StreamMetadataExtractor } from "./internal/StreamTransducer.ts"
import { convertUsage as defaultConvertUsage } from "./internal/Usage.ts"
import { mapOpenAIFamilyFinishReason } from "../kits/openai/FinishReason.ts"
import * as WireJson from "../../runtime/WireJson.ts"

/**
 * The package version upstream puts in the user agent (`ai-sdk-openai-compatible/<version>`).
 *
 * @since 0.1.0
 * @category constants
 */
export const VERSION = "3.0.92"

/**
 * Extracts provider metadata from responses (upstream `MetadataExtractor`).
 *
 * @since 0.1.0
 * @category models
 */
export interface MetadataExtractor {
  readonly extractMetadata: (options: { readonly parsedBody: unknown }) => Effect.Effect<ProviderMetadata | undefined>
  readonly createStreamExtractor: () => StreamMetadataExtractor
}

/**
 * How error bodies and error frames look (upstream `ProviderErrorStructure`).
 *
 * @since 0.1.0
 * @category models
 */
export interface ErrorStructure<T extends { readonly error: unknown }> {
  readonly errorSchema: Schema.Codec<T, unknown>
  readonly errorToMessage: (error: T) => string
  readonly isRetryable?: Http.JsonErrorOptions<T>["isRetryable"]
}

/**
 * Settings: the provider settings of `createOpenAICompatible`.
 *
 * @since 0.1.0
 * @category models
 */
export interface Settings<T extends { readonly error: unknown } = ErrorData> extends BaseSettings {
  readonly errorStructure?: ErrorStructure<T> | undefined
}

/**
 * The settings other than the error structure.
 *
 * @since 0.1.0
 * @category models
 */
export interface BaseSettings {
  /** Base URL of the API, e.g. `https://api.example.com/v1`. */
  readonly baseURL: string
  /** Provider name; the model's `provider` is `<name>.chat` and provider options/metadata use `<name>`. */
  readonly name: string
  /** Sent as `Authorization: Bearer <apiKey>` when given. */
  readonly apiKey?: Redacted.Redacted<string> | string | undefined
  readonly headers?: Readonly<Record<string, string>> | undefined
  readonly queryParams?: Readonly<Record<string, string>> | undefined
  /** Sends `stream_options: { include_usage: true }` when streaming. */
  readonly includeUsage?: boolean | undefined
  readonly supportsStructuredOutputs?: boolean | undefined
  readonly supportsMultiPartToolContent?: boolean | undefined
  readonly supportedUrls?: LanguageModel.SupportedUrls | undefined
  readonly transformRequestBody?:
    | ((args: Record<string, unknown>, warnings: Array<Warning>) => Record<string, unknown>)
    | undefined
  readonly metadataExtractor?: MetadataExtractor | undefined
  readonly convertUsage?: ((usage: TokenUsage | null | undefined) => Usage) | undefined
  readonly mapReasoning?:
    | ((options: { readonly reasoning: EffortLevel | "none"; readonly warnings: Array<Warning> }) => string | undefined)
    | undefined
}

/**
 * Upstream `defaultOpenAICompatibleErrorStructure`.
 *
 * @since 0.1.0
 * @category errors
 */
export const defaultErrorStructure: ErrorStructure<ErrorData> = { errorSchema: ErrorData, errorToMessage }

const withoutTrailingSlash = (url: string): string => url.endsWith("/") ? url.slice(0, -1) : url

/**
 * Builds the chat model for `modelId` with the `HttpClient` of the environment (and the
 * `IdGenerator` when provided).
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = <T extends { readonly error: unknown } = ErrorData>(
  modelId: string,
  settings: Settings<T>
): Effect.Effect<LanguageModel.Service, never, HttpClient.HttpClient> =>
  settings.errorStructure === undefined
    ? makeWith(modelId, settings, defaultErrorStructure)
    : makeWith(modelId, settings, settings.errorStructure)

const makeWith = <T extends { readonly error: unknown }>(
  modelId: string,
  settings: BaseSettings,
  errorStructure: ErrorStructure<T>
): Effect.Effect<LanguageModel.Service, never, HttpClient.HttpClient> =>
  Effect.gen(function*() {
    const services = yield* Effect.context<HttpClient.HttpClient>()
    const generateId = yield* generatorFromContext
    const provider = `${settings.name}.chat`
    const providerOptionsName = provider.split(".")[0].trim()
    const baseURL = withoutTrailingSlash(settings.baseURL)
    const url = (() => {
      const target = new URL(`${baseURL}/chat/completions`)
      if (settings.queryParams) target.search = new URLSearchParams({ ...settings.queryParams }).toString()
      return target.toString()
    })()
    const apiKey = settings.apiKey
    // The key is optional here: no key (or an empty string) sends no Authorization header.
    const headersFor = ChatEndpoint.headersFor(ChatEndpoint.configHeaders({
      apiKey: apiKey === undefined || apiKey === "" ? undefined : typeof apiKey === "string" ? Redacted.make(apiKey) : apiKey,
      headers: settings.headers,
      userAgentSuffix: `ai-sdk-openai-compatible/${VERSION}`
    }))
    const failedResponseHandler = Http.jsonErrorResponseHandler<T>(errorStructure)
    const chunkSchema = Schema.Union([ChunkBase, errorStructure.errorSchema])
    const convertUsage = settings.convertUsage ?? defaultConvertUsage
    const argsConfig = {
      modelId,
      providerOptionsName,
      supportsStructuredOutputs: settings.supportsStructuredOutputs ?? false,
      supportsMultiPartToolContent: settings.supportsMultiPartToolContent ?? false,
      mapReasoning: settings.mapReasoning
    }
    const transformBody = (args: Record<string, unknown>, warnings: Array<Warning>) =>
      settings.transformRequestBody?.(args, warnings) ?? args

    const generate = Effect.fn("OpenAICompatible.generate")(function*(options: CallOptions) {
      const prepared = yield* getArgs(options, argsConfig)
      const warnings = [...prepared.warnings]
      const body = transformBody(prepared.args, warnings)
      const { rawValue, responseHeaders, value: response } = yield* Http.postJsonToApi({
        url,
        headers: headersFor(options),
        body,
        successfulResponseHandler: Http.jsonResponseHandler(ChatResponse),
        failedResponseHandler
      })
      const choice = yield* firstChoice(response, rawValue)
      const metadataKey = prepared.metadataKey
      const content: Array<Content> = []
      const reasoning = choice.message.reasoning_content ?? choice.message.reasoning
      if (reasoning != null && reasoning.length > 0) content.push({ type: "reasoning", text: reasoning })
      content.push(...convertContent(choice.message.content))
      const refusal = choice.message.refusal
      const hasRefusal = typeof refusal === "string" && refusal.length > 0
      if (typeof refusal === "string" && refusal.length > 0) content.push({ type: "text", text: refusal })
      for (const toolCall of choice.message.tool_calls ?? []) {
        const thoughtSignature = toolCall.extra_content?.google?.thought_signature
        content.push({
          type: "tool-call",
          toolCallId: toolCall.id || generateId(),
          toolName: toolCall.function.name,
          input: toolCall.function.arguments,
          ...(thoughtSignature ? { providerMetadata: { [metadataKey]: { thoughtSignature } } } : {})
        })
      }
      const extracted = settings.metadataExtractor === undefined
        ? undefined
        : yield* settings.metadataExtractor.extractMetadata({ parsedBody: rawValue })
      const details = response.usage?.completion_tokens_details
      const providerMetadata: ProviderMetadata = {
        [metadataKey]: {},
        ...extracted,
        [metadataKey]: {
          ...extracted?.[metadataKey],
          ...(details?.accepted_prediction_tokens != null &&
            { acceptedPredictionTokens: details.accepted_prediction_tokens }),
          ...(details?.rejected_prediction_tokens != null &&
            { rejectedPredictionTokens: details.rejected_prediction_tokens })
        }
      }
      const result: GenerateResult = {
        content,
        finishReason: {
          unified: mapOpenAIFamilyFinishReason(choice.finish_reason, hasRefusal),
          raw: choice.finish_reason ?? undefined
        },
        usage: convertUsage(response.usage),
        providerMetadata,
        request: { body: WireJson.render(body) },
        response: {
          ...createLanguageModelResponseMetadata({ id: response.id, model: response.model, created: response.created || undefined }),
          headers: responseHeaders,
          body: rawValue
        },
        warnings
      }
      return result
    }, Effect.provideContext(services))

    const stream = Effect.fn("OpenAICompatible.stream")(function*(options: CallOptions) {
      const prepared = yield* getArgs(options, argsConfig)
      const warnings = [...prepared.warnings]
      const body = transformBody({
        ...prepared.args,
        stream: true,
        stream_options: settings.includeUsage ? { include_usage: true } : undefined
      }, warnings)
      const metadataExtractor = settings.metadataExtractor?.createStreamExtractor()
      const { responseHeaders, value: chunks } = yield* Http.postJsonToApi({
        url,
        headers: headersFor(options),
        body,
        successfulResponseHandler: Http.eventSourceResponseHandler(chunkSchema),
        failedResponseHandler
      })
      const start: StreamPart = { type: "stream-start", warnings }
      const parts = StreamStart.prepend(chunks, start, () =>
        makeTransformer<T>({
          metadataKey: prepared.metadataKey,
          includeRawChunks: options.includeRawChunks === true,
          generateId,
          convertUsage,
          metadataExtractor
        }))
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
      supportedUrls: settings.supportedUrls ?? {},
      generate,
      stream
    })
  })

