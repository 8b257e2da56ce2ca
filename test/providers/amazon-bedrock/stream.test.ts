/**
 * ConverseStream parts: differential against `@ai-sdk/amazon-bedrock` on the
 * committed corpus (the Bedrock recordings plus crafted event streams),
 * delivered in 1-byte, 7-byte and whole-body chunks, and split in two at
 * every byte boundary.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import { guardCorpus } from "../_kit/Corpus.ts"
import * as EventStream from "../../../src/providers/amazon-bedrock/EventStream.ts"
import {
  aimuxStream,
  chunksToBody,
  errorView,
  fixturesDir,
  listFixtures,
  partsView,
  readText,
  sharedDir,
  type UpstreamOptions,
  upstreamStream
} from "./harness.ts"

const prompt: UpstreamOptions["prompt"] = [{ role: "user", content: [{ type: "text", text: "hi" }] }]

const recordingsDir = path.join(fixturesDir, "recordings")
const craftedDir = path.join(fixturesDir, "crafted")

/** A corpus file's response body: event lines encoded as frames, or a base64 body. */
export const bodyOf = (file: string): Uint8Array =>
  file.endsWith(".base64.txt")
    ? new Uint8Array(Buffer.from(readText(file).trim(), "base64"))
    : chunksToBody(readText(file))

const corpus = [
  ...listFixtures(recordingsDir, ".chunks.txt").map((f) => path.join(recordingsDir, f)),
  ...listFixtures(recordingsDir, ".base64.txt").map((f) => path.join(recordingsDir, f)),
  ...listFixtures(craftedDir, ".chunks.txt").map((f) => path.join(craftedDir, f))
]

const jsonSchema = { type: "object", properties: { name: { type: "string" } }, required: ["name"] } as const

const optionSets: ReadonlyArray<readonly [string, UpstreamOptions, string | undefined]> = [
  ["plain", { prompt }, undefined],
  ["raw chunks", { prompt, includeRawChunks: true }, undefined],
  ["json tool", {
    prompt,
    responseFormat: { type: "json", schema: jsonSchema },
    providerOptions: { amazonBedrock: { structuredOutputMode: "jsonTool" } }
  }, undefined],
  ["json instruction", { prompt, responseFormat: { type: "json", schema: jsonSchema } }, "us.anthropic.claude-sonnet-5-5"],
  ["mistral ids", { prompt }, "mistral.mistral-large-2402-v1:0"],
  ["nova", { prompt, includeRawChunks: true }, "us.amazon.nova-pro-v1:0"]
]

const compare = (body: Uint8Array, chunkSize: number | "whole" | ReadonlyArray<number>, options: UpstreamOptions, modelId?: string) =>
  Effect.gen(function*() {
    const reply = { body, chunkSize }
    const upstream = yield* Effect.promise(() => upstreamStream(reply, options, modelId))
    const ours = yield* aimuxStream(reply, options, modelId)
    expect(partsView(ours.parts)).toStrictEqual(partsView(upstream.parts))
    expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
    expect(ours.captured.bodyText).toBe(upstream.captured.bodyText)
    expect(ours.captured.url).toBe(upstream.captured.url)
    return { ours, upstream }
  })

