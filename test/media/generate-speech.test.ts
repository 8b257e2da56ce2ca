/**
 * generateSpeech against upstream `ai` 7.0.173 (`MockSpeechModelV4`): the call options passed,
 * the audio file (media type from the bytes, the response content type, the raw output format or
 * `audio/mp3`; `format`), warnings, responses, provider metadata, NoSpeechGeneratedError, the
 * invalid-format error, and the retries on fake timers vs TestClock.
 */
import { afterEach, describe, expect, it, vi } from "@effect/vitest"
import { APICallError as UpstreamAPICallError, type SpeechModelV4CallOptions, type SpeechModelV4Result } from "@ai-sdk/provider"
import { generateSpeech as upstreamGenerateSpeech } from "ai"
import { MockSpeechModelV4 } from "ai/test"
import { Clock, Effect } from "effect"
import * as GenerateSpeech from "../../src/core/GenerateSpeech.ts"
import { APICallError } from "../../src/contract/errors/APICallError.ts"
import type { SpeechResult } from "../../src/contract/Speech.ts"
import * as MockSpeechModel from "../../src/testing/MockSpeechModel.ts"
import { callView, onTestClock, outcomeOf, underFakeTimers } from "./harness.ts"

afterEach(() => {
  vi.useRealTimers()
})

const mp3 = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0, 0xff, 0xfb, 0x90, 0x44])
const unknown = new Uint8Array([1, 2, 3, 4, 5])

type Answer =
  | { readonly audio: string | Uint8Array; readonly contentType?: string; readonly meta?: boolean }
  | { readonly status: number }

interface Scenario {
  readonly answers: (attempt: number) => Answer
  readonly options: Omit<GenerateSpeech.Options, "text">
}

const resultOf = (answer: Extract<Answer, { audio: unknown }>, now: number): SpeechResult => ({
  audio: answer.audio,
  warnings: [{ type: "other", message: "w" }],
  request: { body: "{}" },
  response: {
    timestamp: new Date(now),
    modelId: "tts-1",
    ...(answer.contentType !== undefined ? { headers: { "Content-Type": answer.contentType } } : {})
  },
  ...(answer.meta ? { providerMetadata: { test: { voice: "alloy" } } } : {})
})

const apiError = (status: number) => ({ message: `status ${status}`, url: "https://api.test/speech", requestBodyValues: {}, statusCode: status })

const differential = (name: string, scenario: Scenario) =>
  it.effect(name, () =>
    Effect.gen(function*() {
      const upstreamCalls: Array<{ time: number; options: unknown }> = []
      const upstream = yield* Effect.promise(() =>
        underFakeTimers(() => {
          let attempt = 0
          return upstreamGenerateSpeech({
            model: new MockSpeechModelV4({
              doGenerate: async (options: SpeechModelV4CallOptions): Promise<SpeechModelV4Result> => {
                upstreamCalls.push({ time: Date.now(), options })
                const answer = scenario.answers(attempt++)
                if ("status" in answer) throw new UpstreamAPICallError(apiError(answer.status))
                const result: unknown = resultOf(answer, Date.now())
                return result as SpeechModelV4Result
              }
            }),
            text: "Hello",
            ...scenario.options
          } as Parameters<typeof upstreamGenerateSpeech>[0])
        })
      )
      const oursCalls: Array<{ time: number; options: unknown }> = []
      const ours = yield* onTestClock(
        GenerateSpeech.generateSpeech({ text: "Hello", ...scenario.options }).pipe(
          Effect.provide(MockSpeechModel.layer({
            generate: (options, attempt) =>
              Effect.flatMap(Clock.currentTimeMillis, (now) => {
                oursCalls.push({ time: now, options })
                const answer = scenario.answers(attempt)
                return "status" in answer ? Effect.fail(new APICallError(apiError(answer.status))) : Effect.succeed(resultOf(answer, now))
              })
          }))
        )
      )
      const view = (calls: typeof oursCalls) => calls.map((c) => ({ time: c.time, options: callView(c.options) }))
      expect(view(oursCalls)).toEqual(view(upstreamCalls))
      expect(outcomeOf(ours)).toEqual(outcomeOf(upstream))
    }))

describe("generateSpeech (differential)", () => {
  differential("every option passes through; mp3 detected from the bytes", {
    answers: () => ({ audio: mp3, meta: true }),
    options: {
      voice: "alloy",
      outputFormat: "mp3",
      instructions: "slowly",
      speed: 1.5,
      language: "en",
      providerOptions: { test: { a: 1 } },
      headers: { "x-h": "1" }
    }
  })
  differential("base64 audio", { answers: () => ({ audio: Buffer.from(mp3).toString("base64") }), options: {} })
  differential("unknown bytes: the response's audio content type (parameters dropped)", {
    answers: () => ({ audio: unknown, contentType: "Audio/WAV; codecs=1" }),
    options: {}
  })
  differential("unknown bytes, non-audio content type, raw format pcm", {
    answers: () => ({ audio: unknown, contentType: "application/octet-stream" }),
    options: { outputFormat: "PCM" }
  })
  differential("unknown bytes, nothing known: audio/mp3", { answers: () => ({ audio: unknown }), options: { outputFormat: "opus" } })
  differential("audio/mpeg content type: format mp3", { answers: () => ({ audio: unknown, contentType: "audio/mpeg" }), options: {} })
  differential("empty audio: NoSpeechGeneratedError", { answers: () => ({ audio: new Uint8Array() }), options: {} })
  differential("an empty subtype: InvalidResponseDataError", { answers: () => ({ audio: unknown, contentType: "audio/" }), options: {} })
  differential("500 then audio: retried after 2 s", {
    answers: (attempt) => (attempt === 0 ? { status: 500 } : { audio: mp3 }),
    options: {}
  })
  differential("429 always: RetryError after 3 calls", { answers: () => ({ status: 429 }), options: {} })
  differential("maxRetries 0: the error unwrapped", { answers: () => ({ status: 429 }), options: { maxRetries: 0 } })
})
