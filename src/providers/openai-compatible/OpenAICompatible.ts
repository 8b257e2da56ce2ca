/**
 * The OpenAI-compatible provider (upstream `createOpenAICompatible(...).chatModel(id)`,
 * `@ai-sdk/openai-compatible` 3.0.92): settings and the constructors of the chat model
 * (`OpenAICompatibleLanguageModel.ts`) as a `LanguageModel` service or Layer.
 *
 * @since 0.1.0
 */
import { Config, Effect, Layer } from "effect"
import type * as HttpClient from "effect/http/HttpClient"
import * as LanguageModel from "../../LanguageModel.ts"
import * as CustomFetch from "../../provider-utils/CustomFetch.ts"
import type { ErrorData } from "./OpenAICompatibleApi.ts"
import * as OpenAICompatibleLanguageModel from "./OpenAICompatibleLanguageModel.ts"
import * as EmbeddingModelNs from "../../EmbeddingModel.ts"
import * as OpenAICompatibleEmbeddingModel from "./OpenAICompatibleEmbeddingModel.ts"

/**
 * The package version upstream puts in the user agent (`ai-sdk-openai-compatible/<version>`).
 *
 * @since 0.1.0
 * @category constants
 */
export const VERSION = OpenAICompatibleLanguageModel.VERSION

/**
 * Extracts provider metadata from responses (upstream `MetadataExtractor`).
 *
 * @since 0.1.0
 * @category models
 */
export type MetadataExtractor = OpenAICompatibleLanguageModel.MetadataExtractor

/**
 * How error bodies and error frames look (upstream `ProviderErrorStructure`).
 *
 * @since 0.1.0
 * @category models
 */
export type ErrorStructure<T extends { readonly error: unknown }> = OpenAICompatibleLanguageModel.ErrorStructure<T>

/**
 * Settings: the provider settings of `createOpenAICompatible`.
 *
 * @since 0.1.0
 * @category models
 */
export type Settings<T extends { readonly error: unknown } = ErrorData> =
  & OpenAICompatibleLanguageModel.Settings<T>
  & CustomFetch.Setting

/**
 * The chat model for `modelId` as a service; needs an `HttpClient` unless `settings.fetch` is given
 * (then its requests go through that fetch), and uses `IdGenerator` when provided.
 *
 * @since 0.1.0
 * @category constructors
 */
export function model<T extends { readonly error: unknown } = ErrorData>(
  modelId: string,
  settings: Settings<T> & { readonly fetch: CustomFetch.FetchFunction }
): Effect.Effect<LanguageModel.Service>
export function model<T extends { readonly error: unknown } = ErrorData>(
  modelId: string,
  settings: Settings<T>
): Effect.Effect<LanguageModel.Service, never, HttpClient.HttpClient>
export function model<T extends { readonly error: unknown } = ErrorData>(
  modelId: string,
  settings: Settings<T>
): Effect.Effect<LanguageModel.Service, never, HttpClient.HttpClient> {
  return CustomFetch.provide(settings, OpenAICompatibleLanguageModel.make(modelId, settings))
}

/**
 * A layer providing the model for `modelId` as the `LanguageModel` service (no `HttpClient`
 * needed with `settings.fetch`).
 *
 * @since 0.1.0
 * @category layers
 */
export function layer<T extends { readonly error: unknown } = ErrorData>(
  modelId: string,
  settings: Settings<T> & { readonly fetch: CustomFetch.FetchFunction }
): Layer.Layer<LanguageModel.LanguageModel>
export function layer<T extends { readonly error: unknown } = ErrorData>(
  modelId: string,
  settings: Settings<T>
): Layer.Layer<LanguageModel.LanguageModel, never, HttpClient.HttpClient>
export function layer<T extends { readonly error: unknown } = ErrorData>(
  modelId: string,
  settings: Settings<T>
): Layer.Layer<LanguageModel.LanguageModel, never, HttpClient.HttpClient> {
  return Layer.effect(LanguageModel.LanguageModel, model(modelId, settings))
}

/**
 * A layer whose settings come from effect `Config` (a `Config` of the whole settings, or a record
 * of `Config`s per setting, e.g. `{ baseURL: Config.String("BASE_URL"), name: Config.succeed("acme"),
 * apiKey: Config.Redacted("ACME_API_KEY") }`; upstream reads no environment variable here).
 *
 * @since 0.1.0
 * @category layers
 */
export const layerConfig = (
  modelId: string,
  config: Config.Wrap<Settings>
): Layer.Layer<LanguageModel.LanguageModel, Config.ConfigError, HttpClient.HttpClient> =>
  Layer.effect(LanguageModel.LanguageModel, Effect.flatMap(Config.unwrap(config), (settings) => model(modelId, settings)))

/**
 * The embedding model for `modelId` (upstream `provider.embeddingModel(modelId)`): provider
 * `<name>.embedding`, `<baseURL>/embeddings`; no `HttpClient` needed with `settings.fetch`.
 *
 * @since 0.1.0
 * @category constructors
 */
export function embedding<T extends { readonly error: unknown } = ErrorData>(
  modelId: string,
  settings: OpenAICompatibleEmbeddingModel.Settings<T> & { readonly fetch: CustomFetch.FetchFunction }
): Effect.Effect<EmbeddingModelNs.Service>
export function embedding<T extends { readonly error: unknown } = ErrorData>(
  modelId: string,
  settings: OpenAICompatibleEmbeddingModel.Settings<T> & CustomFetch.Setting
): Effect.Effect<EmbeddingModelNs.Service, never, HttpClient.HttpClient>
export function embedding<T extends { readonly error: unknown } = ErrorData>(
  modelId: string,
  settings: OpenAICompatibleEmbeddingModel.Settings<T> & CustomFetch.Setting
): Effect.Effect<EmbeddingModelNs.Service, never, HttpClient.HttpClient> {
  return CustomFetch.provide(settings, OpenAICompatibleEmbeddingModel.make(modelId, settings))
}

/**
 * A layer providing {@link embedding} as the `EmbeddingModel` service.
 *
 * @since 0.1.0
 * @category layers
 */
export const embeddingLayer = <T extends { readonly error: unknown } = ErrorData>(
  modelId: string,
  settings: OpenAICompatibleEmbeddingModel.Settings<T> & CustomFetch.Setting
): Layer.Layer<EmbeddingModelNs.EmbeddingModel, never, HttpClient.HttpClient> =>
  Layer.effect(EmbeddingModelNs.EmbeddingModel, embedding(modelId, settings))
