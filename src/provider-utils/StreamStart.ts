/**
 * The `stream-start` part in front of a provider's transformed response
 * stream, with the response body opened in the returned stream's own scope
 * before `stream-start` is emitted: a consumer that stops right after it
 * still cancels the body.
 *
 * @since 0.1.0
 */
import { Effect, Predicate, Stream } from "effect"
import * as StreamTransform from "./StreamTransform.ts"

/**
 * `start`, then `chunks` through a fresh transformer.
 *
 * @since 0.1.0
 * @category utils
 */
export const prepend = <A, E, R, B, E2>(
  chunks: Stream.Stream<A, E, R>,
  start: B,
  makeTransformer: () => StreamTransform.Transformer<A, B, E2>
): Stream.Stream<B, E | E2, R> =>
  Stream.unwrap(Effect.map(Stream.toPull(chunks), (pull) =>
    Stream.concat(
      Stream.make(start),
      StreamTransform.transform(Stream.fromPull(Effect.succeed(pull)), makeTransformer)
    )))

/**
 * `starts` (the start parts of a provider whose stream begins with more than
 * `stream-start`, as Bedrock's `response-metadata`), then `chunks` through a
 * fresh transformer; the body is opened in the stream's scope before the
 * first of them is emitted.
 *
 * @since 0.1.0
 * @category utils
 */
export const prependAll = <A, E, R, B, E2>(
  chunks: Stream.Stream<A, E, R>,
  starts: ReadonlyArray<B>,
  makeTransformer: () => StreamTransform.Transformer<A, B, E2>
): Stream.Stream<B, E | E2, R> =>
  Stream.unwrap(Effect.map(Stream.toPull(chunks), (pull) =>
    Stream.concat(
      Stream.fromIterable(starts),
      StreamTransform.transform(Stream.fromPull(Effect.succeed(pull)), makeTransformer)
    )))

/**
 * A provider's stateful stream transducer, written per element: `push` per
 * parsed event (a returned error fails the stream after the parts pushed so
 * far), `end` once when the body ends.
 *
 * @since 0.1.0
 * @category models
 */
export interface Transducer<A, B, E> {
  readonly push: (element: A, out: Array<B>) => E | undefined
  readonly end: (out: Array<B>) => void
}

/**
 * {@link prepend} with the transformer of a fresh per-element `Transducer`
 * (the shape of the Cohere, Mistral, xAI and Hugging Face streams): each
 * network chunk's events run in order until the first one that returns an
 * error (the parts pushed before it are still emitted, then the stream fails,
 * as upstream's throw in `transform`).
 *
 * @since 0.1.0
 * @category utils
 */
export const prependTransducer = <A, E, R, B, E2>(
  chunks: Stream.Stream<A, E, R>,
  start: B,
  makeTransducer: () => Transducer<A, B, E2>
): Stream.Stream<B, E | Exclude<E2, undefined>, R> =>
  prepend(chunks, start, (): StreamTransform.Transformer<A, B, Exclude<E2, undefined>> => {
    const { end, push } = makeTransducer()
    return {
      onChunk: (chunk, out) => {
        for (let i = 0; i < chunk.length; i++) {
          const error = push(chunk[i], out)
          if (Predicate.isNotUndefined(error)) return error
        }
        return undefined
      },
      onEnd: (out) => {
        end(out)
        return undefined
      }
    }
  })
