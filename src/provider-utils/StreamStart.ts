/**
 * The `stream-start` part in front of a provider's transformed response
 * stream, with the response body opened in the returned stream's own scope
 * before `stream-start` is emitted: a consumer that stops right after it
 * still cancels the body.
 *
 * @since 0.1.0
 */
import { Effect, Stream } from "effect"
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
