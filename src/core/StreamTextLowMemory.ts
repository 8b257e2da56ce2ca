/**
 * The low-memory single-consumer mode of streamText (upstream `experimental_streamTextLowMemory`,
 * 7.0.143, vercel/ai#16753): the same run as {@link StreamText.streamText}, but its steps keep no
 * content (text, reasoning, tool calls) unless something reads it, so a long text stream is
 * forwarded in constant memory.
 *
 * aimux's `streamText` is already a cold stream without a replay buffer, and its default mode
 * keeps step content only when an option reads it; this mode applies upstream's rule instead,
 * decided before the run: content is still collected when tools, a tool choice, structured
 * output, `prepareStep`, `stopWhen` or a callback that receives content
 * (`onEnd`/`onFinish`, `onStepEnd`/`onStepFinish`, `onAbort`, `onLanguageModelCallEnd` and its
 * alias) are given. {@link withCompletion} gives what upstream's single-consumer result keeps
 * (`finishReason`, `rawFinishReason`, `totalUsage`, `usage`) from a fold that retains nothing.
 *
 * @since 0.1.0
 */
import { Deferred, Effect, Stream } from "effect"
import { NoOutputGeneratedError } from "../contract/errors/NoOutputGeneratedError.ts"
import type { UnifiedFinishReason } from "../contract/FinishReason.ts"
import type { LanguageModel } from "../LanguageModel.ts"
import type { LanguageModelUsage } from "./CoreUsage.ts"
import type * as Output from "./Output.ts"
import { lowMemoryCollects } from "./internal/ContentRetention.ts"
import { AbortedError, streamText, type StreamTextOptions } from "./StreamText.ts"
import type { TextStreamPart } from "./TextStreamPart.ts"
import type * as Toolkit from "./Toolkit.ts"

/**
 * The options of the low-memory mode: those of `streamText`.
 *
 * @since 0.1.0
 * @category models
 */
export type LowMemoryOptions<T extends Toolkit.Any, R> = StreamTextOptions<T, R> & {
  readonly output?: Output.Any | undefined
}

/**
 * Whether a run must still collect step content (upstream's rule in `streamTextLowMemory`,
 * without telemetry integrations, which aimux does not have).
 *
 * @since 0.1.0
 * @category utils
 */
export const collectsContent = <T extends Toolkit.Any, R>(options: LowMemoryOptions<T, R>): boolean =>
  lowMemoryCollects(options)

/**
 * Streams a generation for a single consumer without retaining step content when nothing reads
 * it (upstream `experimental_streamTextLowMemory`). The parts are those of `streamText`.
 *
 * @since 0.1.0
 * @category generation
 */
export const experimental_streamTextLowMemory = <T extends Toolkit.Any = {}, R = never>(
  options: LowMemoryOptions<T, R>
): Stream.Stream<TextStreamPart<NoInfer<T>>, never, LanguageModel | Toolkit.Services<T> | R> =>
  streamText<T, R>({ ...options, _internal: { retention: { collectContent: collectsContent(options) } } })

/**
 * What a single-consumer run keeps (upstream `StreamTextSingleConsumerResult`'s completion
 * fields; `usage` is the total usage, as upstream's `usage` since 7.0).
 *
 * @since 0.1.0
 * @category models
 */
export interface Completion {
  readonly finishReason: UnifiedFinishReason
  readonly rawFinishReason: string | undefined
  readonly totalUsage: LanguageModelUsage
  readonly usage: LanguageModelUsage
}

/**
 * The stream plus an Effect of its {@link Completion}, from the same single run, folding only the
 * `finish`, `abort` and first `error` part (constant memory, unlike `StreamText.withResult`).
 * Fails with `AbortedError` on abort, with `NoOutputGeneratedError` (the first error as `cause`)
 * when the run ended without `finish`.
 *
 * @since 0.1.0
 * @category utils
 */
export const withCompletion = <E, R>(
  stream: Stream.Stream<TextStreamPart, E, R>
): Effect.Effect<{
  readonly fullStream: Stream.Stream<TextStreamPart, E, R>
  readonly completion: Effect.Effect<Completion, AbortedError | NoOutputGeneratedError>
}> =>
  Effect.map(Deferred.make<Completion, AbortedError | NoOutputGeneratedError>(), (done) => {
    let finish: Extract<TextStreamPart, { readonly type: "finish" }> | undefined = undefined
    let abort: Extract<TextStreamPart, { readonly type: "abort" }> | undefined = undefined
    let firstError: { readonly error: unknown } | undefined = undefined
    const settle = Effect.suspend(() => {
      if (abort !== undefined) return Deferred.fail(done, new AbortedError({ reason: abort.reason }))
      if (finish === undefined) {
        return Deferred.fail(
          done,
          new NoOutputGeneratedError({ message: "No output generated. Check the stream for errors.", cause: firstError?.error })
        )
      }
      return Deferred.succeed(done, {
        finishReason: finish.finishReason,
        rawFinishReason: finish.rawFinishReason,
        totalUsage: finish.totalUsage,
        usage: finish.totalUsage
      })
    })
    return {
      fullStream: stream.pipe(
        // per pulled chunk: only the terminal parts are looked at
        Stream.mapArray((parts) => {
          for (const part of parts) {
            if (part.type === "finish") finish = part
            else if (part.type === "abort") abort = part
            else if (part.type === "error" && firstError === undefined) firstError = { error: part.error }
          }
          return parts
        }),
        Stream.ensuring(settle)
      ),
      completion: Deferred.await(done)
    }
  })
