import { it as eit } from "@effect/vitest"
import { parseJsonEventStream, safeParseJSON, secureJsonParse as upstreamSecureJsonParse } from "@ai-sdk/provider-utils"
import { Effect, Exit, Result, Schema, Stream } from "effect"
import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import * as JsonEventStream from "../../src/provider-utils/JsonEventStream.ts"
import * as ParseJson from "../../src/runtime/ParseJson.ts"
import * as Sse from "../../src/provider-utils/Sse.ts"
// The eventsource-parser upstream provider-utils resolves (3.1.1), not ours (4.x).
import { EventSourceParserStream } from "../../node_modules/@ai-sdk/provider-utils/node_modules/eventsource-parser/dist/stream.js"

const encoder = new TextEncoder()
const bytes = (s: string) => encoder.encode(s)

const toReadable = (chunks: ReadonlyArray<Uint8Array>) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk)
      controller.close()
    }
  })

const collect = async <T>(stream: ReadableStream<T>): Promise<Array<T>> => {
  const out: Array<T> = []
  const reader = stream.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return out
    out.push(value)
  }
}

const upstreamEvents = (chunks: ReadonlyArray<Uint8Array>) =>
  collect(
    toReadable(chunks)
      .pipeThrough(new TextDecoderStream() as unknown as ReadableWritablePair<string, Uint8Array>)
      .pipeThrough(new EventSourceParserStream())
  ).then((events) => events.map(({ data, event, id }) => ({ data, event, id })))

const ourEvents = (chunks: ReadonlyArray<Uint8Array>, options?: Sse.Options) =>
  Effect.runPromise(Stream.fromIterable(chunks).pipe(Sse.decode(options), Stream.runCollect)).then((events) =>
    events.map(({ data, event, id }) => ({ data, event, id }))
  )

const Chunk = Schema.Struct({ a: Schema.Number })

/** Normalizes a ParseResult for comparison (errors by name, message, text/value). */
const norm = (r: { success: boolean; value?: unknown; rawValue: unknown; error?: unknown }, fullMessage: boolean) => {
  if (r.success) return { success: true, value: r.value, rawValue: r.rawValue }
  const e = r.error as Error & { text?: unknown; value?: unknown }
  const isJson = e.name === "AI_JSONParseError"
  return {
    success: false,
    rawValue: r.rawValue,
    name: e.name,
    ...(isJson ? { text: e.text } : { value: e.value }),
    ...(fullMessage || isJson ? { message: e.message } : {})
  }
}

const upstreamParse = async (chunks: ReadonlyArray<Uint8Array>) =>
  (await collect(parseJsonEventStream({ stream: toReadable(chunks), schema: Schema.toStandardSchemaV1(Chunk) }))).map(
    (r) => norm(r, false)
  )

const ourParse = (chunks: ReadonlyArray<Uint8Array>) =>
  Effect.runPromise(Stream.fromIterable(chunks).pipe(JsonEventStream.parse(Chunk), Stream.runCollect)).then((rs) =>
    rs.map((r) => norm(r, false))
  )

const splitAt = (data: Uint8Array, cuts: ReadonlyArray<number>): Array<Uint8Array> => {
  const sorted = [...new Set(cuts.map((c) => c % (data.length + 1)))].sort((a, b) => a - b)
  const out: Array<Uint8Array> = []
  let last = 0
  for (const cut of sorted) {
    out.push(data.subarray(last, cut))
    last = cut
  }
  out.push(data.subarray(last))
  return out
}

const oneByteChunks = (data: Uint8Array) => Array.from(data, (_, i) => data.subarray(i, i + 1))

