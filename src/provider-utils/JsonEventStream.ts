/**
 * `JsonEventStream`: upstream `parseJsonEventStream`. SSE bytes in, one
 * `ParseResult` per event out (`data: [DONE]`, exact match, is dropped).
 * A malformed or off-Schema event is a `{ success: false }` result, never a
 * stream failure.
 *
 * @since 0.1.0
 */
import type { Schema } from "effect"
import type { Stream } from "effect"
import { sliceFirstChunk } from "./internal/firstChunkSlices.ts"
import { makeBatchSafeParseJson, makeSafeParseJson, makeShapes, type ParseResult } from "../runtime/ParseJson.ts"
import * as Sse from "./Sse.ts"
import * as StreamTransform from "./StreamTransform.ts"

/**
 * Bytes to parse results in one fused pass per network chunk: UTF-8 decode,
 * SSE parse, secure JSON parse and one synchronous Schema decode per event,
 * with no intermediate stream of events. The Schema decoder is compiled once
 * per call of `parse`. The first network chunk is processed in growing
 * event-aligned slices, so the first results are emitted before the rest of
 * that chunk is decoded (time to first part).
 *
 * @since 0.1.0
 * @category parsing
 */
export const parse = <S extends Schema.ConstraintDecoder<unknown>>(schema: S, options: Sse.Options = {}) => {
  const { batch, parse: parseJson } = makeBatchSafeParseJson(schema)
  return <E, R>(
    self: Stream.Stream<Uint8Array, E, R>
  ): Stream.Stream<ParseResult<S["Type"]>, E | Sse.SseEventTooLargeError, R> =>
    StreamTransform.transform(
      sliceFirstChunk(self),
      (): StreamTransform.Transformer<Uint8Array, ParseResult<S["Type"]>, Sse.SseEventTooLargeError> => {
        const decoder = Sse.makeDecoder(options)
        // this run's event layouts: most events skip JSON.parse (ParseJson.Shapes)
        const shapes = makeShapes()
        // The data of the chunk's events, parsed afterwards in one batch
        // (one stack-trace-limit toggle per chunk, not per event).
        let texts: Array<string> = []
        const onEvent = (event: Sse.Event) => {
          const data = event.data
          if (data !== "[DONE]") texts.push(data)
        }
        return {
          onChunk: (chunk, out) => {
            let error: Sse.SseEventTooLargeError | undefined = undefined
            for (let i = 0; i < chunk.length && error === undefined; i++) error = decoder.push(chunk[i], onEvent)
            const pending = texts
            if (pending.length > 0) {
              texts = []
              batch(() => {
                for (let i = 0; i < pending.length; i++) out.push(parseJson(pending[i], shapes))
              })
            }
            return error
          }
        }
      }
    )
}

/**
 * SSE events to parse results, for callers that already hold events.
 *
 * @since 0.1.0
 * @category constructors
 */
export const fromEvents = <S extends Schema.ConstraintDecoder<unknown>>(schema: S) => {
  const parseJson = makeSafeParseJson(schema)
  return <E, R>(self: Stream.Stream<Sse.Event, E, R>): Stream.Stream<ParseResult<S["Type"]>, E, R> =>
    StreamTransform.transform(self, (): StreamTransform.Transformer<Sse.Event, ParseResult<S["Type"]>, never> => ({
      onChunk: (chunk, out) => {
        for (let i = 0; i < chunk.length; i++) {
          const data = chunk[i].data
          if (data !== "[DONE]") out.push(parseJson(data))
        }
        return undefined
      }
    }))
}
