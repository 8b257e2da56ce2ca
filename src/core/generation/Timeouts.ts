/**
 * The `timeout` option of generateText / streamText (upstream `TimeoutConfiguration`: a number
 * is the total; `totalMs`, `stepMs`, `firstChunkMs`, `chunkMs`), on Effect's `Clock`, failing
 * with the typed timeout errors of `spec/errors/TimeoutError.ts` (named `TimeoutError`, with
 * upstream's messages).
 *
 * @internal
 */
import { Duration, Effect, Stream } from "effect"
import type * as Arr from "effect/Array"
import {
  ChunkTimeoutError,
  FirstChunkTimeoutError,
  StepTimeoutError,
  TotalTimeoutError
} from "../../contract/errors/TimeoutError.ts"
import type { StreamPart } from "../../contract/StreamPart.ts"
import { isOutputPart } from "../../runtime/OutputPart.ts"
import type * as ExecuteTool from "../ExecuteTool.ts"
import type * as Toolkit from "../Toolkit.ts"

/**
 * Upstream's timeout configuration (`TimeoutConfiguration`): a number is the total; `toolMs` is
 * every tool execution's, `tools['<name>Ms']` one tool's (it wins over `toolMs`).
 *
 * @internal
 */
export type TimeoutOption<T extends Toolkit.Any = Toolkit.Any> =
  | number
  | {
    readonly totalMs?: number | undefined
    readonly stepMs?: number | undefined
    readonly firstChunkMs?: number | undefined
    readonly chunkMs?: number | undefined
    readonly toolMs?: number | undefined
    readonly tools?: { readonly [Name in Toolkit.Names<T> as `${Name}Ms`]?: number | undefined } | undefined
  }

/**
 * The tool execution timeouts of upstream's `timeout` (`toolMs`, `tools['<name>Ms']`) as
 * `ExecuteTool`'s configuration; undefined when it sets none (a number sets none, as upstream).
 *
 * @internal
 */
export const toolTimeoutsOf = (timeout: TimeoutOption | undefined): ExecuteTool.TimeoutConfiguration<Toolkit.Any> | undefined => {
  if (timeout === undefined || typeof timeout === "number") return undefined
  if (timeout.toolMs === undefined && timeout.tools === undefined) return undefined
  const tools: Record<string, Duration.Duration> = {}
  for (const [key, ms] of Object.entries(timeout.tools ?? {})) {
    if (key.endsWith("Ms") && typeof ms === "number") tools[key.slice(0, -2)] = Duration.millis(ms)
  }
  return { tool: timeout.toolMs === undefined ? undefined : Duration.millis(timeout.toolMs), tools }
}

/** @internal */
export interface Timeouts {
  readonly totalMs: number | undefined
  readonly stepMs: number | undefined
  readonly firstChunkMs: number | undefined
  readonly chunkMs: number | undefined
}

/** Reads the configuration as upstream's `get*TimeoutMs` helpers. @internal */
export const timeoutsOf = (timeout: TimeoutOption | undefined): Timeouts =>
  timeout === undefined
    ? { totalMs: undefined, stepMs: undefined, firstChunkMs: undefined, chunkMs: undefined }
    : typeof timeout === "number"
    ? { totalMs: timeout, stepMs: undefined, firstChunkMs: undefined, chunkMs: undefined }
    : { totalMs: timeout.totalMs, stepMs: timeout.stepMs, firstChunkMs: timeout.firstChunkMs, chunkMs: timeout.chunkMs }

/** A timeout that ended a generation. @internal */
export type GenerationTimeoutError = TotalTimeoutError | StepTimeoutError | FirstChunkTimeoutError | ChunkTimeoutError

/** Fails `effect` with `error()` after `ms` (no timer when `ms` is undefined). @internal */
export const within = <A, E, R, E2>(
  effect: Effect.Effect<A, E, R>,
  ms: number | undefined,
  error: () => E2
): Effect.Effect<A, E | E2, R> =>
  ms === undefined ? effect : Effect.timeoutOrElse(effect, { duration: Duration.millis(ms), orElse: () => Effect.fail(error()) })

/** The total timeout. @internal */
export const total = <A, E, R>(effect: Effect.Effect<A, E, R>, ms: number | undefined) =>
  within(effect, ms, () => new TotalTimeoutError({ timeoutMs: ms ?? 0 }))

/** The step timeout. @internal */
export const step = <A, E, R>(effect: Effect.Effect<A, E, R>, ms: number | undefined) =>
  within(effect, ms, () => new StepTimeoutError({ timeoutMs: ms ?? 0 }))

/**
 * The step timeout of a step that started at `start` (Clock millis): `effect` must end by
 * `start + ms` (generateText bounds its model call and its tools by one step deadline).
 *
 * @internal
 */
export const stepFrom = <A, E, R>(
  effect: Effect.Effect<A, E, R>,
  start: number,
  ms: number | undefined
): Effect.Effect<A, E | StepTimeoutError, R> =>
  ms === undefined ? effect : Effect.flatMap(Effect.clockWith((clock) => Effect.succeed(clock.currentTimeMillisUnsafe())), (now) => {
    const remaining = start + ms - now
    return remaining <= 0
      ? Effect.fail(new StepTimeoutError({ timeoutMs: ms }))
      : within(effect, remaining, () => new StepTimeoutError({ timeoutMs: ms }))
  })

/**
 * The chunk timeouts raised by {@link chunkTimeouts} itself (a model wrapper's own timeout errors
 * of the same classes are model failures, not core's timeout).
 */
const ownChunkTimeouts = new WeakSet<object>()

/** True for a first-chunk or idle timeout raised by {@link chunkTimeouts}. @internal */
export const isOwnChunkTimeout = (error: unknown): error is FirstChunkTimeoutError | ChunkTimeoutError =>
  typeof error === "object" && error !== null && ownChunkTimeouts.has(error)

const own = <E extends object>(error: E): E => {
  ownChunkTimeouts.add(error)
  return error
}

/**
 * Applies the first-chunk and idle timeouts to a model stream, per pull (per network chunk):
 * until the first output part the first-chunk limit holds, after it the idle limit.
 *
 * @internal
 */
export const chunkTimeouts = <E, R>(
  stream: Stream.Stream<StreamPart, E, R>,
  timeouts: Timeouts
): Stream.Stream<StreamPart, E | FirstChunkTimeoutError | ChunkTimeoutError, R> => {
  const firstMs = timeouts.firstChunkMs
  const chunkMs = timeouts.chunkMs
  if (firstMs === undefined && chunkMs === undefined) return stream
  return Stream.transformPull(stream, (pull) => {
    let seenOutput = false
    const observe = (parts: Arr.NonEmptyReadonlyArray<StreamPart>) => {
      if (!seenOutput && parts.some(isOutputPart)) seenOutput = true
      return parts
    }
    return Effect.succeed(Effect.suspend(() => {
      const guarded: typeof pull | Effect.Effect<Arr.NonEmptyReadonlyArray<StreamPart>, FirstChunkTimeoutError | ChunkTimeoutError | Effect.Error<typeof pull>> = seenOutput
        ? within(pull, chunkMs, (): FirstChunkTimeoutError | ChunkTimeoutError => own(new ChunkTimeoutError({ timeoutMs: chunkMs ?? 0 })))
        : within(pull, firstMs, (): FirstChunkTimeoutError | ChunkTimeoutError => own(new FirstChunkTimeoutError({ timeoutMs: firstMs ?? 0 })))
      return Effect.map(guarded, observe)
    }))
  })
}
