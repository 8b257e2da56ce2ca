/**
 * Issue 31: deep JSON at the positions that still became a defect. A value nested 10^4 / 10^5
 * deep decodes (V8's `JSON.parse` does not recurse) but overflows `JSON.stringify` and the
 * `TypeValidationError` message: Gemini's `functionCall.args` / server `toolCall.args` (stream and
 * generate, google and google-vertex) and a Hugging Face Responses `delta` that fails validation.
 * Each gives a typed `AI_JSONParseError` (an error part, or generate's invalid-response
 * `AI_APICallError` caused by it), as openai-responses and xAI do for the same input; never a defect.
 */
import { Cause, Effect, Exit, Layer, Schema, Stream } from "effect"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import { describe, expect, it } from "vitest"
import { providers } from "../../src/cli/ProviderRegistry.ts"
import { CallOptions } from "../../src/contract/CallOptions.ts"
import { IdGenerator } from "../../src/runtime/IdGenerator.ts"

const hi = Schema.decodeUnknownSync(CallOptions)({ prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }] })
const deep = (depth: number) => "[".repeat(depth) + "]".repeat(depth)

const replay = (body: string, contentType: string) =>
  Layer.merge(
    Layer.succeed(
      HttpClient.HttpClient,
      HttpClient.make((request) =>
        Effect.sync(() => HttpClientResponse.fromWeb(request, new Response(body, { headers: { "content-type": contentType } })))
      )
    ),
    IdGenerator.layerCounter()
  )

const names = (error: unknown): Array<string> => {
  const out: Array<string> = []
  let current: unknown = error
  for (let i = 0; i < 4 && typeof current === "object" && current !== null; i++) {
    out.push(String(Reflect.get(current, "name")))
    current = Reflect.get(current, "cause")
  }
  return out
}

const runStream = (id: string, body: string) => {
  const entry = providers[id]!
  const errors: Array<unknown> = []
  const types: Array<string> = []
  return Effect.runPromiseExit(
    Effect.gen(function*() {
      const model = yield* entry.make({ modelId: entry.defaultModel, apiKey: "k" })
      const response = yield* model.stream(hi)
      yield* Stream.runForEach(response.stream, (part) =>
        Effect.sync(() => {
          types.push(part.type)
          if (part.type === "error") errors.push(part.error)
        }))
    }).pipe(Effect.provide(replay(body, "text/event-stream")))
  ).then((exit) => ({ exit, errors, types }))
}

const runGenerate = (id: string, body: string) => {
  const entry = providers[id]!
  return Effect.runPromiseExit(
    Effect.gen(function*() {
      const model = yield* entry.make({ modelId: entry.defaultModel, apiKey: "k" })
      return yield* model.generate(hi)
    }).pipe(Effect.provide(replay(body, "application/json")))
  )
}

const geminiParts = (nested: string) => ({
  functionCall: `{"functionCall":{"name":"f","args":{"a":${nested}}}}`,
  toolCall: `{"toolCall":{"toolType":"GOOGLE_SEARCH_WEB","id":"t1","args":{"a":${nested}}}}`
})
const geminiBody = (part: string) => `{"candidates":[{"content":{"role":"model","parts":[${part}]},"index":0}]}`

for (const depth of [10_000, 100_000] as const) {
  describe(`deep JSON, ${depth} deep: typed, never a defect`, () => {
    for (const id of ["google", "google-vertex"]) {
      for (const [where, part] of Object.entries(geminiParts(deep(depth)))) {
        it(`${id} stream: ${where}.args → an AI_JSONParseError part, no tool call`, async () => {
          const { errors, exit, types } = await runStream(id, `data: ${geminiBody(part)}\n\n`)
          expect(Exit.isSuccess(exit)).toBe(true)
          expect(errors.map((e) => names(e).slice(0, 2))).toStrictEqual([["AI_JSONParseError", "RangeError"]])
          expect(types).not.toContain("tool-call")
          expect(types.at(-1)).toBe("finish")
        })
        it(`${id} generate: ${where}.args → AI_APICallError caused by AI_JSONParseError`, async () => {
          const exit = await runGenerate(id, geminiBody(part))
          expect(Exit.isFailure(exit)).toBe(true)
          if (Exit.isFailure(exit)) {
            expect(Cause.hasDies(exit.cause)).toBe(false)
            expect(names(Cause.squash(exit.cause)).slice(0, 3)).toStrictEqual([
              "AI_APICallError",
              "AI_JSONParseError",
              "RangeError"
            ])
          }
        })
      }
    }
    it("huggingface stream: a deep delta that fails validation → an AI_JSONParseError part", async () => {
      const event = `{"type":"response.output_text.delta","item_id":"m1","output_index":0,"content_index":0,"delta":${deep(depth)}}`
      const { errors, exit, types } = await runStream("huggingface", `data: ${event}\n\n`)
      expect(Exit.isSuccess(exit)).toBe(true)
      expect(errors.map((e) => names(e)[0])).toStrictEqual(["AI_JSONParseError"])
      expect(types).not.toContain("text-delta")
    })
  })
}
