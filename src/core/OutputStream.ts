/**
 * The streaming views of structured output (upstream `StreamTextResult.partialOutputStream`,
 * `elementStream` and `output`), as functions of a `streamText` run.
 *
 * `streamText` returns a cold stream, so these take the full stream and fold it: run one of them
 * instead of the full stream, or share one run with `Stream.broadcast` / `StreamText.withResult`.
 * Partial outputs restart at every step (upstream resets the output state at `start-step`,
 * vercel/ai#20961), and only the step's first text part counts, as upstream.
 *
 * @since 0.1.0
 */
import { Effect, Stream } from "effect"
import { dual } from "effect/Function"
import { NoObjectGeneratedError } from "../contract/errors/NoObjectGeneratedError.ts"
import type { TypeValidationError } from "../contract/errors/TypeValidationError.ts"
import { UnsupportedFunctionalityError } from "../contract/errors/UnsupportedFunctionalityError.ts"
import type { UnifiedFinishReason } from "../contract/FinishReason.ts"
import type { LanguageModelUsage } from "./CoreUsage.ts"
import { startsAttempt } from "./internal/AttemptStart.ts"
import type * as Output from "./Output.ts"

/**
 * The parts these functions read (every `TextStreamPart` is one).
 *
 * @since 0.1.0
 * @category models
 */
export interface PartLike {
  readonly type: string
}

const textDeltaOf = (part: PartLike): { readonly id: string; readonly text: string } | undefined =>
  part.type === "text-delta" && "id" in part && typeof part.id === "string" && "text" in part && typeof part.text === "string"
    ? { id: part.id, text: part.text }
    : undefined

const idOf = (part: PartLike): string | undefined => "id" in part && typeof part.id === "string" ? part.id : undefined

/** Partial outputs of a sequence of parts, per step, from the step's first text part. */
const makePartialFold = (output: Output.Any) => {
  let parser = output.makePartialParser()
  let firstTextId: string | undefined = undefined
  return (part: PartLike): ReadonlyArray<unknown> => {
    if (part.type === "start-step") {
      parser = output.makePartialParser()
      firstTextId = undefined
      return []
    }
    // a stream retry's attempt restarts the partial output (upstream resets at its retry boundary)
    if (startsAttempt(part)) {
      parser = output.makePartialParser()
      firstTextId = undefined
    }
    if (part.type !== "text-start" && part.type !== "text-delta" && part.type !== "text-end") return []
    const id = idOf(part)
    if (firstTextId === undefined) firstTextId = id
    else if (id !== firstTextId) return []
    const delta = textDeltaOf(part)
    if (delta === undefined || delta.text.length === 0) return []
    const published = parser.push(delta.text)
    return published === undefined ? [] : [published.partial]
  }
}

/**
 * The partial outputs of a run: each changed partial value, in order (upstream
 * `partialOutputStream`). Per network chunk of parts, no Effect per part.
 *
 * @since 0.1.0
 * @category combinators
 */
export const partialOutputStream: {
  <O extends Output.Any>(output: O): <E, R>(fullStream: Stream.Stream<PartLike, E, R>) => Stream.Stream<Output.PartialOf<O>, E, R>
  <O extends Output.Any, E, R>(fullStream: Stream.Stream<PartLike, E, R>, output: O): Stream.Stream<Output.PartialOf<O>, E, R>
} = dual(
  2,
  <O extends Output.Any, E, R>(fullStream: Stream.Stream<PartLike, E, R>, output: O): Stream.Stream<Output.PartialOf<O>, E, R> =>
    Stream.map(partials(fullStream, output), partialOf<O>)
)

const partials = <E, R>(fullStream: Stream.Stream<PartLike, E, R>, output: Output.Any): Stream.Stream<unknown, E, R> =>
  Stream.suspend(() => {
    const fold = makePartialFold(output)
    return Stream.flattenIterable(Stream.map(fullStream, fold))
  })

/**
 * The elements of an array output, each once, as they complete (upstream `elementStream`). Fails
 * with upstream's `TypeValidationError` past `maxItems`, and with `UnsupportedFunctionalityError`
 * for the other output modes (upstream throws there).
 *
 * @since 0.1.0
 * @category combinators
 */
export const elementStream: {
  <O extends Output.Any>(output: O): <E, R>(
    fullStream: Stream.Stream<PartLike, E, R>
  ) => Stream.Stream<Output.ElementOf<O>, E | TypeValidationError | UnsupportedFunctionalityError, R>
  <O extends Output.Any, E, R>(
    fullStream: Stream.Stream<PartLike, E, R>,
    output: O
  ): Stream.Stream<Output.ElementOf<O>, E | TypeValidationError | UnsupportedFunctionalityError, R>
} = dual(2, <O extends Output.Any, E, R>(
  fullStream: Stream.Stream<PartLike, E, R>,
  output: O
): Stream.Stream<Output.ElementOf<O>, E | TypeValidationError | UnsupportedFunctionalityError, R> => {
  const makePublisher = output.makeElementPublisher
  if (makePublisher === undefined) {
    return Stream.fail(new UnsupportedFunctionalityError({ functionality: `element streams in ${output.name} mode` }))
  }
  return Stream.suspend(() => {
    const publisher = makePublisher()
    // as upstream's element transform: the elements completed before the overflowing one are
    // delivered, then the stream fails (and reads nothing more)
    let failure: TypeValidationError | undefined
    return partials(fullStream, output).pipe(
      Stream.map((partial) => {
        const { elements, error } = publisher.next(partial)
        failure = error
        return elements
      }),
      Stream.takeUntil(() => failure !== undefined),
      Stream.flattenIterable,
      Stream.map(elementOf<O>),
      Stream.concat(Stream.suspend(() => failure === undefined ? Stream.empty : Stream.fail(failure)))
    )
  })
})

/**
 * The final step as {@link output} reads it.
 *
 * @since 0.1.0
 * @category models
 */
export interface StepLike {
  readonly text: string
  readonly finishReason: UnifiedFinishReason
  readonly usage: LanguageModelUsage
  readonly response: unknown
}

/**
 * The complete output of a finished run (upstream `streamText(...).output`): the final step's text
 * parsed by the specification, whatever the finish reason (as upstream, unlike generateText).
 *
 * @since 0.1.0
 * @category combinators
 */
export const output = <O extends Output.Any>(
  result: { readonly steps: ReadonlyArray<StepLike> },
  spec: O
): Effect.Effect<Output.CompleteOf<O>, NoObjectGeneratedError> => {
  const last = result.steps[result.steps.length - 1]
  if (last === undefined) {
    return Effect.fail(new NoObjectGeneratedError({ response: undefined, usage: undefined, finishReason: "other" }))
  }
  return Effect.map(
    spec.parseCompleteOutput(last.text, { response: last.response, usage: last.usage, finishReason: last.finishReason }),
    completeOf<O>
  )
}

/** The spec's own partial, element and complete types (values come from the spec's own parsers). */
const partialOf = <O extends Output.Any>(value: unknown): Output.PartialOf<O> => value as Output.PartialOf<O>
const elementOf = <O extends Output.Any>(value: unknown): Output.ElementOf<O> => value as Output.ElementOf<O>
const completeOf = <O extends Output.Any>(value: unknown): Output.CompleteOf<O> => value as Output.CompleteOf<O>
