/**
 * An aimux model as an upstream `LanguageModelV4`, so `generateText` / `streamText` from `ai` (or
 * anything else that takes a V4 model) can use it.
 *
 * - `doGenerate` / `doStream` run the model's Effects in a runtime: the default one for a
 *   service, a `ManagedRuntime` built once from a Layer, or the caller's context for
 *   {@link effect}. Their results are rebuilt as upstream values, with the keys upstream's
 *   providers return (explicit `undefined` ones included).
 * - A failure rejects with an instance of the error's `@ai-sdk/provider` class (its fields,
 *   message and `Symbol.for("vercel.ai.error…")` markers), so `instanceof APICallError`,
 *   `isInstance`, `isRetryable` and `ai`'s retry logic treat it as their own. A defect rejects with the defect (an
 *   `UpstreamModelError` with its original value, so a round trip rethrows that value).
 * - `abortSignal` interrupts the fiber of `doGenerate`, of `doStream`, and of the stream's
 *   producer; an aborted call rejects (and an aborted stream errors) with the signal's reason, as
 *   a `fetch`-based provider does. Cancelling the `ReadableStream` interrupts the producer too.
 *
 * @since 0.1.0
 */
import type { LanguageModelV4, LanguageModelV4StreamPart, LanguageModelV4StreamResult } from "@ai-sdk/provider"
import { Cause, Channel, Context, Effect, Exit, Fiber, Latch, Layer, ManagedRuntime, Stream } from "effect"
import { LanguageModel, type Service } from "../LanguageModel.ts"
import type { ModelError } from "../contract/errors/index.ts"
import type { StreamPart } from "../contract/StreamPart.ts"
import { callOptionsFromUpstream } from "./internal/fromUpstream.ts"
import { generateResult, opt, requestInfo, streamPart, supportedUrls } from "./internal/toUpstream.ts"
import { isUpstreamModelError } from "./UpstreamModelError.ts"
import { toUpstreamError } from "./internal/toUpstreamError.ts"
import { keepUndefinedKeys } from "./internal/keepUndefinedKeys.ts"

/**
 * How the bridge runs Effects: `Effect.runPromiseExit`/`runFork`, a `ManagedRuntime`'s, or
 * `Effect.run*With(context)`.
 *
 * @since 0.1.0
 * @category models
 */
export interface Runner {
  readonly runPromiseExit: <A, E>(
    effect: Effect.Effect<A, E>,
    options?: Effect.RunOptions
  ) => Promise<Exit.Exit<A, unknown>>
  readonly runFork: <A, E>(effect: Effect.Effect<A, E>, options?: Effect.RunOptions) => Fiber.Fiber<A, unknown>
  readonly runSyncExit: <A, E>(effect: Effect.Effect<A, E>) => Exit.Exit<A, unknown>
}

/**
 * A `LanguageModelV4` that owns the runtime built from a Layer: `dispose()` (or `await using`)
 * releases the Layer's resources; calls made after that fail.
 *
 * @since 0.1.0
 * @category models
 */
export interface DisposableLanguageModelV4 extends LanguageModelV4, AsyncDisposable {
  readonly dispose: () => Promise<void>
}

const defaultRunner: Runner = {
  runPromiseExit: (effect, options) => Effect.runPromiseExit(effect, options),
  runFork: (effect, options) => Effect.runFork(effect, options),
  runSyncExit: (effect) => Effect.runSyncExit(effect)
}

// What a failed call rejects with: the typed error, else the defect (an UpstreamModelError
// unwrapped to the value it holds), else (interruption) the abort reason.
const toThrown = (cause: Cause.Cause<unknown>, signal: AbortSignal | undefined): unknown => {
  if (signal?.aborted === true) return signal.reason
  for (const reason of cause.reasons) {
    if (Cause.isFailReason(reason)) return toUpstreamError(reason.error)
  }
  for (const reason of cause.reasons) {
    if (Cause.isDieReason(reason)) return isUpstreamModelError(reason.defect) ? reason.defect.cause : reason.defect
  }
  return new DOMException("The operation was aborted.", "AbortError")
}

