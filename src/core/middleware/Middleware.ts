/**
 * Language-model middleware (upstream `LanguageModelV4Middleware` and `wrapLanguageModel`): a
 * middleware maps one {@link LanguageModel} service to another.
 *
 * - `transformParams` rewrites the call options before `generate` / `stream` (told which);
 * - `wrapGenerate` / `wrapStream` receive the inner model's `doGenerate` and `doStream` as Effects
 *   over the transformed options (either may be used: simulated streaming calls `doGenerate`);
 * - `overrideProvider`, `overrideModelId`, `overrideSupportedUrls` change what the wrapped model
 *   reports; the `modelId` / `providerId` options of {@link wrap} win over them, as upstream.
 *
 * Several middlewares apply in upstream's order: the first transforms the options first, the
 * last is wrapped directly around the model. A middleware that needs services (a cache, a
 * guardrail service) declares them in `R`; {@link layer} takes them from the context it is built in.
 *
 * @since 0.1.0
 */
import { Context, Effect, Layer } from "effect"
import { LanguageModel, type Service, type StreamResponse, type SupportedUrls } from "../../LanguageModel.ts"
import type { CallOptions } from "../../contract/CallOptions.ts"
import type { ModelError } from "../../contract/errors/ModelError.ts"
import type { GenerateResult } from "../../contract/Results.ts"

/**
 * What `transformParams` receives.
 *
 * @since 0.1.0
 * @category models
 */
export interface TransformParamsOptions {
  readonly params: CallOptions
  readonly type: "generate" | "stream"
  /** The model this middleware wraps (the next middleware inward, or the model itself). */
  readonly model: Service
}

/**
 * What `wrapGenerate` / `wrapStream` receive.
 *
 * @since 0.1.0
 * @category models
 */
export interface WrapOptions {
  /** The inner model's `generate` over the transformed options. */
  readonly doGenerate: Effect.Effect<GenerateResult, ModelError>
  /** The inner model's `stream` over the transformed options. */
  readonly doStream: Effect.Effect<StreamResponse, ModelError>
  /** The transformed options. */
  readonly params: CallOptions
  readonly model: Service
}

/**
 * A language-model middleware; `R` are the services its effects need.
 *
 * @since 0.1.0
 * @category models
 */
export interface Middleware<R = never> {
  readonly transformParams?: ((options: TransformParamsOptions) => Effect.Effect<CallOptions, ModelError, R>) | undefined
  readonly wrapGenerate?: ((options: WrapOptions) => Effect.Effect<GenerateResult, ModelError, R>) | undefined
  readonly wrapStream?: ((options: WrapOptions) => Effect.Effect<StreamResponse, ModelError, R>) | undefined
  readonly overrideProvider?: ((options: { readonly model: Service }) => string) | undefined
  readonly overrideModelId?: ((options: { readonly model: Service }) => string) | undefined
  readonly overrideSupportedUrls?:
    | ((options: { readonly model: Service }) => SupportedUrls | Effect.Effect<SupportedUrls>)
    | undefined
}

/**
 * Options of {@link wrap} besides the middleware (upstream's `modelId` / `providerId`).
 *
 * @since 0.1.0
 * @category models
 */
export interface WrapModelOptions {
  readonly modelId?: string | undefined
  readonly providerId?: string | undefined
}

/**
 * One middleware or several (first = outermost).
 *
 * @since 0.1.0
 * @category models
 */
export type Middlewares<R = never> = Middleware<R> | ReadonlyArray<Middleware<R>>

const isMany = <R>(middleware: Middlewares<R>): middleware is ReadonlyArray<Middleware<R>> => Array.isArray(middleware)

const asArray = <R>(middleware: Middlewares<R>): ReadonlyArray<Middleware<R>> =>
  isMany(middleware) ? middleware : [middleware]

const doWrap = <R>(
  model: Service,
  middleware: Middleware<R>,
  options: WrapModelOptions,
  context: Context.Context<R>
): Service => {
  const { overrideModelId, overrideProvider, overrideSupportedUrls, transformParams, wrapGenerate, wrapStream } =
    middleware
  const transform = (params: CallOptions, type: "generate" | "stream"): Effect.Effect<CallOptions, ModelError> =>
    transformParams === undefined
      ? Effect.succeed(params)
      : Effect.provideContext(Effect.suspend(() => transformParams({ params, type, model })), context)
  const supportedUrls = overrideSupportedUrls === undefined
    ? model.supportedUrls
    : Effect.suspend(() => {
      const urls = overrideSupportedUrls({ model })
      return Effect.isEffect(urls) ? urls : Effect.succeed(urls)
    })
  return {
    specificationVersion: "v4",
    provider: options.providerId ?? overrideProvider?.({ model }) ?? model.provider,
    modelId: options.modelId ?? overrideModelId?.({ model }) ?? model.modelId,
    supportedUrls,
    generate: (params) =>
      Effect.flatMap(transform(params, "generate"), (transformed) => {
        const doGenerate = Effect.suspend(() => model.generate(transformed))
        if (wrapGenerate === undefined) return doGenerate
        const doStream = Effect.suspend(() => model.stream(transformed))
        return Effect.provideContext(
          Effect.suspend(() => wrapGenerate({ doGenerate, doStream, params: transformed, model })),
          context
        )
      }),
    stream: (params) =>
      Effect.flatMap(transform(params, "stream"), (transformed) => {
        const doStream = Effect.suspend(() => model.stream(transformed))
        if (wrapStream === undefined) return doStream
        const doGenerate = Effect.suspend(() => model.generate(transformed))
        return Effect.provideContext(
          Effect.suspend(() => wrapStream({ doGenerate, doStream, params: transformed, model })),
          context
        )
      })
  }
}

/**
 * Wraps a model service with middleware needing no services (upstream `wrapLanguageModel`).
 *
 * @since 0.1.0
 * @category middleware
 */
export const wrap = (model: Service, middleware: Middlewares, options: WrapModelOptions = {}): Service =>
  wrapWithContext(model, middleware, Context.empty(), options)

/**
 * Wraps a model service with middleware whose services come from `context`.
 *
 * @since 0.1.0
 * @category middleware
 */
export const wrapWithContext = <R>(
  model: Service,
  middleware: Middlewares<R>,
  context: Context.Context<R>,
  options: WrapModelOptions = {}
): Service =>
  [...asArray(middleware)].reverse().reduce(
    (wrapped: Service, one) => doWrap(wrapped, one, options, context),
    model
  )

/**
 * Wraps the model of the context with middleware and its services from the
 * context too.
 *
 * @since 0.1.0
 * @category middleware
 */
export const wrapEffect = <R>(
  middleware: Middlewares<R>,
  options: WrapModelOptions = {}
): Effect.Effect<Service, never, LanguageModel | R> =>
  Effect.gen(function*() {
    const model = yield* LanguageModel
    const context = yield* Effect.context<R>()
    return wrapWithContext(model, middleware, context, options)
  })

/**
 * A layer that provides `LanguageModel` as the `LanguageModel` below it wrapped with middleware:
 * `Middleware.layer(mw).pipe(Layer.provide(OpenAI.layer("gpt-4.1")))`.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = <R>(
  middleware: Middlewares<R>,
  options: WrapModelOptions = {}
): Layer.Layer<LanguageModel, never, LanguageModel | R> => Layer.effect(LanguageModel, wrapEffect(middleware, options))

/**
 * Defines a middleware (identity; fixes the type for inference).
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = <R = never>(middleware: Middleware<R>): Middleware<R> => middleware
