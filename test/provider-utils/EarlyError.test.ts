/**
 * `EarlyError.peek`, the "error before any output" combinator the OpenAI chat and Anthropic
 * providers share: what it replays, when it fails, and that its `close` releases the source in
 * every way a consumer can leave (the providers' end-to-end cases are in
 * `test/reliability/faults.test.ts` and the provider stream tests).
 */
import { describe, expect, it } from "@effect/vitest"
import { Cause, Effect, Exit, Fiber, Stream } from "effect"
import * as fc from "fast-check"
import * as EarlyError from "../../src/provider-utils/EarlyError.ts"

type Item = { readonly kind: "skip" | "out" | "err"; readonly n: number }

class Early {
  readonly _tag = "Early"
  readonly n: number
  constructor(n: number) {
    this.n = n
  }
}

const options: EarlyError.Options<Item, Early> = {
  failure: (item) => item.kind === "err" ? new Early(item.n) : undefined,
  isOutput: (item) => item.kind === "out"
}

/** A source of the given chunks that records how often its scope was released. */
const tracked = <E = never>(chunks: ReadonlyArray<ReadonlyArray<Item>>, then: Stream.Stream<Item, E> = Stream.empty) => {
  const state = { released: 0, pulledAfter: false }
  const source = Stream.concat(
    Stream.fromArrays(...chunks),
    Stream.concat(Stream.fromEffect(Effect.sync(() => { state.pulledAfter = true })).pipe(Stream.drain), then)
  ).pipe(Stream.ensuring(Effect.sync(() => { state.released++ })))
  return { source, state }
}

const items = (...kinds: ReadonlyArray<Item["kind"]>): Array<Item> => kinds.map((kind, n) => ({ kind, n }))

describe("EarlyError.peek", () => {
  it.effect("an error item before any output fails the Effect and releases the source", () =>
    Effect.gen(function*() {
      const { source, state } = tracked([items("skip", "skip"), items("err")], Stream.never)
      const exit = yield* Effect.exit(EarlyError.peek(source, options))
      expect(exit).toStrictEqual(Exit.fail(new Early(0)))
      expect(state.released).toBe(1)
    }))

  it.effect("after the first output the rest is not inspected and everything is replayed in order", () =>
    Effect.gen(function*() {
      const chunks = [items("skip"), [{ kind: "out", n: 1 }, { kind: "err", n: 2 }] as Array<Item>, [{ kind: "err", n: 3 }] as Array<Item>]
      const { source, state } = tracked(chunks)
      const peeked = yield* EarlyError.peek(source, options)
      // The deciding chunk ends the peek: nothing after it has been read yet.
      expect(state.pulledAfter).toBe(false)
      const all = yield* Stream.runCollect(peeked.stream)
      expect(all).toStrictEqual(chunks.flat())
      expect(state.released).toBe(1)
    }))

  it.effect("a source that ends without output is replayed and ends", () =>
    Effect.gen(function*() {
      const { source, state } = tracked([items("skip", "skip"), items("skip")])
      const peeked = yield* EarlyError.peek(source, options)
      // The peek read the source to its end, which released it.
      expect(state.released).toBe(1)
      expect((yield* Stream.runCollect(peeked.stream)).map((i) => i.kind)).toStrictEqual(["skip", "skip", "skip"])
      expect(state.released).toBe(1)
    }))

  it.effect("a source failure during the peek fails the Effect and releases the source", () =>
    Effect.gen(function*() {
      const { source, state } = tracked([items("skip")], Stream.fail("boom"))
      const exit = yield* Effect.exit(EarlyError.peek(source, options))
      expect(exit).toStrictEqual(Exit.fail("boom"))
      expect(state.released).toBe(1)
    }))

  it.effect("interrupting the peek while it waits releases the source", () =>
    Effect.gen(function*() {
      const { source, state } = tracked([items("skip")], Stream.never)
      const fiber = yield* Effect.forkChild(EarlyError.peek(source, options))
      yield* Effect.yieldNow
      yield* Effect.yieldNow
      expect(state.released).toBe(0)
      const exit = yield* Fiber.interrupt(fiber).pipe(Effect.andThen(Fiber.await(fiber)))
      expect(Exit.isFailure(exit) && Cause.hasInterruptsOnly(exit.cause)).toBe(true)
      expect(state.released).toBe(1)
    }))

  it.effect("close on the outer stream releases the source when the consumer never reaches the peeked stream", () =>
    Effect.gen(function*() {
      const { source, state } = tracked([items("out")], Stream.never)
      const peeked = yield* EarlyError.peek(source, options)
      const outer = Stream.concat(Stream.succeed<Item>({ kind: "skip", n: -1 }), peeked.stream).pipe(
        Stream.ensuring(peeked.close)
      )
      expect(yield* Stream.runCollect(Stream.take(outer, 1))).toStrictEqual([{ kind: "skip", n: -1 }])
      expect(state.released).toBe(1)
    }))

  it.effect("a finalizer only on the peeked stream does not release the source then (why `close` exists)", () =>
    Effect.gen(function*() {
      const { source, state } = tracked([items("out")], Stream.never)
      const peeked = yield* EarlyError.peek(source, options)
      const outer = Stream.concat(Stream.succeed<Item>({ kind: "skip", n: -1 }), peeked.stream)
      yield* Stream.runCollect(Stream.take(outer, 1))
      expect(state.released).toBe(0)
      yield* peeked.close
      expect(state.released).toBe(1)
    }))

  it.effect("stopping inside the replayed items or after them releases the source once", () =>
    Effect.gen(function*() {
      for (const k of [1, 2, 3]) {
        const { source, state } = tracked([items("skip", "out"), items("skip")], Stream.never)
        const peeked = yield* EarlyError.peek(source, options)
        const taken = yield* Stream.runCollect(Stream.take(peeked.stream.pipe(Stream.ensuring(peeked.close)), k))
        expect(taken.map((i) => i.kind)).toStrictEqual(["skip", "out", "skip"].slice(0, k))
        expect(state.released).toBe(1)
      }
    }))

  it("any items in any chunking: fails with the first error before the first output, else replays all", () =>
    fc.assert(fc.asyncProperty(
      fc.array(fc.array(fc.constantFrom<Item["kind"]>("skip", "out", "err"), { minLength: 1, maxLength: 4 }), { maxLength: 6 }),
      (kindChunks) =>
        Effect.runPromise(Effect.gen(function*() {
          let n = 0
          const chunks = kindChunks.map((chunk) => chunk.map((kind): Item => ({ kind, n: n++ })))
          const flat = chunks.flat()
          const firstOut = flat.findIndex((i) => i.kind === "out")
          const firstErr = flat.findIndex((i) => i.kind === "err")
          const { source, state } = tracked(chunks)
          const exit = yield* Effect.exit(
            EarlyError.peek(source, options).pipe(
              Effect.flatMap((peeked) => Stream.runCollect(peeked.stream.pipe(Stream.ensuring(peeked.close))))
            )
          )
          if (firstErr !== -1 && (firstOut === -1 || firstErr < firstOut)) {
            expect(exit).toStrictEqual(Exit.fail(new Early(firstErr)))
          } else {
            expect(exit).toStrictEqual(Exit.succeed(flat))
          }
          expect(state.released).toBe(1)
        }))
    ), { numRuns: 300 }))
})
