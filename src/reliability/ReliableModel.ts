/**
 * A `LanguageModel` → `LanguageModel` wrapper that adds retries and timeouts to `generate` and
 * `stream`. Core needs nothing from it: `generateText` / `streamText` call the wrapped model
 * once per step, so every step gets the policy.
 *
 * - `generate`: the call is retried under the {@link Retry.Policy} (upstream defaults unless
 *   configured); the step timeout bounds the call and its retries.
 * - `stream`: the `stream` Effect (the HTTP request up to the response start) is retried. A
 *   failure of the stream before its first output part (text/reasoning/tool-input delta, file,
 *   tool call) is retried too, in the same retry budget: the parts seen before the output
 *   (`stream-start`, `response-metadata`, `error` parts, ...) are held back until the first output
 *   part, so a retried attempt never duplicates them. After the first output part nothing is
 *   retried (it would duplicate output); the failure ends the stream as it is.
 * - Timeouts: `step` bounds the whole call (for a stream: until it ends), `firstChunk` the time
 *   from each attempt's request to the first output part (some providers read up to the first
 *   output inside `stream`), `chunk` the idle time between output parts.
 *
 * @since 0.1.0
 */
import { type Cause, Clock, Duration, Effect, Layer, Stream } from "effect"
import * as Arr from "effect/Array"
import { LanguageModel, type Service, type StreamResponse } from "../LanguageModel.ts"
import type { CallOptions } from "../contract/CallOptions.ts"
import type { CoreInvalidArgumentError } from "../contract/errors/CoreInvalidArgumentError.ts"
import type { ModelError } from "../contract/errors/ModelError.ts"
import { FirstChunkTimeoutError, StepTimeoutError } from "../contract/errors/TimeoutError.ts"
import type { StreamPart } from "../contract/StreamPart.ts"
import * as Retry from "./Retry.ts"
import * as Timeout from "./Timeout.ts"

/**
 * Timeouts of each model call.
 *
 * @since 0.1.0
 * @category models
 */
export interface Timeouts {
  /** One call, its retries included (a stream: until it ends). */
  readonly step?: Duration.Input | undefined
  /** From each attempt's request to the stream's first output part. */
  readonly firstChunk?: Duration.Input | undefined
  /** Between two output parts of a stream. */
  readonly chunk?: Duration.Input | undefined
}

/**
 * Options of {@link make} / {@link layer}.
 *
 * @since 0.1.0
 * @category models
 */
export interface Options {
  /** A policy, retry options (defaults: upstream's), or `false` for none. Default: upstream's policy. */
  readonly retry?: Retry.Policy | Retry.Options | false | undefined
  readonly timeout?: Timeouts | undefined
  /** Also retry a stream that fails before its first output part; default true. */
  readonly retryStreamBeforeOutput?: boolean | undefined
}

const isPolicy = (u: Retry.Policy | Retry.Options): u is Retry.Policy =>
  "isRetryable" in u && typeof u.isRetryable === "function" && "schedule" in u && u.schedule !== undefined

const policyOf = (retry: Options["retry"]): Effect.Effect<Retry.Policy, CoreInvalidArgumentError> =>
  retry === undefined
    ? Effect.succeed(Retry.defaultPolicy)
    : retry === false
    ? Effect.succeed(Retry.none)
    : isPolicy(retry)
    ? Effect.succeed(retry)
    : Retry.make(retry)

const millisOf = (input: Duration.Input): number => Duration.toMillis(Duration.fromInputUnsafe(input))

/**
 * Holds back the parts before the first output part; emits them with it (or at the end). Calls
 * `onFailure` with a failure that happens before any output, the held-back parts dropped only if
 * it retries; afterwards failures pass through.
 */
const holdUntilOutput = (
  stream: Stream.Stream<StreamPart, ModelError>,
  onFailure: (error: ModelError, held: ReadonlyArray<StreamPart>) => Stream.Stream<StreamPart, ModelError>
): Stream.Stream<StreamPart, ModelError> =>
  Stream.suspend(() => {
    let released = false
    const held: Array<StreamPart> = []
    const body = Stream.transformPull(stream, (pull) => {
      const next: Effect.Effect<Arr.NonEmptyReadonlyArray<StreamPart>, ModelError | Cause.Done> = Effect.flatMap(
        pull,
        (parts) => {
          if (released) return Effect.succeed(parts)
          held.push(...parts)
          if (!parts.some(Timeout.isOutputPart)) return Effect.suspend(() => next)
          released = true
          const out = held.splice(0)
          return Arr.isArrayNonEmpty(out) ? Effect.succeed(out) : Effect.suspend(() => next)
        }
      )
      return Effect.succeed(next)
    })
    return body.pipe(
      Stream.concat(Stream.suspend(() => Stream.fromIterable(held.splice(0)))),
      Stream.catch((error) => released ? Stream.fail(error) : onFailure(error, held.splice(0)))
    )
  })

