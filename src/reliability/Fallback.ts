/**
 * Fallback to a second model: when the primary model's `generate` fails, or its `stream` fails
 * before the response starts, with an error the predicate accepts (by default every error), the same call
 * goes to the fallback model. A stream that already started is never switched over (that would
 * mix two models' output). The fallback's own failure is the result; the primary's is logged at
 * debug level.
 *
 * Put a {@link ReliableModel} layer under each model to retry it before falling back.
 *
 * @since 0.1.0
 */
import { Context, Effect, Layer } from "effect"
import { LanguageModel, type Service } from "../LanguageModel.ts"
import type { ModelError } from "../contract/errors/ModelError.ts"

/**
 * Options of {@link make} / {@link layer}.
 *
 * @since 0.1.0
 * @category models
 */
export interface Options {
  /** Which primary failures switch to the fallback; default all. */
  readonly when?: ((error: ModelError) => boolean) | undefined
}

/**
 * A model service that tries `primary`, then `fallback`. It reports the primary's provider and
 * model id.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (primary: Service, fallback: Service, options: Options = {}): Service => {
  const when = options.when ?? (() => true)
  const orElse = <A>(first: Effect.Effect<A, ModelError>, second: Effect.Effect<A, ModelError>) =>
    Effect.catch(first, (error) =>
      when(error)
        ? Effect.andThen(
          Effect.logDebug("aimux: primary model failed, using the fallback model", {
            provider: primary.provider,
            modelId: primary.modelId,
            error: error._tag
          }),
          second
        )
        : Effect.fail(error))
  return {
    specificationVersion: "v4",
    provider: primary.provider,
    modelId: primary.modelId,
    supportedUrls: primary.supportedUrls,
    generate: (call) => orElse(primary.generate(call), fallback.generate(call)),
    stream: (call) => orElse(primary.stream(call), fallback.stream(call))
  }
}

/**
 * A Layer over the primary `LanguageModel` that falls back to the model of `fallback`.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = <E, R>(
  fallback: Layer.Layer<LanguageModel, E, R>,
  options: Options = {}
): Layer.Layer<LanguageModel, E, LanguageModel | R> =>
  Layer.effect(
    LanguageModel,
    Effect.gen(function*() {
      const primary = yield* LanguageModel
      const context = yield* Layer.build(fallback)
      return make(primary, Context.get(context, LanguageModel), options)
    })
  )
