/**
 * The three constructors every provider exports, built once from the provider's `model` function:
 * `model(modelId, settings?)` (the service as an Effect), `layer(modelId, settings?)` and
 * `layerConfig(modelId, config)` (the settings from effect `Config`: a `Config` of the whole
 * settings, or a record of `Config`s per setting). Same parameter shapes in every provider, and
 * whatever `model` fails with (a missing API key: `LoadAPIKeyError`) fails building the layer.
 *
 * Generic over the service key, so that provider-utils stays below `LanguageModel` and the same
 * helper serves other model services.
 *
 * @since 0.1.0
 */
import { Config, Effect, Layer } from "effect"
import type { Context, Scope } from "effect"

/**
 * The constructors of one model API of a provider; `Args` is `[settings?: Settings]` when every
 * setting is optional, `[settings: Settings]` otherwise.
 *
 * @since 0.1.0
 * @category models
 */
export interface ModelConstructors<Args extends ReadonlyArray<unknown>, Settings, I, S, E, R> {
  /** The model for `modelId` as a service; what the settings need (an API key) is loaded here. */
  readonly model: (modelId: string, ...args: Args) => Effect.Effect<S, E, R>
  /** A layer providing the model for `modelId`. */
  readonly layer: (modelId: string, ...args: Args) => Layer.Layer<I, E, Exclude<R, Scope.Scope>>
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
): ModelConstructors<[settings?: Settings], Settings, I, S, E, R> => {
  const model = (modelId: string, settings?: Settings): Effect.Effect<S, E, R> =>
    build(modelId, settings === undefined ? defaults : settings)
  return {
    model,
    layer: (modelId, settings) => Layer.effect(key, model(modelId, settings)),
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
): ModelConstructors<[settings: Settings], Settings, I, S, E, R> => ({
  model: build,
  layer: (modelId, settings) => Layer.effect(key, build(modelId, settings)),
  layerConfig: (modelId, config) =>
    Layer.effect(key, Effect.flatMap(Config.unwrap(config), (settings) => build(modelId, settings)))
})
