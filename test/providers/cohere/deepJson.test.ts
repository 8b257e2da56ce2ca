/**
 * Deep JSON (issue 31's rule) at Cohere's positions: tool-call arguments nested 10^5 deep (they
 * parse, but re-serializing them overflows `JSON.stringify`), a stream event and a generate body
 * whose deep value fails validation. Each is a typed failure or error part, never a defect
 * (docs/divergences.md, Cohere: upstream throws a `RangeError` for the first).
 */
import { Cause, Effect, Exit, Layer, Stream } from "effect"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import { describe, expect, it } from "vitest"
import * as Cohere from "../../../src/providers/cohere/Cohere.ts"
import { IdGenerator } from "../../../src/runtime/IdGenerator.ts"
import { toAimux } from "./harness.ts"

const hi = toAimux({ prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }] })
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

const name = (error: unknown): string => String(typeof error === "object" && error !== null ? Reflect.get(error, "name") : error)

const runStream = (body: string) => {
  const types: Array<string> = []
  const errors: Array<string> = []
  return Effect.runPromiseExit(
    Effect.gen(function*() {
      const model = yield* Cohere.model("command-a-03-2025", { apiKey: "k" })
      const response = yield* model.stream(hi)
      yield* Stream.runForEach(response.stream, (part) =>
        Effect.sync(() => {
          types.push(part.type)
          if (part.type === "error") errors.push(name(part.error))
        }))
    }).pipe(Effect.provide(replay(body, "text/event-stream")))
  ).then((exit) => ({ exit, types, errors }))
}

const sse = (events: ReadonlyArray<string>) => events.map((e) => `data: ${e}\n\n`).join("")

describe("Cohere deep JSON: typed, never a defect", () => {
  for (const depth of [10_000, 100_000]) {
    it(`tool-call arguments ${depth} deep: the stream fails with AI_JSONParseError, no tool call`, async () => {
      const start = JSON.stringify({
        type: "tool-call-start",
        delta: { message: { tool_calls: { id: "c", type: "function", function: { name: "f", arguments: deep(depth) } } } }
      })
      const { exit, types } = await runStream(sse([start, '{"type":"tool-call-end"}']))
      expect(Exit.isFailure(exit)).toBe(true)
      if (Exit.isFailure(exit)) {
        expect(Cause.hasDies(exit.cause)).toBe(false)
        expect(name(Cause.squash(exit.cause))).toBe("AI_JSONParseError")
      }
      expect(types).toStrictEqual(["stream-start", "tool-input-start", "tool-input-delta", "tool-input-end"])
    })

    it(`a content delta ${depth} deep fails validation: a typed error part, the stream goes on`, async () => {
      const { exit, types, errors } = await runStream(sse([
        `{"type":"content-delta","index":0,"delta":{"message":{"content":{"text":${deep(depth)}}}}}`,
        '{"type":"content-start","index":1,"delta":{"message":{"content":{"type":"text","text":""}}}}'
      ]))
      expect(Exit.isSuccess(exit)).toBe(true)
      expect(errors).toHaveLength(1)
      expect(["AI_JSONParseError", "AI_TypeValidationError"]).toContain(errors[0])
      expect(types).toStrictEqual(["stream-start", "error", "text-start", "finish"])
    })

    it(`a generate body ${depth} deep that fails validation: a typed failure`, async () => {
      const body = `{"message":{"role":"assistant","content":[{"type":"text","text":${deep(depth)}}]},"finish_reason":"COMPLETE","usage":{"tokens":{"input_tokens":1,"output_tokens":1}}}`
      const exit = await Effect.runPromiseExit(
        Effect.flatMap(Cohere.model("command-a-03-2025", { apiKey: "k" }), (model) => model.generate(hi)).pipe(
          Effect.provide(replay(body, "application/json"))
        )
      )
      expect(Exit.isFailure(exit)).toBe(true)
      if (Exit.isFailure(exit)) expect(Cause.hasDies(exit.cause)).toBe(false)
    })
  }
})
