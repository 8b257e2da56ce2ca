/**
 * The three constructors every provider exports, built once from the provider's `model` function:
 * `model(modelId, settings?)` (the service as an Effect), `layer(modelId, settings?)` and
 * `layerConfig(modelId, config)` (the settings from effect `Config`: a `Config` of the whole
 * settings, or a record of `Config`s per setting). Same parameter shapes in every provider, and
 * whatever `model` fails with (a missing API key: `LoadAPIKeyError`) fails building the layer.
 * Every provider's `model` and `layer` take upstream's `fetch` setting too (`CustomFetch.ts`): with
 * it, the model's requests go through that fetch and need no `HttpClient`.
 *
 * Generic over the service key, so that provider-utils stays below `LanguageModel` and the same
 * helper serves other model services.
 *
 * @since 0.1.0
 */
import { Config, Effect, Layer } from "effect"
import type { Context, Scope } from "effect"
import type { HttpClient } from "effect/http/HttpClient"
import * as CustomFetch from "./CustomFetch.ts"

/**
 * Settings with a custom `fetch`: the model needs no `HttpClient`.
 *
 * @since 0.1.0
 * @category models
 */
export type WithFetch<Settings> = Settings & { readonly fetch: CustomFetch.FetchFunction }

/**
 * The constructors of one model API of a provider; `Args` is `[settings?: Settings]` when every
 * setting is optional, `[settings: Settings]` otherwise.
 *
 * @since 0.1.0
 * @category models
 */
export interface ModelConstructors<Args extends ReadonlyArray<unknown>, Settings, I, S, E, R> {
  /** The model for `modelId` as a service; what the settings need (an API key) is loaded here. */
  readonly model: {
    (modelId: string, settings: WithFetch<Settings>): Effect.Effect<S, E, Exclude<R, HttpClient>>
    (modelId: string, ...args: Args): Effect.Effect<S, E, R>
  }
  /** A layer providing the model for `modelId`. */
  readonly layer: {
    (modelId: string, settings: WithFetch<Settings>): Layer.Layer<I, E, Exclude<R, Scope.Scope | HttpClient>>
    (modelId: string, ...args: Args): Layer.Layer<I, E, Exclude<R, Scope.Scope>>
  }
  /** A layer whose settings come from effect `Config`. */
  readonly layerConfig: (
    modelId: string,
    config: Config.Wrap<Settings>
  ) => Layer.Layer<I, E | Config.ConfigError, Exclude<R, Scope.Scope>>
}

/**
 * The constructors of a provider whose settings are all optional: `defaults` (usually `{}`) stands
 * for omitted settings.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = <Settings, I, S, E, R>(
  key: Context.Key<I, S>,
  build: (modelId: string, settings: Settings) => Effect.Effect<S, E, R>,
  defaults: NoInfer<Settings>
): ModelConstructors<[settings?: Settings & CustomFetch.Setting], Settings, I, S, E, R> => {
  function model(modelId: string, settings: WithFetch<Settings>): Effect.Effect<S, E, Exclude<R, HttpClient>>
  function model(modelId: string, settings?: Settings & CustomFetch.Setting): Effect.Effect<S, E, R>
  function model(modelId: string, settings?: Settings & CustomFetch.Setting): Effect.Effect<S, E, R> {
    return CustomFetch.provide(settings, build(modelId, settings === undefined ? defaults : settings))
  }
  function layer(modelId: string, settings: WithFetch<Settings>): Layer.Layer<I, E, Exclude<R, Scope.Scope | HttpClient>>
  function layer(modelId: string, settings?: Settings & CustomFetch.Setting): Layer.Layer<I, E, Exclude<R, Scope.Scope>>
  function layer(
    modelId: string,
    settings?: Settings & CustomFetch.Setting
  ): Layer.Layer<I, E, Exclude<R, Scope.Scope>> | Layer.Layer<I, E, Exclude<R, Scope.Scope | HttpClient>> {
    return Layer.effect(key, model(modelId, settings))
  }
  return {
    model,
    layer,
    layerConfig: (modelId, config) =>
      Layer.effect(key, Effect.flatMap(Config.unwrap(config), (settings) => build(modelId, settings)))
  }
}

/**
 * The constructors of a provider that needs settings (e.g. openai-compatible's `baseURL` and
 * `name`).
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeRequired = <Settings, I, S, E, R>(
  key: Context.Key<I, S>,
  build: (modelId: string, settings: Settings) => Effect.Effect<S, E, R>
): ModelConstructors<[settings: Settings & CustomFetch.Setting], Settings, I, S, E, R> => {
  function model(modelId: string, settings: WithFetch<Settings>): Effect.Effect<S, E, Exclude<R, HttpClient>>
  function model(modelId: string, settings: Settings & CustomFetch.Setting): Effect.Effect<S, E, R>
  function model(modelId: string, settings: Settings & CustomFetch.Setting): Effect.Effect<S, E, R> {
    return CustomFetch.provide(settings, build(modelId, settings))
  }
  function layer(modelId: string, settings: WithFetch<Settings>): Layer.Layer<I, E, Exclude<R, Scope.Scope | HttpClient>>
  function layer(modelId: string, settings: Settings & CustomFetch.Setting): Layer.Layer<I, E, Exclude<R, Scope.Scope>>
  function layer(
    modelId: string,
    settings: Settings & CustomFetch.Setting
  ): Layer.Layer<I, E, Exclude<R, Scope.Scope>> | Layer.Layer<I, E, Exclude<R, Scope.Scope | HttpClient>> {
    return Layer.effect(key, model(modelId, settings))
  }
  return {
    model,
    layer,
    layerConfig: (modelId, config) =>
      Layer.effect(key, Effect.flatMap(Config.unwrap(config), (settings) => build(modelId, settings)))
  }
}
