/**
 * Helpers to script V4 stream parts and simulated streams for tests.
 *
 * `simulateStream` is the Effect counterpart of upstream `simulateReadableStream`: each part is
 * emitted after a delay measured on the Effect `Clock`, so under `TestClock` a test advances time
 * explicitly (`TestClock.adjust`) instead of waiting.
 *
 * @since 0.1.0
 */
import { Effect, Stream } from "effect"
import type { Usage } from "../contract/Usage.ts"
import type { Finish, StreamPart } from "../contract/StreamPart.ts"
import type { FinishReason, UnifiedFinishReason } from "../contract/FinishReason.ts"

/**
 * Options of {@link simulateStream}. A `null` delay means no timer at all; `0` still sleeps for zero
 * milliseconds (a scheduling point), as upstream.
 *
 * @since 0.1.0
 * @category models
 */
export interface SimulateOptions<A> {
  readonly chunks: ReadonlyArray<A>
  readonly initialDelayInMs?: number | null
  readonly chunkDelayInMs?: number | null
}

/**
 * A stream that emits `chunks` one by one, sleeping `initialDelayInMs` before the first and
 * `chunkDelayInMs` before each later one (defaults 0).
 *
 * @since 0.1.0
 * @category testing
 */
export const simulateStream = <A>(options: SimulateOptions<A>): Stream.Stream<A> => {
  const initial = options.initialDelayInMs === undefined ? 0 : options.initialDelayInMs
  const between = options.chunkDelayInMs === undefined ? 0 : options.chunkDelayInMs
  return Stream.fromIterable(options.chunks.map((chunk, index) => [chunk, index] as const)).pipe(
    Stream.mapEffect(([chunk, index]) => {
      const delay = index === 0 ? initial : between
      return delay === null ? Effect.succeed(chunk) : Effect.as(Effect.sleep(delay), chunk)
    })
  )
}

/**
 * A stream of the given parts followed by one that never ends (useful to test abort/interrupt
 * while a model is still producing).
 *
 * @since 0.1.0
 * @category testing
 */
export const thenHang = <A, E>(stream: Stream.Stream<A, E>): Stream.Stream<A, E> =>
  Stream.concat(stream, Stream.never)

/**
 * A usage with the given input and output totals (other counts undefined).
 *
 * @since 0.1.0
 * @category testing
 */
export const usage = (inputTokens?: number, outputTokens?: number): Usage => ({
  inputTokens: { total: inputTokens, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: outputTokens, text: undefined, reasoning: undefined }
})

/**
 * A finish reason with the raw value defaulting to the unified one.
 *
 * @since 0.1.0
 * @category testing
 */
export const finishReason = (unified: UnifiedFinishReason, raw: string | undefined = unified): FinishReason => ({
  unified,
  raw
})

/**
 * A `finish` part.
 *
 * @since 0.1.0
 * @category testing
 */
export const finish = (
  unified: UnifiedFinishReason = "stop",
  used: Usage = usage(3, 10)
): Finish => ({ type: "finish", finishReason: finishReason(unified), usage: used })

/**
 * The parts of one text block: `text-start`, one `text-delta` per chunk, `text-end`.
 *
 * @since 0.1.0
 * @category testing
 */
export const textParts = (id: string, ...deltas: ReadonlyArray<string>): Array<StreamPart> => [
  { type: "text-start", id },
  ...deltas.map((delta): StreamPart => ({ type: "text-delta", id, delta })),
  { type: "text-end", id }
]

/**
 * The parts of one reasoning block.
 *
 * @since 0.1.0
 * @category testing
 */
export const reasoningParts = (id: string, ...deltas: ReadonlyArray<string>): Array<StreamPart> => [
  { type: "reasoning-start", id },
  ...deltas.map((delta): StreamPart => ({ type: "reasoning-delta", id, delta })),
  { type: "reasoning-end", id }
]

/**
 * A `tool-call` part with the input given as a value (JSON-encoded) or as raw text.
 *
 * @since 0.1.0
 * @category testing
 */
export const toolCall = (
  toolCallId: string,
  toolName: string,
  input: unknown,
  extra: { readonly providerExecuted?: boolean; readonly dynamic?: boolean } = {}
): StreamPart => ({
  type: "tool-call",
  toolCallId,
  toolName,
  input: typeof input === "string" ? input : JSON.stringify(input),
  ...extra
})

/**
 * The usual frame of a scripted stream: `stream-start` (no warnings), then the body, then `finish`.
 *
 * @since 0.1.0
 * @category testing
 */
export const framed = (body: ReadonlyArray<StreamPart>, end: Finish | undefined = finish()): Array<StreamPart> => [
  { type: "stream-start", warnings: [] },
  ...body,
  ...(end === undefined ? [] : [end])
]
