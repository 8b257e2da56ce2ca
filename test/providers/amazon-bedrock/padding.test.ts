/**
 * The `p` padding key of Bedrock payloads: aimux strips a trailing `,"p":"…"}` member before
 * parsing instead of deleting the key after (EventStream.ts `parsePadded`); every other layout goes
 * the old way. Differential against `@ai-sdk/amazon-bedrock` (which deletes `p`), parts and raw
 * chunks, on payload texts written by hand: a trailing padding member, one with escapes, padding
 * inside a nested object only, two `p` members, whitespace, a padding-only object, malformed
 * payloads, and a `p` that is not a string.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { aimuxStream, encodeFrame, errorView, partsView, type UpstreamOptions, upstreamStream } from "./harness.ts"

const prompt: UpstreamOptions["prompt"] = [{ role: "user", content: [{ type: "text", text: "hi" }] }]

const event = (type: string, body: string) =>
  encodeFrame({ headers: { ":message-type": "event", ":event-type": type, ":content-type": "application/json" }, body })

const concat = (parts: ReadonlyArray<Uint8Array>): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

const delta = (body: string) => event("contentBlockDelta", body)

const bodies: ReadonlyArray<readonly [string, ReadonlyArray<string>]> = [
  ["trailing padding", [`{"contentBlockIndex":0,"delta":{"text":"a"},"p":"abcdefgh"}`]],
  ["empty padding", [`{"contentBlockIndex":0,"delta":{"text":"a"},"p":""}`]],
  ["padding with an escape", [`{"contentBlockIndex":0,"delta":{"text":"a"},"p":"ab\\"cd"}`]],
  ["padding in the nested object only", [`{"contentBlockIndex":0,"delta":{"text":"a","p":"x"}}`]],
  ["two p members", [`{"contentBlockIndex":0,"p":"first","delta":{"text":"a"},"p":"second"}`]],
  ["whitespace", [`{ "contentBlockIndex": 0, "delta": { "text": "a" }, "p": "xy" }`, `{"contentBlockIndex":0,"delta":{"text":"b"} ,"p":"xy"}`]],
  ["padding only", [`{"p":"abc"}`]],
  ["padding text that looks like a member", [`{"contentBlockIndex":0,"delta":{"text":"a,\\"p\\":\\"b"}}`]],
  ["p not a string", [`{"contentBlockIndex":0,"delta":{"text":"a"},"p":1}`]],
  ["malformed before the padding", [`{"contentBlockIndex":0,,"p":"abc"}`]],
  ["malformed: padding after an open member", [`{"contentBlockIndex":0,"delta":{"text":"a","p":"abc"}`]]
]

describe("Amazon Bedrock padding (p): differential against @ai-sdk/amazon-bedrock", () => {
  for (const [label, payloads] of bodies) {
    for (const includeRawChunks of [false, true]) {
      it.effect(`${label}${includeRawChunks ? ", raw chunks" : ""}`, () =>
        Effect.gen(function*() {
          const body = concat([
            event("messageStart", `{"role":"assistant","p":"abcd"}`),
            ...payloads.map(delta),
            event("contentBlockStop", `{"contentBlockIndex":0,"p":"ab"}`),
            event("messageStop", `{"stopReason":"end_turn","p":"abcdef"}`)
          ])
          const reply = { body, chunkSize: 7 }
          const options: UpstreamOptions = { prompt, includeRawChunks }
          const upstream = yield* Effect.promise(() => upstreamStream(reply, options))
          const ours = yield* aimuxStream(reply, options)
          expect(partsView(ours.parts)).toStrictEqual(partsView(upstream.parts))
          expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
        }))
    }
  }
})