const settle = <A>(exit: Exit.Exit<A, unknown>, signal: AbortSignal | undefined): Promise<A> =>
  Exit.isSuccess(exit) ? Promise.resolve(exit.value) : Promise.reject(toThrown(exit.cause, signal))

// An aimux Stream as a ReadableStream of upstream parts. The producer fiber pulls one chunk (a
// network chunk for aimux providers) per `pull()`, and enqueues its parts; abort and cancel
// interrupt it. Modelled on `Stream.toReadableStreamWith`, with upstream's error and abort
// behaviour.
const toReadable = (
  stream: Stream.Stream<StreamPart, ModelError>,
  runner: Runner,
  signal: AbortSignal | undefined
): ReadableStream<LanguageModelV4StreamPart> => {
  let fiber: Fiber.Fiber<void, unknown> | undefined
  let pending: (() => void) | undefined
  let done = false
  const latch = Latch.makeUnsafe(false)
  const onAbort = () => fiber?.interruptUnsafe()
  const wake = () => {
    const resolve = pending
    pending = undefined
    resolve?.()
  }
  return new ReadableStream<LanguageModelV4StreamPart>({
    start(controller) {
      fiber = runner.runFork(Channel.runForEach(
        Channel.transformPull(Stream.toChannel(stream), (pull) => Effect.succeed(latch.whenOpen(pull))),
        (chunk) =>
          Effect.sync(() => {
            latch.closeUnsafe()
            for (let i = 0; i < chunk.length; i++) controller.enqueue(keepUndefinedKeys(chunk[i], streamPart(chunk[i])))
            wake()
          })
      ))
      fiber.addObserver((exit) => {
        signal?.removeEventListener("abort", onAbort)
        if (done) return
        done = true
        if (signal?.aborted === true) controller.error(signal.reason)
        else if (Exit.isFailure(exit)) controller.error(toThrown(exit.cause, undefined))
        else controller.close()
        wake()
      })
      if (signal !== undefined && fiber.pollUnsafe() === undefined) {
        if (signal.aborted) onAbort()
        else signal.addEventListener("abort", onAbort, { once: true })
      }
    },
    pull() {
      if (done) return
      return new Promise<void>((resolve) => {
        pending = resolve
        latch.openUnsafe()
      })
    },
    cancel() {
      done = true
      signal?.removeEventListener("abort", onAbort)
      wake()
      const running = fiber
      if (running === undefined) return
      return Effect.runPromise(Effect.asVoid(Fiber.interrupt(running)))
    }
  })
}

