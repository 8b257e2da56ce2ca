/**
 * Broken event-stream bodies: a body ending mid-frame and frames whose
 * prelude or message CRC does not match, differential against
 * `@ai-sdk/amazon-bedrock`. Upstream fails the stream with a plain `Error`;
 * aimux fails it with `InvalidResponseDataError` carrying the same message
 * (docs/divergences.md), after the same parts.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import * as path from "node:path"
import { InvalidResponseDataError } from "../../../src/contract/errors/InvalidResponseDataError.ts"
import { aimuxStream, chunksToBody, fixturesDir, partsView, readText, type UpstreamOptions, upstreamStream } from "./harness.ts"

const prompt: UpstreamOptions["prompt"] = [{ role: "user", content: [{ type: "text", text: "hi" }] }]
const body = chunksToBody(readText(path.join(fixturesDir, "crafted", "tool-use-parallel.chunks.txt")))

const frameEnds = (bytes: Uint8Array): Array<number> => {
  const ends: Array<number> = []
  for (let at = 0; at < bytes.length;) {
    at += new DataView(bytes.buffer, bytes.byteOffset + at, 4).getUint32(0)
    ends.push(at)
  }
  return ends
}

const ends = frameEnds(body)

const flipped = (bytes: Uint8Array, at: number): Uint8Array => {
  const copy = new Uint8Array(bytes)
  copy[at] ^= 0xff
  return copy
}

const messageOf = (error: unknown): unknown => typeof error === "object" && error !== null ? Reflect.get(error, "message") : error

const cases: ReadonlyArray<readonly [string, Uint8Array]> = [
  ["ends inside the first prelude", body.subarray(0, 3)],
  ["ends after the first length", body.subarray(0, 6)],
  ["ends inside the fifth frame", body.subarray(0, ends[3] + 20)],
  ["ends one byte short", body.subarray(0, body.length - 1)],
  ["prelude CRC of the third frame", flipped(body, ends[1] + 9)],
  ["message CRC of the third frame", flipped(body, ends[2] - 1)],
  ["payload byte of the fourth frame", flipped(body, ends[3] - 6)],
  ["total length of the second frame too small", (() => {
    const copy = new Uint8Array(body)
    new DataView(copy.buffer).setUint32(ends[0], 8)
    return copy
  })()],
  ["trailing garbage", new Uint8Array([...body, 1, 2, 3, 4, 5])]
]

describe("Amazon Bedrock event-stream failures: differential against @ai-sdk/amazon-bedrock", () => {
  for (const [label, bytes] of cases) {
    for (const chunkSize of [1, 7, "whole"] as const) {
      it.effect(`${label} chunk=${chunkSize}`, () =>
        Effect.gen(function*() {
          const reply = { body: bytes, chunkSize }
          const upstream = yield* Effect.promise(() => upstreamStream(reply, { prompt }))
          const ours = yield* aimuxStream(reply, { prompt })
          expect(upstream.failure).toBeInstanceOf(Error)
          expect(ours.failure).toBeInstanceOf(InvalidResponseDataError)
          expect(messageOf(ours.failure)).toBe(messageOf(upstream.failure))
          expect(partsView(ours.parts)).toStrictEqual(partsView(upstream.parts))
          // no finish after a framing failure
          expect(ours.parts.some((part) => Reflect.get(Object(part), "type") === "finish")).toBe(false)
        }))
    }
  }
})
