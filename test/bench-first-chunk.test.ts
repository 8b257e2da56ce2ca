/**
 * Time to first part (`npm run bench`): `JsonEventStream.parse` hands the first network read on in
 * event-aligned slices (after the 1st, 3rd, 7th, ... event). Slicing must change only when results
 * are emitted, never what they are: checked against the unsliced path (`Sse.decode` +
 * `JsonEventStream.fromEvents`) on generated bodies (LF, CRLF and CR line ends, comments, multi-line
 * data, `[DONE]`, malformed JSON, multi-byte text) under random network chunkings.
 */
import { describe, expect, it } from "@effect/vitest"
import * as fc from "fast-check"
import { Effect, Schema, Stream } from "effect"
import * as JsonEventStream from "../src/provider-utils/JsonEventStream.ts"
import type { ParseResult } from "../src/runtime/ParseJson.ts"
import * as Sse from "../src/provider-utils/Sse.ts"

const Payload = Schema.Struct({ n: Schema.Number, s: Schema.optionalKey(Schema.String) })

/** One network read per pull, as a fetch body delivers them. */
const network = (reads: ReadonlyArray<Uint8Array>) =>
  Stream.fromArrays(...reads.map((read) => [read]))

const view = (r: ParseResult<unknown>) =>
  r.success ? { ok: JSON.stringify(r.value) } : { error: r.error.name, raw: JSON.stringify(r.rawValue) ?? null }

const sliced = (reads: ReadonlyArray<Uint8Array>) =>
  network(reads).pipe(JsonEventStream.parse(Payload), Stream.runCollect, Effect.map((rs) => Array.from(rs, view)))

const unsliced = (reads: ReadonlyArray<Uint8Array>) =>
  network(reads).pipe(
    Sse.decode(),
    JsonEventStream.fromEvents(Payload),
    Stream.runCollect,
    Effect.map((rs) => Array.from(rs, view))
  )

const event = fc.oneof(
  fc.record({ n: fc.integer(), s: fc.string({ unit: "grapheme", maxLength: 6 }) }).map((v) => `data: ${JSON.stringify(v)}`),
  fc.constant("data: [DONE]"),
  fc.constant("data: {\"n\":"),
  fc.constant("data: {\"n\":\"x\"}"),
  fc.constant(": comment\ndata: {\"n\":1}"),
  fc.constant("event: e\nid: 7\ndata: {\"n\":\ndata: 2}")
)
const body = fc.tuple(fc.array(event, { maxLength: 40 }), fc.constantFrom("\n", "\r\n", "\r"), fc.boolean()).map(
  ([events, eol, bom]) =>
    (bom ? "\uFEFF" : "") + events.map((e) => e.split("\n").join(eol) + eol + eol).join("")
)
const encoder = new TextEncoder()
const readsOf = (bytes: Uint8Array, cuts: ReadonlyArray<number>): Array<Uint8Array> => {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b)
  const out: Array<Uint8Array> = []
  let last = 0
  for (const p of points) {
    if (p > last) out.push(bytes.subarray(last, p))
    last = p
  }
  if (last < bytes.length) out.push(bytes.subarray(last))
  return out
}

describe("first network read in slices", () => {
  it("emits the same results as the unsliced decoder under any chunking", async () => {
    await fc.assert(
      fc.asyncProperty(body, fc.array(fc.nat(), { maxLength: 6 }), async (text, cuts) => {
        const reads = readsOf(encoder.encode(text), cuts)
        expect(await Effect.runPromise(sliced(reads))).toEqual(await Effect.runPromise(unsliced(reads)))
      }),
      { numRuns: 300, seed: 51 }
    )
  })

  it.effect("the first result is emitted alone when the first read holds many events", () =>
    Effect.gen(function*() {
      const text = Array.from({ length: 100 }, (_, n) => `data: {"n":${n}}\n\n`).join("")
      const batches: Array<number> = []
      yield* network([encoder.encode(text)]).pipe(
        JsonEventStream.parse(Payload),
        Stream.runForEachArray((batch) => Effect.sync(() => batches.push(batch.length)))
      )
      // slices end after events 1, 3, 7, 15, 31, 63; the rest of the read follows whole
      expect(batches).toEqual([1, 2, 4, 8, 16, 32, 37])
    }))

  it.effect("later reads are not sliced", () =>
    Effect.gen(function*() {
      const read = (from: number) =>
        encoder.encode(Array.from({ length: 10 }, (_, n) => `data: {"n":${from + n}}\n\n`).join(""))
      const batches: Array<number> = []
      yield* network([read(0), read(10), read(20)]).pipe(
        JsonEventStream.parse(Payload),
        Stream.runForEachArray((batch) => Effect.sync(() => batches.push(batch.length)))
      )
      expect(batches).toEqual([1, 2, 4, 3, 10, 10])
    }))
})