/**
 * An upstream `LanguageModelV4` backed by an aimux model service, running its Effects with the
 * given runner (the default runtime when omitted).
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (service: Service, runner: Runner = defaultRunner): LanguageModelV4 => ({
  specificationVersion: "v4",
  provider: service.provider,
  modelId: service.modelId,
  get supportedUrls() {
    // A plain object when the Effect is synchronous (the usual case), a promise otherwise.
    const effect = Effect.map(service.supportedUrls, supportedUrls)
    const exit = runner.runSyncExit(effect)
    return Exit.isSuccess(exit) ? exit.value : runner.runPromiseExit(effect).then((e) => settle(e, undefined))
  },
  doGenerate: (options) => {
    const signal = options.abortSignal
    // `fetch` rejects at once on an aborted signal; the runtime would still start the fiber.
    if (signal?.aborted === true) return Promise.reject(signal.reason)
    return runner.runPromiseExit(
      Effect.map(service.generate(callOptionsFromUpstream(options)), (r) => keepUndefinedKeys(r, generateResult(r))),
      opt("signal", signal)
    ).then((exit) => settle(exit, signal))
  },
  doStream: (options) => {
    const signal = options.abortSignal
    if (signal?.aborted === true) return Promise.reject(signal.reason)
    return runner.runPromiseExit(service.stream(callOptionsFromUpstream(options)), opt("signal", signal)).then(
      (exit) =>
        Exit.isSuccess(exit)
          ? Promise.resolve<LanguageModelV4StreamResult>(keepUndefinedKeys(exit.value, {
            stream: toReadable(exit.value.stream, runner, signal),
            ...opt("request", exit.value.request === undefined ? undefined : requestInfo(exit.value.request)),
            ...opt(
              "response",
              exit.value.response === undefined ? undefined : opt("headers", exit.value.response.headers)
            )
          }))
          : Promise.reject(toThrown(exit.cause, signal))
    )
  }
})

const runnerOf = <R>(runtime: ManagedRuntime.ManagedRuntime<R, unknown>): Runner => ({
  runPromiseExit: (effect, options) => runtime.runPromiseExit(effect, options),
  runFork: (effect, options) => runtime.runFork(effect, options),
  runSyncExit: (effect) => runtime.runSyncExit(effect)
})

/**
 * Builds the Layer once in a `ManagedRuntime` and returns the model backed by its
 * {@link LanguageModel}; every call runs in that runtime (sharing the Layer's resources, e.g. an
 * HTTP client) until `dispose()`. A Layer that fails to build rejects the promise with its error
 * (the typed error, or the defect).
 *
 * @since 0.1.0
 * @category layers
 */
export const fromLayer = <E>(layer: Layer.Layer<LanguageModel, E>): Promise<DisposableLanguageModelV4> => {
  const runtime = ManagedRuntime.make(layer)
  const runner = runnerOf(runtime)
  return runtime.runPromiseExit(Effect.gen(function*() {
    return yield* LanguageModel
  })).then((exit) => {
    if (Exit.isFailure(exit)) {
      return runtime.dispose().then(() => Promise.reject(toThrown(exit.cause, undefined)))
    }
    const model = make(exit.value, runner)
    const dispose = () => runtime.dispose()
    return {
      specificationVersion: model.specificationVersion,
      provider: model.provider,
      modelId: model.modelId,
      get supportedUrls() {
        return model.supportedUrls
      },
      doGenerate: model.doGenerate,
      doStream: model.doStream,
      dispose,
      [Symbol.asyncDispose]: dispose
    }
  })
}

/**
 * The {@link LanguageModel} of the current context as an upstream `LanguageModelV4`; its calls
 * run with the captured context (tracer, logger, references), so they stay part of the
 * application's observability. Valid as long as the services in that context are.
 *
 * @since 0.1.0
 * @category constructors
 */
export const effect: Effect.Effect<LanguageModelV4, never, LanguageModel> = Effect.gen(function*() {
  const service = yield* LanguageModel
  const context = yield* Effect.context<never>()
  return make(service, {
    runPromiseExit: (eff, options) => Effect.runPromiseExitWith(context)(eff, options),
    runFork: (eff, options) => Effect.runForkWith(context)(eff, options),
    runSyncExit: (eff) => Effect.runSyncExitWith(context)(eff)
  })
})

/**
 * An aimux model as an upstream `LanguageModelV4`.
 *
 * - Given a model service: the V4 object, at once; calls run in the default runtime.
 * - Given a Layer providing {@link LanguageModel}: a promise of the V4 object with `dispose()`,
 *   see {@link fromLayer} for the lifetime.
 *
 * @since 0.1.0
 * @category converting
 */
export function toLanguageModelV4(service: Service): LanguageModelV4
export function toLanguageModelV4<E>(layer: Layer.Layer<LanguageModel, E>): Promise<DisposableLanguageModelV4>
export function toLanguageModelV4<E>(
  input: Service | Layer.Layer<LanguageModel, E>
): LanguageModelV4 | Promise<DisposableLanguageModelV4> {
  return "generate" in input ? make(input) : fromLayer(input)
}
