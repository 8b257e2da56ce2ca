/**
 * `ParseJson.makeBatchSafeParseJson` (what `JsonEventStream.parse` runs per network chunk): the
 * same results as `makeSafeParseJson` text by text, with the stack trace limit zeroed once per
 * batch instead of per text. The errors it builds keep the caller's limit (as upstream, which
 * zeroes it around `JSON.parse` only), only the `SyntaxError` cause has no frames, and the
 * caller's limit is back after the batch, also when the batch throws.
 */
import { Schema } from "effect"
import * as fc from "fast-check"
import { afterEach, describe, expect, it } from "vitest"
import * as ParseJson from "../../src/runtime/ParseJson.ts"
import { OpenAIChatChunk } from "../../src/providers/kits/openai/OpenAIChatApi.ts"

const limit = Error.stackTraceLimit
afterEach(() => {
  Error.stackTraceLimit = limit
})

const atLines = (text: string): number => text.split("\n").filter((line) => line.trim().startsWith("at ")).length
// stack frames beyond the message (a Schema issue's message has "at [path]" lines of its own)
const frames = (error: unknown): number =>
  error instanceof Error ? atLines(error.stack ?? "") - atLines(error.message) : -1

const show = (r: ParseJson.ParseResult<unknown>) =>
  r.success
    ? { ok: JSON.stringify(r.value), raw: JSON.stringify(r.rawValue) }
    : { error: r.error._tag, message: r.error.message, cause: String(r.error.cause), raw: JSON.stringify(r.rawValue) }

const texts = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.constantFrom(
    '{"choices":[]}',
    '{"choices":[{"index":0,"delta":{"content":"x"}}],"id":"a"}',
    '{"choices":[{"index":"0"}]}',
    '{"error":{"message":"m","code":1}}',
    '{"__proto__":{},"choices":[]}',
    '{"choices":',
    "",
    "nope"
  )
)

describe("makeBatchSafeParseJson", () => {
  it("gives makeSafeParseJson's results, in and out of a batch", () => {
    const single = ParseJson.makeSafeParseJson(OpenAIChatChunk)
    const { batch, parse } = ParseJson.makeBatchSafeParseJson(OpenAIChatChunk)
    fc.assert(
      fc.property(fc.array(texts, { maxLength: 8 }), (sample) => {
        const expected = sample.map((text) => show(single(text)))
        expect(batch(() => sample.map((text) => show(parse(text))))).toEqual(expected)
        expect(sample.map((text) => show(parse(text)))).toEqual(expected)
      }),
      { seed: 61, numRuns: 300 }
    )
  })

  it("inside a batch builds errors without stack frames (error storms), outside with the caller's limit; restores the limit", () => {
    Error.stackTraceLimit = 7
    const { batch, parse } = ParseJson.makeBatchSafeParseJson(Schema.Struct({ a: Schema.Number }))
    const [bad, invalid, ok] = batch(() => {
      expect(Error.stackTraceLimit).toBe(0)
      const results = [parse("{"), parse('{"a":"x"}'), parse('{"a":1}')]
      expect(Error.stackTraceLimit).toBe(0)
      return results
    })
    expect(Error.stackTraceLimit).toBe(7)
    expect(ok).toEqual({ success: true, value: { a: 1 }, rawValue: { a: 1 } })
    expect(bad.success || invalid.success).toBe(false)
    if (!bad.success && !invalid.success) {
      expect(bad.error._tag).toBe("JSONParseError")
      expect(frames(bad.error)).toBe(0)
      expect(frames(bad.error.cause)).toBe(0)
      expect(invalid.error._tag).toBe("TypeValidationError")
      expect(frames(invalid.error)).toBe(0)
    }
    // outside a batch: the caller's limit for the errors, none for the SyntaxError (upstream's toggle)
    const outside = parse("{")
    const outsideInvalid = parse('{"a":"x"}')
    expect(outside.success || outsideInvalid.success).toBe(false)
    if (!outside.success && !outsideInvalid.success) {
      expect(frames(outside.error)).toBeGreaterThan(0)
      expect(frames(outside.error.cause)).toBe(0)
      expect(frames(outsideInvalid.error)).toBeGreaterThan(0)
    }
  })

  it("restores the limit when the batch throws, and nests", () => {
    Error.stackTraceLimit = 5
    const { batch } = ParseJson.makeBatchSafeParseJson(Schema.Struct({ a: Schema.Number }))
    expect(() =>
      batch(() => {
        batch(() => expect(Error.stackTraceLimit).toBe(0))
        expect(Error.stackTraceLimit).toBe(0)
        throw new Error("boom")
      })
    ).toThrow("boom")
    expect(Error.stackTraceLimit).toBe(5)
  })
})
