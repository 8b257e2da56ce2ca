/**
 * Bounded memory of the media paths: a 50 MB audio upload through `transcribe` and the OpenAI
 * transcription model (the bytes go into the multipart body once — no base64 text, no second
 * copy kept — and the body is streamed to the transport), and a 20-image batch through
 * `generateImage` and the OpenAI image model (images kept as the base64 the API returned; the
 * bytes views are not materialized until read). Growth is measured on heap + array buffers.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import * as v8 from "node:v8"
import * as vm from "node:vm"
import * as GenerateImage from "../../src/core/GenerateImage.ts"
import * as Transcribe from "../../src/core/Transcribe.ts"
import { ImageModel } from "../../src/ImageModel.ts"
import * as OpenAI from "../../src/providers/openai/OpenAI.ts"
import { TranscriptionModel } from "../../src/TranscriptionModel.ts"
import { fetchLayer, type Reply } from "./providerHarness.ts"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import { Layer } from "effect"
import { createOpenAI } from "@ai-sdk/openai"
import { transcribe as upstreamTranscribe } from "ai"

v8.setFlagsFromString("--expose-gc")
const gc: () => void = vm.runInNewContext("gc")

const used = () => {
  const m = process.memoryUsage()
  return m.heapUsed + m.arrayBuffers
}
const settled = () => {
  gc()
  gc()
  return used()
}
const MB = 1024 * 1024

describe("bounded memory", () => {
  it.live("a 50 MB audio upload: peak growth as upstream's (input-sized copies only), nothing retained", () =>
    Effect.gen(function*() {
      const audio = new Uint8Array(50 * MB)
      audio.set([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x41, 0x56, 0x45])
      const measure = async (run: (fetch: typeof globalThis.fetch) => Promise<unknown>) => {
        const before = settled()
        let peak = before
        let uploaded = 0
        // the transport reads the multipart body as a stream, chunk by chunk, sampling memory
        const fetch: typeof globalThis.fetch = async (input, init) => {
          const request = new Request(String(input), { method: "POST", body: init?.body ?? null })
          const reader = request.body!.getReader()
          for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
            uploaded += chunk.value.byteLength
            peak = Math.max(peak, used())
          }
          return new Response(JSON.stringify({ text: "ok" }), { headers: { "content-type": "application/json" } })
        }
        const result = await run(fetch)
        await new Promise((resolve) => setTimeout(resolve, 50))
        return { result, uploaded, growth: peak - before, retained: settled() - before }
      }
      const upstream = yield* Effect.promise(() =>
        measure((fetch) => upstreamTranscribe({ model: createOpenAI({ apiKey: "k", fetch }).transcription("gpt-4o-transcribe"), audio, maxRetries: 0 }))
      )
      const ours = yield* Effect.promise(() =>
        measure((fetch) =>
          Effect.runPromise(
            Transcribe.transcribe({ audio, maxRetries: 0 }).pipe(
              Effect.provide(Layer.effect(TranscriptionModel, OpenAI.transcription("gpt-4o-transcribe", { apiKey: "k" }))),
              Effect.provide(Layer.provide(FetchHttpClient.layer, Layer.succeed(FetchHttpClient.Fetch, fetch)))
            )
          )
        )
      )
      const show = (m: { growth: number; retained: number }) => `peak +${(m.growth / MB).toFixed(1)} MB, retained ${(m.retained / MB).toFixed(1)} MB`
      console.log(`50 MB upload: aimux ${show(ours)}; upstream ${show(upstream)}`)
      expect(ours.uploaded).toBe(upstream.uploaded)
      expect(ours.uploaded).toBeGreaterThan(50 * MB)
      // a fixed number of input-sized copies (the File part and undici's multipart serialization), no
      // base64 text (+67 MB per copy) and no growth with the chunking: as upstream, and at most 3.3x
      expect(ours.growth).toBeLessThan(upstream.growth * 1.1)
      expect(ours.growth).toBeLessThan(3.3 * 50 * MB)
      expect(ours.retained).toBeLessThan(Math.max(upstream.retained, 0) + 8 * MB)
    }))

  it.live("a 20-image batch (2 calls of 10, 1 MB each): growth about the base64 once", () =>
    Effect.gen(function*() {
      const image = Buffer.alloc(750 * 1024, 7).toString("base64") // 1 MB of base64 text
      const reply: Reply = { body: JSON.stringify({ created: 1, data: Array.from({ length: 10 }, () => ({ b64_json: image })) }) }
      const before = settled()
      const result = yield* GenerateImage.generateImage({ prompt: "x", n: 20 }).pipe(
        Effect.provide(Layer.effect(ImageModel, OpenAI.image("dall-e-2", { apiKey: "k" }))),
        Effect.provide(fetchLayer([reply], []))
      )
      expect(result.images).toHaveLength(20)
      expect(result.calls).toHaveLength(2)
      const held = settled() - before
      console.log(`20 images: held ${(held / MB).toFixed(1)} MB (base64 ${(20 * image.length / MB).toFixed(1)} MB)`)
      // the strings of one response body are shared by the 10 images of the call; no bytes copies yet
      expect(held).toBeLessThan(1.5 * 20 * image.length)
      expect(result.images[19].uint8Array.byteLength).toBe(750 * 1024)
    }))
})

