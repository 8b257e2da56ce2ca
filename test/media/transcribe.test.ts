/**
 * transcribe against upstream `ai` 7.0.173 (`MockTranscriptionModelV4`): audio as bytes, base64,
 * or a URL (native `generateFromUrl`, declined then downloaded, a custom download forcing the
 * local path, download media types), the call options, the result, NoTranscriptGeneratedError,
 * and the retries on fake timers vs TestClock.
 */
import { afterEach, describe, expect, it, vi } from "@effect/vitest"
import {
  APICallError as UpstreamAPICallError,
  type TranscriptionModelV4CallOptions,
  type TranscriptionModelV4Result
} from "@ai-sdk/provider"
import { transcribe as upstreamTranscribe } from "ai"
import { MockTranscriptionModelV4 } from "ai/test"
import { Clock, Effect, Layer } from "effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as Transcribe from "../../src/core/Transcribe.ts"
import * as Download from "../../src/runtime/DownloadService.ts"
import { APICallError } from "../../src/contract/errors/APICallError.ts"
import type { TranscriptionResult } from "../../src/contract/Transcription.ts"
import * as MockTranscriptionModel from "../../src/testing/MockTranscriptionModel.ts"
import { callView, onTestClock, outcomeOf, underFakeTimers } from "./harness.ts"

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const wav = new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x41, 0x56, 0x45, 1, 2])
const unknown = new Uint8Array([7, 7, 7, 7])

type Answer = { readonly text: string | undefined; readonly words?: boolean } | { readonly status: number }

interface Scenario {
  readonly audio: string | Uint8Array | URL
  readonly answers: (attempt: number) => Answer
  /** `doGenerateFromUrl`: absent (no native path), or per attempt: decline (undefined) or answer. */
  readonly fromUrl?: (attempt: number) => Answer | undefined
  /** A custom download (upstream `download`, aimux a provided `Download` service) answering this. */
  readonly download?: { readonly data: Uint8Array; readonly mediaType: string | undefined }
  /** The fetch answering the default download. */
  readonly fetched?: { readonly data: Uint8Array; readonly contentType: string }
  readonly options?: Omit<Transcribe.Options, "audio">
}

const resultOf = (answer: Extract<Answer, { text: unknown }>, now: number, path: string): TranscriptionResult => ({
  // (upstream checks `text == null`; the contract type says string)
  text: answer.text as string,
  segments: [{ text: `${path}`, startSecond: 0, endSecond: 1 }],
  ...(answer.words ? { words: [{ text: "hi", startSecond: 0, endSecond: 0.5 }] } : {}),
  language: "en",
  durationInSeconds: 1.5,
  warnings: [],
  response: { timestamp: new Date(now), modelId: "whisper-1", headers: { a: "b" } },
  providerMetadata: { test: { path } }
})

const apiError = (status: number) => ({ message: `status ${status}`, url: "https://api.test/t", requestBodyValues: {}, statusCode: status })

const mockFetch = (fetched: NonNullable<Scenario["fetched"]>, seen: Array<string>): typeof fetch => async (input) => {
  seen.push(String(input))
  return new Response(Buffer.from(fetched.data), { status: 200, headers: { "content-type": fetched.contentType } })
}

