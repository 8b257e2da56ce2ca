/**
 * A `StreamTransform` transformer written per element: the provider handles
 * one parsed event at a time, and each network chunk's events run in order
 * until the first one that returns an error (the parts pushed before it are
 * still emitted, then the stream fails, as upstream's throw in `transform`).
 *
 * @since 0.1.0
 */
import type * as StreamTransform from "./StreamTransform.ts"

/**
 * The transformer that feeds every element of a chunk to `onElement`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = <A, B, E>(options: {
  readonly onElement: (element: A, out: Array<B>) => E | undefined
  readonly onEnd?: ((out: Array<B>) => E | undefined) | undefined
}): StreamTransform.Transformer<A, B, E> => {
  const onElement = options.onElement
  return {
    onChunk: (chunk, out) => {
      for (let i = 0; i < chunk.length; i++) {
        const error = onElement(chunk[i], out)
        if (error !== undefined) return error
      }
      return undefined
    },
    onEnd: options.onEnd
  }
}