/**
 * Wraps a model service.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (model: Service, options: Options = {}): Effect.Effect<Service, CoreInvalidArgumentError> =>
  Effect.map(policyOf(options.retry), (policy): Service => {
    const timeouts = options.timeout ?? {}
    const stepMs = timeouts.step === undefined ? undefined : millisOf(timeouts.step)
    const retryStream = options.retryStreamBeforeOutput ?? true

    const withDeadline = <A>(effect: Effect.Effect<A, ModelError>, deadline: number | undefined) =>
      stepMs === undefined || deadline === undefined ? effect : Effect.flatMap(Clock.currentTimeMillis, (now) => {
        const remaining = deadline - now
        const error = new StepTimeoutError({ timeoutMs: stepMs })
        return remaining <= 0
          ? Effect.fail(error)
          : Effect.timeoutOrElse(effect, { duration: Duration.millis(remaining), orElse: () => Effect.fail(error) })
      })

    const generate = (call: CallOptions) =>
      Effect.gen(function*() {
        const session = yield* Retry.session(policy)
        const start = yield* Clock.currentTimeMillis
        return yield* withDeadline(
          Retry.retryWith(model.generate(call), session),
          stepMs === undefined ? undefined : start + stepMs
        )
      })

    const stream = (call: CallOptions): Effect.Effect<StreamResponse, ModelError> =>
      Effect.gen(function*() {
        const session = yield* Retry.session(policy)
        const start = yield* Clock.currentTimeMillis
        const deadline = stepMs === undefined ? undefined : start + stepMs
        const firstMs = timeouts.firstChunk === undefined ? undefined : millisOf(timeouts.firstChunk)
        // One attempt, stamped with its start: the first-chunk timer runs from the request on, since
        // a provider may wait for the first output inside `stream` (the "error before any output" rule).
        const once = Effect.flatMap(Clock.currentTimeMillis, (startedAt) => {
          const call1 = Effect.map(model.stream(call), (response) => [response, startedAt] as const)
          return firstMs === undefined ? call1 : Effect.timeoutOrElse(call1, {
            duration: Duration.millis(firstMs),
            orElse: () => Effect.fail(new FirstChunkTimeoutError({ timeoutMs: firstMs }))
          })
        })
        const attempt = withDeadline(Retry.retryWith(once, session), deadline)
        const guard = (response: StreamResponse, startedAt: number): Stream.Stream<StreamPart, ModelError> => {
          const timed = Timeout.streamTimeouts(response.stream, {
            firstChunk: timeouts.firstChunk,
            chunk: timeouts.chunk,
            step: stepMs === undefined || deadline === undefined ? undefined : { deadline, timeoutMs: stepMs },
            start: startedAt
          })
          if (!retryStream) return timed
          return holdUntilOutput(timed, (error, held) =>
            Stream.unwrap(
              session.decide(error).pipe(
                Effect.matchEffect({
                  onFailure: (final) => Effect.succeed(Stream.concat(Stream.fromIterable(held), Stream.fail(final))),
                  onSuccess: () => Effect.map(attempt, ([next, at]) => guard(next, at))
                })
              )
            ))
        }
        const [first, startedAt] = yield* attempt
        return { ...first, stream: guard(first, startedAt) }
      })

    return {
      specificationVersion: "v4",
      provider: model.provider,
      modelId: model.modelId,
      supportedUrls: model.supportedUrls,
      generate,
      stream
    }
  })

/**
 * A Layer that wraps the `LanguageModel` it is given:
 * `ReliableModel.layer({ timeout: { chunk: "30 seconds" } }).pipe(Layer.provide(OpenAI.layer("gpt-4o")))`.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = (options: Options = {}): Layer.Layer<LanguageModel, CoreInvalidArgumentError, LanguageModel> =>
  Layer.effect(LanguageModel, Effect.flatMap(LanguageModel, (model) => make(model, options)))