/** Spec §2 table and behaviours 18–23 (plus extra malformed inputs). */
const cases: ReadonlyArray<readonly [string, string]> = [
  ["plain", 'data: {"a":1}\n\n'],
  ["no space", 'data:{"a":1}\n\n'],
  ["18: [DONE] dropped", 'data: {"a":1}\n\ndata: [DONE]\n\n'],
  ["18: [DONE] with two spaces is a parse error", "data:  [DONE]\n\n"],
  ["18: [DONE] with trailing space", "data: [DONE] \n\n"],
  ["19: multi-line data", 'data: {"a":\ndata: 1}\n\n'],
  ["20: comments, id, retry, event, unknown", ': keepalive\nid: 7\nretry: 100\nretry: x\nevent: e\nfoo: bar\nbare\ndata: {"a":2}\n\n'],
  ["20: event without data", "event: ping\n\n"],
  ["21: bad JSON then good", 'data: {bad\n\ndata: {"a":3}\n\n'],
  ["21: truncated JSON", 'data: {"a":\n\ndata: {"a":3}\n\n'],
  ["22: trailing event without blank line dropped", 'data: {"a":1}\n\ndata: {"a":2}\n'],
  ["22: trailing event without any line end", 'data: {"a":1}\n\ndata: {"a":2}'],
  ["23: __proto__ rejected", 'data: {"__proto__":{"x":1},"a":1}\n\n'],
  ["23: escaped __proto__ rejected", 'data: {"\\u005f_proto__":{"x":1},"a":1}\n\n'],
  ["23: constructor.prototype rejected", 'data: {"constructor":{"prototype":{"x":1}},"a":1}\n\n'],
  ["23: nested __proto__ rejected", 'data: {"a":1,"b":[{"__proto__":null}]}\n\n'],
  ["constructor without prototype is fine", 'data: {"constructor":{"x":1},"a":1}\n\n'],
  ["23: empty data", "data:\n\n"],
  ["schema mismatch", 'data: {"a":"x"}\n\n'],
  ["non-object JSON", "data: 42\n\ndata: null\n\ndata: \"s\"\n\n"],
  ["CRLF", 'data: {"a":1}\r\n\r\ndata: {"a":2}\r\n\r\n'],
  ["CR only", 'data: {"a":1}\r\rdata: {"a":2}\r\r'],
  ["CR only, last CR at EOF", 'data: {"a":1}\r\rdata: {"a":2}\r\r'],
  ["CR then text at EOF", 'data: {"a":1}\r\rx'],
  ["BOM", '\uFEFFdata: {"a":1}\n\n'],
  ["two BOMs", '\uFEFF\uFEFFdata: {"a":1}\n\ndata: {"a":2}\n\n'],
  ["BOM as latin1 characters", '\u00EF\u00BB\u00BFdata: {"a":1}\n\n'],
  ["BOM then BOM as latin1", '\uFEFF\u00EF\u00BB\u00BFdata: {"a":1}\n\n'],
  ["multibyte", 'data: {"a":1,"s":"h\u00e9llo \u{1F600} \u4e16"}\n\n'],
  ["id with NUL", 'id: a\u0000b\ndata: {"a":1}\n\n'],
  ["data field without colon", "data\ndata\n\n"],
  ["blank lines only", "\n\n\n\n"],
  ["big", `data: {"a":1,"s":"${"x".repeat(100_000)}"}\n\n`]
]

