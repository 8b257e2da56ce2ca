/**
 * Deep JSON (issue 31's rule) at Mistral's positions: a stream chunk, a generate body and an error
 * body whose deep value fails validation, and tool-call arguments 10^5 deep (passed through as
 * text, as upstream). Each is a typed failure or error part, never a defect.
 */
import { Cause, Effect, Exit, Layer, Stream } from "effect"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import { describe, expect, it } from "vitest"
import * as Mistral from "../../../src/providers/mistral/Mistral.ts"
import { IdGenerator } from "../../../src/runtime/IdGenerator.ts"
import { toAimux } from "./harness.ts"

const hi = toAimux({ prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }] })
const deep = (depth: number) => "[".repeat(depth) + "]".repeat(depth)

const replay = (body: string, contentType: string, status = 200) =>
  Layer.merge(
    Layer.succeed(
      HttpClient.HttpClient,
      HttpClient.make((request) =>
        Effect.sync(() => HttpClientResponse.fromWeb(request, new Response(body, { status, headers: { "content-type": contentType } })))
      )
    ),
    IdGenerator.layerCounter()
  )

const name = (error: unknown): string => String(typeof error === "object" && error !== null ? Reflect.get(error, "name") : error)

const runStream = (body: string) => {
  const parts: Array<{ type: string; error?: unknown; input?: unknown }> = []
  return Effect.runPromiseExit(
    Effect.gen(function*() {
      const model = yield* Mistral.model("mistral-large-latest", { apiKey: "k" })
      const response = yield* model.stream(hi)
      yield* Stream.runForEach(response.stream, (part) => Effect.sync(() => parts.push(part)))
    }).pipe(Effect.provide(replay(body, "text/event-stream")))
  ).then((exit) => ({ exit, parts }))
}

const generate = (body: string, status = 200) =>
  Effect.runPromiseExit(
    Effect.flatMap(Mistral.model("mistral-large-latest", { apiKey: "k" }), (model) => model.generate(hi)).pipe(
      Effect.provide(replay(body, "application/json", status))
    )
  )

const sse = (events: ReadonlyArray<string>) => events.map((e) => `data: ${e}\n\n`).join("")

describe("Mistral deep JSON: typed, never a defect", () => {
  for (const depth of [10_000, 100_000]) {
    it(`a chunk ${depth} deep fails validation: a typed error part, the stream goes on`, async () => {
      const { exit, parts } = await runStream(sse([
        `{"choices":[{"index":0,"delta":{"content":${deep(depth)}}}]}`,
        '{"choices":[{"index":0,"delta":{"content":"ok"},"finish_reason":"stop"}]}'
      ]))
      expect(Exit.isSuccess(exit)).toBe(true)
      const errors = parts.filter((p) => p.type === "error").map((p) => name(p.error))
      expect(errors).toHaveLength(1)
      expect(["AI_JSONParseError", "AI_TypeValidationError"]).toContain(errors[0])
      expect(parts.map((p) => p.type)).toStrictEqual(["stream-start", "error", "response-metadata", "text-start", "text-delta", "text-end", "finish"])
    })

    it(`tool-call arguments ${depth} deep are text: the call carries them as sent`, async () => {
      const args = deep(depth)
      const { exit, parts } = await runStream(sse([
        JSON.stringify({ choices: [{ index: 0, delta: { tool_calls: [{ id: "c", index: 0, function: { name: "f", arguments: args } }] } }] })
      ]))
      expect(Exit.isSuccess(exit)).toBe(true)
      expect(parts.find((p) => p.type === "tool-call")?.input).toBe(args)
    })

    it(`a generate body ${depth} deep that fails validation: a typed failure`, async () => {
      const exit = await generate(
        `{"object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":${deep(depth)}}}],"usage":{"prompt_tokens":1,"completion_tokens":1,"total_tokens":2}}`
      )
      expect(Exit.isFailure(exit)).toBe(true)
      if (Exit.isFailure(exit)) expect(Cause.hasDies(exit.cause)).toBe(false)
    })

    it(`an error body ${depth} deep: a typed APICallError`, async () => {
      const exit = await generate(`{"object":"error","message":${deep(depth)}}`, 400)
      expect(Exit.isFailure(exit)).toBe(true)
      if (Exit.isFailure(exit)) {
        expect(Cause.hasDies(exit.cause)).toBe(false)
        expect(name(Cause.squash(exit.cause))).toBe("AI_APICallError")
      }
    })
  }
})