describe("Amazon Bedrock stream: differential against @ai-sdk/amazon-bedrock", () => {
  guardCorpus({
    label: "shared Bedrock recordings (committed byte for byte)",
    count: fs.existsSync(sharedDir) ? fs.readdirSync(sharedDir).length : 0,
    minimum: 4,
    provider: "bedrock"
  })
  it("the corpus is complete", () => {
    if (fs.existsSync(sharedDir)) {
      // every shared recording is committed, byte for byte
      for (const file of fs.readdirSync(sharedDir)) {
        expect(fs.readFileSync(path.join(recordingsDir, file)), file).toStrictEqual(fs.readFileSync(path.join(sharedDir, file)))
      }
    }
    expect(listFixtures(recordingsDir, ".chunks.txt").length + listFixtures(recordingsDir, ".base64.txt").length)
      .toBeGreaterThanOrEqual(4)
    expect(corpus.length).toBeGreaterThanOrEqual(17)
  })

  for (const file of corpus) {
    const base = path.basename(file)
    for (const chunkSize of [1, 7, "whole"] as const) {
      for (const [label, options, modelId] of optionSets) {
        if (label !== "plain" && chunkSize !== 7) continue
        it.effect(`${base} chunk=${chunkSize} ${label}`, () => Effect.asVoid(compare(bodyOf(file), chunkSize, options, modelId)))
      }
    }
  }

  // Two chunks cut at every offset: every frame boundary and every byte
  // inside a prelude, header block, payload and CRC. Upstream runs on the
  // small exception body at every cut; on the larger bodies it runs whole
  // (its parts do not depend on chunking: the 1/7/whole cases above).
  for (const file of corpus.filter((f) => /eventstream|exception-first/.test(f))) {
    it.effect(`${path.basename(file)} split at every byte`, () =>
      Effect.gen(function*() {
        const body = bodyOf(file)
        for (let cut = 1; cut < body.length; cut++) yield* compare(body, [cut], { prompt })
      }), 60_000)
  }
  // The larger bodies through the whole stack at the cuts that matter: in
  // every prelude (total length, headers length, prelude CRC) and around
  // every frame end, including the message CRC.
  for (const file of corpus.filter((f) => /bedrock-text|reasoning-signature|tool-use-parallel|ignored-and-invalid/.test(f))) {
    it.effect(`${path.basename(file)} split inside every prelude and around every frame end`, () =>
      Effect.gen(function*() {
        const body = bodyOf(file)
        const upstream = yield* Effect.promise(() => upstreamStream({ body }, { prompt }))
        const expected = partsView(upstream.parts)
        expect(upstream.failure).toBeUndefined()
        const cuts = new Set<number>()
        for (let at = 0; at < body.length;) {
          const length = new DataView(body.buffer, body.byteOffset + at, 4).getUint32(0)
          for (let k = 1; k <= 12; k++) cuts.add(at + k)
          for (let k = -4; k <= 1; k++) cuts.add(at + length + k)
          at += length
        }
        for (const cut of [...cuts].filter((cut) => cut > 0 && cut < body.length)) {
          const ours = yield* aimuxStream({ body, chunkSize: [cut] }, { prompt })
          expect(partsView(ours.parts), `cut ${cut}`).toStrictEqual(expected)
          expect(ours.failure).toBeUndefined()
        }
      }), 60_000)
  }

  // Every cut of every body up to 4 KB, at the framing layer (the codec
  // checks both CRCs of every frame on every decode, so this is quadratic):
  // the decoded events equal the whole body's.
  for (const file of corpus.filter((f) => bodyOf(f).length <= 4096)) {
    it(`${path.basename(file)} frames split at every byte decode the same`, async () => {
      const codec = await Effect.runPromise(EventStream.loadCodec)
      const body = bodyOf(file)
      const decode = (chunks: ReadonlyArray<Uint8Array>) => {
        const decoder = new EventStream.FrameDecoder(codec)
        const events: Array<EventStream.DecodedEvent> = []
        const failures = chunks.map((chunk) => decoder.push(chunk, events)).filter((failure) => failure !== undefined)
        return { events, left: decoder.buffered(), failures }
      }
      const whole = decode([body])
      expect(whole.left).toBe(0)
      expect(whole.events.length).toBeGreaterThan(0)
      const expected = JSON.stringify(whole)
      const mismatches: Array<number> = []
      for (let cut = 1; cut < body.length; cut++) {
        if (JSON.stringify(decode([body.subarray(0, cut), body.subarray(cut)])) !== expected) mismatches.push(cut)
      }
      expect(mismatches).toStrictEqual([])
    })
  }
})
