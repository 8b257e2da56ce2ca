/**
 * Any upstream `LanguageModelV4` (an `@ai-sdk/*` provider's model, or a community one) as aimux's
 * {@link LanguageModel} service.
 *
 * - `doGenerate`'s result is the `generate` result as it is (upstream values already have the
 *   aimux types); the call options are rebuilt as upstream values (mutable arrays, no
 *   `undefined` optional keys).
 * - `doStream`'s `ReadableStream` becomes a `Stream`, one `reader.read()` per part and nothing
 *   more per part.
 * - Thrown or rejected values, and an errored stream, become aimux's typed errors: an upstream
 *   error recognised through its `Symbol.for` marker becomes the aimux instance of the same class
 *   field by field; anything else dies with an {@link UpstreamModelError} holding the value.
 * - Interruption aborts the upstream call through its `abortSignal`: the `generate` fiber, the
 *   `stream` fiber before the response, and a consumer that stops the Stream before its end
 *   (interruption, `Stream.take`, ...), which also cancels the reader.
 *
 * @since 0.1.0
 */
import type { LanguageModelV4, LanguageModelV4StreamPart } from "@ai-sdk/provider"
import { Array as Arr, Cause, Channel, Effect, Layer, Scope, Stream } from "effect"
import { LanguageModel, type Service, type StreamResponse, type SupportedUrls } from "../LanguageModel.ts"
import type { CallOptions } from "../contract/CallOptions.ts"
import type { ModelError } from "../contract/errors/index.ts"
import type { StreamPart } from "../contract/StreamPart.ts"
import { failWith } from "./internal/fromUpstreamError.ts"
import { callOptions, opt } from "./internal/toUpstream.ts"
import { UpstreamModelError } from "./UpstreamModelError.ts"

const isPromiseLike = (u: unknown): u is PromiseLike<unknown> =>
  typeof u === "object" && u !== null && "then" in u && typeof u.then === "function"

const supportedUrlsOf = (model: LanguageModelV4): Effect.Effect<SupportedUrls> =>
  Effect.suspend(() => {
    // Read on every run: upstream allows a getter that returns a fresh promise.
    const urls = model.supportedUrls
    if (!isPromiseLike(urls)) return Effect.succeed(urls)
    return Effect.tryPromise({ try: () => urls, catch: (cause) => cause }).pipe(
      Effect.catch((cause) =>
        Effect.die(
          UpstreamModelError.wrap({
            provider: model.provider,
            modelId: model.modelId,
            operation: "supportedUrls",
            cause
          })
        )
      )
    )
  })

// The stream of an upstream `doStream` result. The reader is taken when the Stream starts; when
// the Stream's scope closes before the reader reported its end or an error, the upstream call is
// aborted and the reader cancelled (and awaited), so nothing keeps reading.
const fromReadable = (
  model: LanguageModelV4,
  readable: ReadableStream<LanguageModelV4StreamPart>,
  controller: AbortController
): Stream.Stream<StreamPart, ModelError> =>
  Stream.fromChannel(Channel.fromTransform((_, scope) =>
    Effect.suspend(() => {
      const reader = readable.getReader()
      let ended = false
      // One pending read at a time: the handlers are allocated once, not per part.
      let resume: ((effect: Effect.Effect<Arr.NonEmptyReadonlyArray<StreamPart>, ModelError | Cause.Done>) => void) | undefined
      const onRead = (result: ReadableStreamReadResult<LanguageModelV4StreamPart>): void => {
        const k = resume
        resume = undefined
        if (result.done) ended = true
        k?.(result.done ? Cause.done() : Effect.succeed(Arr.of(result.value)))
      }
      const onError = (error: unknown): void => {
        const k = resume
        resume = undefined
        ended = true
        k?.(failWith(error, model, "stream"))
      }
      const pull = Effect.callback<Arr.NonEmptyReadonlyArray<StreamPart>, ModelError | Cause.Done>((k) => {
        resume = k
        reader.read().then(onRead, onError)
      })
      const release = Effect.suspend(() => {
        if (ended) return Effect.sync(() => reader.releaseLock())
        controller.abort()
        // A cancel that rejects (an errored stream) has nothing more to stop.
        return Effect.promise(() => reader.cancel().then(() => undefined, () => undefined))
      })
      return Effect.as(Scope.addFinalizer(scope, release), pull)
    })
  ))

const streamWith = (model: LanguageModelV4) => (options: CallOptions): Effect.Effect<StreamResponse, ModelError> =>
  Effect.suspend(() => {
    // Created here, not per `tryPromise`: the signal must outlive `doStream` and cover the read.
    const controller = new AbortController()
    return Effect.tryPromise({
      try: () => model.doStream(callOptions(options, controller.signal)),
      catch: (cause) => cause
    }).pipe(
      Effect.onInterrupt(() => Effect.sync(() => controller.abort())),
      Effect.catch((cause) => failWith(cause, model, "doStream")),
      Effect.map((result): StreamResponse => ({
        ...opt("request", result.request),
        ...opt("response", result.response),
        stream: fromReadable(model, result.stream, controller)
      }))
    )
  })

/**
 * The aimux model service backed by an upstream `LanguageModelV4`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (model: LanguageModelV4): Service => ({
  specificationVersion: "v4",
  provider: model.provider,
  modelId: model.modelId,
  supportedUrls: supportedUrlsOf(model),
  generate: (options) =>
    Effect.tryPromise({
      try: (abortSignal) => model.doGenerate(callOptions(options, abortSignal)),
      catch: (cause) => cause
    }).pipe(Effect.catch((cause) => failWith(cause, model, "doGenerate"))),
  stream: streamWith(model)
})

/**
 * A Layer providing aimux's {@link LanguageModel} from an upstream `LanguageModelV4`.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = (model: LanguageModelV4): Layer.Layer<LanguageModel> =>
  Layer.sync(LanguageModel, () => make(model))

/**
 * A Layer providing aimux's {@link LanguageModel} from an upstream `LanguageModelV4` (the same
 * as {@link layer}).
 *
 * @since 0.1.0
 * @category constructors
 */
export const fromLanguageModelV4 = layer
