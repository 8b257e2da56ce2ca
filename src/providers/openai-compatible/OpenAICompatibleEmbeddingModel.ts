/**
 * The openai-compatible embedding model (`@ai-sdk/openai-compatible` 3.0.92
 * `OpenAICompatibleEmbeddingModel`) as an `EmbeddingModel` service: `<baseURL>/embeddings` (with
 * the query parameters), 2048 values per call and parallel calls unless configured; provider
 * options merged from the deprecated `openai-compatible` key (with a `deprecated` warning),
 * `openaiCompatible` and the provider's own name (a non-camelCase name gets the deprecation
 * warning too); the response's `providerMetadata` passed through.
 *
 * @since 0.1.0
 */
import { Effect, Redacted } from "effect"
import type { HttpClient } from "effect/http"
import type * as EmbeddingModel from "../../EmbeddingModel.ts"
import type { ProviderOptions } from "../../contract/ProviderMetadata.ts"
import type { Warning } from "../../contract/Warning.ts"
import * as ChatEndpoint from "../kits/openai/ChatEndpoint.ts"
import * as Embeddings from "../kits/openai/Embeddings.ts"
import * as Http from "../../provider-utils/Http.ts"
import { parseProviderOptions } from "../../provider-utils/ParseProviderOptions.ts"
import type { ErrorData } from "./OpenAICompatibleApi.ts"
import * as OpenAICompatibleLanguageModel from "./OpenAICompatibleLanguageModel.ts"

/**
 * Settings of the embedding model: the provider settings, and upstream's config overrides.
 *
 * @since 0.1.0
 * @category models
 */
export interface Settings<T extends { readonly error: unknown } = ErrorData> {
  readonly baseURL: string
  readonly name: string
  readonly apiKey?: Redacted.Redacted<string> | string | undefined
  readonly headers?: Readonly<Record<string, string>> | undefined
  readonly queryParams?: Readonly<Record<string, string>> | undefined
  readonly errorStructure?: OpenAICompatibleLanguageModel.ErrorStructure<T> | undefined
  /** Default 2048. */
  readonly maxEmbeddingsPerCall?: number | undefined
  /** Default `true`. */
  readonly supportsParallelCalls?: boolean | undefined
}

const toCamelCase = (str: string): string => str.replace(/[_-]([a-z])/g, (g) => g[1].toUpperCase())

const withoutTrailingSlash = (url: string): string => url.endsWith("/") ? url.slice(0, -1) : url

const optionsFor = (rawName: string) =>
(providerOptions: ProviderOptions | undefined) =>
  Effect.gen(function*() {
    const warnings: Array<Warning> = []
    const deprecated = yield* parseProviderOptions("openai-compatible", providerOptions, Embeddings.EmbeddingOptions)
    if (deprecated != null) {
      warnings.push({ type: "deprecated", setting: "providerOptions key 'openai-compatible'", message: "Use 'openaiCompatible' instead." })
    }
    const camelName = toCamelCase(rawName)
    if (camelName !== rawName && providerOptions?.[rawName] != null) {
      warnings.push({ type: "deprecated", setting: `providerOptions key '${rawName}'`, message: `Use '${camelName}' instead.` })
    }
    const options: Embeddings.EmbeddingOptions = {
      ...deprecated,
      ...(yield* parseProviderOptions("openaiCompatible", providerOptions, Embeddings.EmbeddingOptions)),
      ...(yield* parseProviderOptions(rawName, providerOptions, Embeddings.EmbeddingOptions))
    }
    return { options, warnings }
  })

/**
 * Builds the embedding model for `modelId` on the environment's `HttpClient`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = <T extends { readonly error: unknown } = ErrorData>(
  modelId: string,
  settings: Settings<T>
): Effect.Effect<EmbeddingModel.Service, never, HttpClient.HttpClient> => {
  const provider = `${settings.name}.embedding`
  const target = new URL(`${withoutTrailingSlash(settings.baseURL)}/embeddings`)
  if (settings.queryParams) target.search = new URLSearchParams({ ...settings.queryParams }).toString()
  const apiKey = settings.apiKey
  const failedResponseHandler = settings.errorStructure === undefined
    ? Http.jsonErrorResponseHandler(OpenAICompatibleLanguageModel.defaultErrorStructure)
    : Http.jsonErrorResponseHandler(settings.errorStructure)
  return Embeddings.make({
    provider,
    modelId,
    url: target.toString(),
    headers: ChatEndpoint.configHeaders({
      apiKey: apiKey === undefined || apiKey === "" ? undefined : typeof apiKey === "string" ? Redacted.make(apiKey) : apiKey,
      headers: settings.headers,
      userAgentSuffix: `ai-sdk-openai-compatible/${OpenAICompatibleLanguageModel.VERSION}`
    }),
    maxEmbeddingsPerCall: settings.maxEmbeddingsPerCall ?? 2048,
    supportsParallelCalls: settings.supportsParallelCalls ?? true,
    failedResponseHandler,
    options: optionsFor(provider.split(".")[0].trim()),
    countBeforeOptions: false,
    passProviderMetadata: true
  })
}
