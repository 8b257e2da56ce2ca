/**
 * Cancellation, both sides, for the stream tests of any provider: upstream's
 * parts before its AbortError (the reference) and aimux's parts before its
 * consumer is interrupted, over a body that delivers its bytes once and then
 * hangs (erroring when the request is aborted).
 */
import { Duration, Effect, Fiber, Stream } from "effect"
import type { StreamPart } from "../../../src/contract/StreamPart.ts"
import { partJson } from "./Wire.ts"
import { readAll } from "./ReadAll.ts"

/** A fetch whose response body sends `sse` once, then hangs until the request is aborted. */
export const hangingFetch = (sse: string): typeof globalThis.fetch => async (_input, init) => {
  const bytes = new TextEncoder().encode(sse)
  let sent = false
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      init?.signal?.addEventListener("abort", () => c.error(init.signal?.reason))
    },
    pull(c) {
      if (!sent) {
        sent = true
        c.enqueue(bytes)
      }
      return new Promise(() => {})
    }
  })
  return new Response(body, { headers: { "content-type": "text/event-stream" } })
}

/**
 * Upstream's side: `start` opens the stream over `hangingFetch(sse)` with the
 * given abort signal; after `count` parts the request is aborted and the rest
 * read. The parts (as comparable JSON) and the error the stream ended with.
 */
export const upstreamAbortAfter = async (
  sse: string,
  count: number,
  start: (fetch: typeof globalThis.fetch, abortSignal: AbortSignal) => PromiseLike<{ readonly stream: ReadableStream<unknown> }>
) => {
  const controller = new AbortController()
  const result = await start(hangingFetch(sse), controller.signal)
  const reader = result.stream.getReader()
  const parts: Array<unknown> = []
  while (parts.length < count) {
    const { done, value } = await reader.read()
    if (done) break
    parts.push(value)
  }
  controller.abort()
  reader.releaseLock()
  const rest = await readAll(result.stream)
  return { parts: [...parts, ...rest.parts].map(partJson), error: rest.error }
}

/**
 * aimux's side: consumes `stream` in a child fiber until `count` parts have
 * arrived, lets a little more through, then interrupts the consumer; the parts
 * it saw.
 */
export const interruptAfter = <E, R>(stream: Stream.Stream<StreamPart, E, R>, count: number) =>
  Effect.gen(function*() {
    const parts: Array<StreamPart> = []
    const fiber = yield* Effect.forkChild(Stream.runForEach(stream, (part) => Effect.sync(() => parts.push(part))))
    while (parts.length < count) yield* Effect.sleep(Duration.millis(5))
    yield* Effect.sleep(Duration.millis(20))
    yield* Fiber.interrupt(fiber)
    return parts
  })