describe("Sse + JsonEventStream (differential vs upstream parseJsonEventStream / EventSourceParserStream 3.1.1)", () => {
  for (const [name, body] of cases) {
    it(`${name}: whole body, 1-byte chunks, 7-byte chunks`, async () => {
      const data = bytes(body)
      for (const chunks of [[data], oneByteChunks(data), splitAt(data, [7, 14, 21, 28, 35, 42, 49, 56])]) {
        expect(await ourEvents(chunks)).toEqual(await upstreamEvents(chunks))
        expect(await ourParse(chunks)).toEqual(await upstreamParse(chunks))
      }
    })
  }

  it("invalid UTF-8 becomes U+FFFD as with TextDecoderStream", async () => {
    const bodies = [
      new Uint8Array([...bytes('data: {"a":1,"s":"'), 0xff, 0xc3, ...bytes('"}\n\n')]),
      new Uint8Array([...bytes('data: {"a":1}\n\n'), 0xe2, 0x82]),
      new Uint8Array([...bytes('data: {"a":1}\n\r'), 0xe2]),
      new Uint8Array([0xef, 0xbb, ...bytes('data: {"a":1}\n\n')])
    ]
    for (const data of bodies) {
      for (const chunks of [[data], oneByteChunks(data)]) {
        expect(await ourEvents(chunks)).toEqual(await upstreamEvents(chunks))
        expect(await ourParse(chunks)).toEqual(await upstreamParse(chunks))
      }
    }
  })

  it("JSONParseError messages are identical (same engine, same text)", async () => {
    const data = bytes('data: {bad\n\ndata:\n\ndata: {"__proto__":1}\n\ndata:  [DONE]\n\n')
    const ours = await Effect.runPromise(Stream.make(data).pipe(JsonEventStream.parse(Chunk), Stream.runCollect))
    const upstream = await collect(parseJsonEventStream({ stream: toReadable([data]), schema: Schema.toStandardSchemaV1(Chunk) }))
    expect(ours.map((r) => norm(r, true))).toEqual(upstream.map((r) => norm(r, true)))
    expect(ours.every((r) => !r.success && r.error._tag === "JSONParseError")).toBe(true)
  })

  it("TypeValidationError carries the parsed value and the Schema error", async () => {
    const [result] = await Effect.runPromise(
      Stream.make(bytes('data: {"a":"x"}\n\n')).pipe(JsonEventStream.parse(Chunk), Stream.runCollect)
    )
    expect(result.success).toBe(false)
    if (!result.success) {
      expect(result.error._tag).toBe("TypeValidationError")
      expect(result.rawValue).toEqual({ a: "x" })
      expect(result.error.message).toMatch(/^Type validation failed: Value: \{"a":"x"\}\.\nError message: /)
    }
  })

  it("secureJsonParse agrees with upstream on prototype keys", () => {
    const texts = [
      '{"__proto__":1}',
      '{"a":{"__proto__":{}}}',
      '{"constructor":{"prototype":1}}',
      '{"constructor":null}',
      '{"constructor":{"prototype":null},"x":[1]}',
      '{"\\u005F\\u005Fproto\\u005F\\u005F":1}',
      '{"__proto__" : 1}',
      '["__proto__"]',
      '{"a":"__proto__"}',
      "[1,{\"b\":{\"constructor\":{\"prototype\":{}}}}]"
    ]
    for (const text of texts) {
      let upstream: unknown
      try {
        upstream = { ok: upstreamSecureJsonParse(text) }
      } catch (e) {
        upstream = { error: String(e) }
      }
      const ours = ParseJson.secureJsonParse(text)
      expect(Result.isSuccess(ours) ? { ok: ours.success } : { error: String(ours.failure) }).toEqual(upstream)
    }
  })

  it("safeParseJson without schema matches upstream safeParseJSON", async () => {
    for (const text of ['{"a":1}', "nope", "", "[1,2]", '{"__proto__":0}']) {
      expect(norm(ParseJson.safeParseJson(text), true)).toEqual(norm(await safeParseJSON({ text }), true))
    }
  })

  const eventArb = fc.record({
    comment: fc.boolean(),
    event: fc.option(fc.constantFrom("message", "delta"), { nil: undefined }),
    id: fc.option(fc.constantFrom("1", "x"), { nil: undefined }),
    dataLines: fc.array(
      fc.oneof(
        fc.constantFrom('{"a":1}', '{"a":', "1}", "[DONE]", " [DONE]", "", '{"a":2,"s":"\u00e9\u{1F600}\u4e16"}', "\r", "bad"),
        fc.string({ unit: "grapheme", maxLength: 6 }).filter((s) => !/[\r\n]/.test(s))
      ),
      { minLength: 0, maxLength: 3 }
    )
  })
  const bodyArb = fc.record({
    bom: fc.boolean(),
    eol: fc.constantFrom("\n", "\r\n", "\r"),
    events: fc.array(eventArb, { maxLength: 6 })
  }).map(({ bom, eol, events }) => {
    let body = bom ? "\uFEFF" : ""
    for (const e of events) {
      if (e.comment) body += `: ping${eol}`
      if (e.event !== undefined) body += `event: ${e.event}${eol}`
      if (e.id !== undefined) body += `id: ${e.id}${eol}`
      for (const line of e.dataLines) body += `data: ${line.replace(/[\r\n]/g, "")}${eol}`
      body += eol
    }
    return bytes(body)
  })

  it("property: any split of a valid body gives the events of the unsplit body (and upstream's)", async () => {
    await fc.assert(
      fc.asyncProperty(bodyArb, fc.array(fc.nat(), { maxLength: 12 }), async (data, cuts) => {
        const whole = await ourEvents([data])
        expect(await ourEvents(splitAt(data, cuts))).toEqual(whole)
        expect(await ourEvents(oneByteChunks(data))).toEqual(whole)
        expect(whole).toEqual(await upstreamEvents([data]))
        expect(await ourParse(splitAt(data, cuts))).toEqual(await upstreamParse([data]))
      }),
      { numRuns: 300 }
    )
  })

  it("property: arbitrary bytes under arbitrary splits match upstream on the same splits", async () => {
    const alphabet = fc.constantFrom(
      ...["data:", "data: ", "\n", "\r", "\r\n", ":", "id: 1", "event: x", "{\"a\":1}", "[DONE]", "x", " "].map(bytes),
      new Uint8Array([0xef, 0xbb, 0xbf]),
      new Uint8Array([0xe2, 0x82, 0xac]),
      new Uint8Array([0xf0, 0x9f]),
      new Uint8Array([0xff])
    )
    await fc.assert(
      fc.asyncProperty(fc.array(alphabet, { maxLength: 20 }), fc.array(fc.nat(), { maxLength: 8 }), async (parts, cuts) => {
        const data = new Uint8Array(parts.flatMap((p) => [...p]))
        const chunks = splitAt(data, cuts)
        expect(await ourEvents(chunks)).toEqual(await upstreamEvents(chunks))
        expect(await ourParse(chunks)).toEqual(await upstreamParse(chunks))
      }),
      { numRuns: 500 }
    )
  })
})