const differential = (name: string, scenario: Scenario) =>
  it.effect(name, () =>
    Effect.gen(function*() {
      const upstreamCalls: Array<{ time: number; kind: string; options: unknown }> = []
      const upstreamFetched: Array<string> = []
      if (scenario.fetched) vi.stubGlobal("fetch", mockFetch(scenario.fetched, upstreamFetched))
      const upstream = yield* Effect.promise(() =>
        underFakeTimers(() => {
          let attempt = 0
          let urlAttempt = 0
          const fromUrl = scenario.fromUrl
          return upstreamTranscribe({
            model: new MockTranscriptionModelV4({
              doGenerate: async (options: TranscriptionModelV4CallOptions): Promise<TranscriptionModelV4Result> => {
                upstreamCalls.push({ time: Date.now(), kind: "file", options })
                const answer = scenario.answers(attempt++)
                if ("status" in answer) throw new UpstreamAPICallError(apiError(answer.status))
                const result: unknown = resultOf(answer, Date.now(), "file")
                return result as TranscriptionModelV4Result
              },
              ...(fromUrl
                ? {
                  doGenerateFromUrl: async (options) => {
                    upstreamCalls.push({ time: Date.now(), kind: "url", options })
                    const answer = fromUrl(urlAttempt++)
                    if (answer === undefined) return undefined
                    if ("status" in answer) throw new UpstreamAPICallError(apiError(answer.status))
                    const result: unknown = resultOf(answer, Date.now(), "url")
                    return result as TranscriptionModelV4Result
                  }
                }
                : {})
            } as ConstructorParameters<typeof MockTranscriptionModelV4>[0]) as Parameters<typeof upstreamTranscribe>[0]["model"],
            audio: scenario.audio,
            ...(scenario.download ? { download: async () => scenario.download! } : {}),
            ...scenario.options
          } as unknown as Parameters<typeof upstreamTranscribe>[0])
        })
      )
      vi.unstubAllGlobals()

      const oursCalls: Array<{ time: number; kind: string; options: unknown }> = []
      const oursFetched: Array<string> = []
      const fromUrl = scenario.fromUrl
      const model = MockTranscriptionModel.layer({
        generate: (options, attempt) =>
          Effect.flatMap(Clock.currentTimeMillis, (now) => {
            oursCalls.push({ time: now, kind: "file", options })
            const answer = scenario.answers(attempt)
            return "status" in answer ? Effect.fail(new APICallError(apiError(answer.status))) : Effect.succeed(resultOf(answer, now, "file"))
          }),
        ...(fromUrl
          ? {
            generateFromUrl: (options, attempt) =>
              Effect.flatMap(Clock.currentTimeMillis, (now) => {
                oursCalls.push({ time: now, kind: "url", options })
                const answer = fromUrl(attempt)
                if (answer === undefined) return Effect.succeed(undefined)
                return "status" in answer ? Effect.fail(new APICallError(apiError(answer.status))) : Effect.succeed(resultOf(answer, now, "url"))
              })
          }
          : {})
      })
      const download = scenario.download
      const downloadLayer = download
        ? Layer.succeed(Download.Download, { download: (requests) => Effect.succeed(requests.map(() => download)) })
        : Layer.empty
      const fetchLayer = scenario.fetched
        ? Layer.succeed(FetchHttpClient.Fetch, mockFetch(scenario.fetched, oursFetched))
        : Layer.empty
      const ours = yield* onTestClock(
        Transcribe.transcribe({ audio: scenario.audio, ...scenario.options }).pipe(
          Effect.provide(Layer.mergeAll(model, downloadLayer, fetchLayer))
        )
      )
      const view = (calls: typeof oursCalls) => calls.map((c) => ({ time: c.time, kind: c.kind, options: callView(c.options) }))
      expect(view(oursCalls)).toEqual(view(upstreamCalls))
      expect(oursFetched).toEqual(upstreamFetched)
      expect(outcomeOf(ours)).toEqual(outcomeOf(upstream))
    }))

const url = new URL("https://example.com/audio.wav")

describe("transcribe (differential)", () => {
  differential("bytes: wav detected, options pass through", {
    audio: wav,
    answers: () => ({ text: "hello", words: true }),
    options: { providerOptions: { test: { a: 1 } }, timestampGranularities: ["word"], headers: { "x-h": "1" } }
  })
  differential("base64, unknown bytes: audio/wav", { audio: Buffer.from(unknown).toString("base64"), answers: () => ({ text: "x" }) })
  differential("URL with a native path: no download", {
    audio: url,
    answers: () => ({ text: "file" }),
    fromUrl: () => ({ text: "native" })
  })
  differential("URL declined by the model: downloaded (content type audio/ogg), then the file path", {
    audio: url,
    answers: () => ({ text: "file" }),
    fromUrl: () => undefined,
    fetched: { data: unknown, contentType: "audio/ogg; codecs=opus" }
  })
  differential("URL, no native path: downloaded; octet-stream content type → detected wav", {
    audio: url,
    answers: () => ({ text: "file" }),
    fetched: { data: wav, contentType: "application/octet-stream" }
  })
  differential("a custom download forces the local path even with a native one", {
    audio: url,
    answers: () => ({ text: "file" }),
    fromUrl: () => ({ text: "native" }),
    download: { data: unknown, mediaType: "audio/flac" }
  })
  differential("no text: NoTranscriptGeneratedError", { audio: wav, answers: () => ({ text: undefined }) })
  differential("500 then text: retried after 2 s", {
    audio: wav,
    answers: (attempt) => (attempt === 0 ? { status: 500 } : { text: "ok" })
  })
  differential("native path failing retryably is retried", {
    audio: url,
    answers: () => ({ text: "file" }),
    fromUrl: (attempt) => (attempt < 2 ? { status: 503 } : { text: "native" })
  })
  differential("429 always: RetryError after 3 calls", { audio: wav, answers: () => ({ status: 429 }) })
})