describe("Sse maxEventBytes", () => {
  eit.effect("an oversized event fails the stream with SseEventTooLargeError after earlier events", () =>
    Effect.gen(function*() {
      const seen: Array<string> = []
      const exit = yield* Stream.make(bytes(`data: ok\n\ndata: ${"\u00e9".repeat(6)}\n\ndata: later\n\n`)).pipe(
        Sse.decode({ maxEventBytes: 10 }),
        Stream.runForEach((e) => Effect.sync(() => seen.push(e.data))),
        Effect.exit
      )
      expect(seen).toEqual(["ok"])
      expect(exit).toEqual(Exit.fail(new Sse.SseEventTooLargeError({ maxEventBytes: 10 })))
    }))

  eit.effect("an unterminated huge line fails without buffering it all", () =>
    Effect.gen(function*() {
      const chunk = bytes("x".repeat(1000))
      const exit = yield* Stream.make(bytes("data: "), ...Array.from({ length: 100 }, () => chunk)).pipe(
        Sse.decode({ maxEventBytes: 5000 }),
        Stream.runDrain,
        Effect.exit
      )
      expect(exit).toEqual(Exit.fail(new Sse.SseEventTooLargeError({ maxEventBytes: 5000 })))
    }))

  eit.effect("events at the limit pass; no limit by default", () =>
    Effect.gen(function*() {
      const body = bytes(`data: ${"\u00e9".repeat(5)}\n\n`)
      const limited = yield* Stream.make(body).pipe(Sse.decode({ maxEventBytes: 10 }), Stream.runCollect)
      expect(limited.map((e) => e.data)).toEqual(["\u00e9".repeat(5)])
      const huge = bytes(`data: ${"y".repeat(5_000_000)}\n\n`)
      const unlimited = yield* Stream.make(huge).pipe(Sse.decode(), Stream.runCollect)
      expect(unlimited[0].data.length).toBe(5_000_000)
    }))

  eit.effect("the error message names the limit", () =>
    Effect.sync(() => {
      expect(new Sse.SseEventTooLargeError({ maxEventBytes: 3 }).message).toBe(
        "SSE event exceeded the maximum size of 3 bytes"
      )
    }))
})
