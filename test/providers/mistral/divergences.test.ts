/**
 * Where aimux deliberately differs from `@ai-sdk/mistral` 4.0.87 (docs/divergences.md, Mistral):
 * each case runs upstream too and asserts both sides, so a change on either is seen.
 */
import type { UpstreamOptions as CallOptions } from "./harness.ts"
import { describe, expect, it } from "@effect/vitest"
import { Cause, Effect, Exit } from "effect"
import * as Mistral from "../../../src/providers/mistral/Mistral.ts"
import { aimuxGenerate, aimuxStream, linesToSse, partsView, replayClient, toAimux, upstreamGenerate, upstreamStream } from "./harness.ts"
import * as MistralLanguageModel from "../../../src/providers/mistral/MistralLanguageModel.ts"

const prompt: CallOptions["prompt"] = [{ role: "user", content: [{ type: "text", text: "hi" }] }]
const name = (error: unknown): unknown => (typeof error === "object" && error !== null ? Reflect.get(error, "name") : error)
const usage = { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 }

describe("Mistral divergences from @ai-sdk/mistral", () => {
  it.effect("a response without choices: upstream TypeError, aimux AI_InvalidResponseDataError", () =>
    Effect.gen(function*() {
      const reply = { body: JSON.stringify({ object: "chat.completion", choices: [], usage }), contentType: "application/json" }
      const upstream = yield* Effect.promise(() => upstreamGenerate(reply, { prompt }))
      const ours = yield* aimuxGenerate(reply, { prompt })
      expect(upstream.failure).toBeInstanceOf(TypeError)
      expect(name(ours.failure)).toBe("AI_InvalidResponseDataError")
    }))

  it.effect("a chunk without choices: the same parts before the failure, then the typed failure", () =>
    Effect.gen(function*() {
      const body = linesToSse([
        JSON.stringify({ id: "a", choices: [{ index: 0, delta: { content: "x" } }] }),
        JSON.stringify({ id: "a", choices: [], usage })
      ].join("\n"))
      const upstream = yield* Effect.promise(() => upstreamStream({ body }, { prompt }))
      const ours = yield* aimuxStream({ body }, { prompt })
      expect(upstream.failure).toBeInstanceOf(TypeError)
      expect(name(ours.failure)).toBe("AI_InvalidResponseDataError")
      expect(partsView(ours.parts)).toStrictEqual(partsView(upstream.parts))
      expect(ours.parts.map((p) => Reflect.get(Object(p), "type"))).toStrictEqual(["stream-start", "response-metadata", "text-start", "text-delta"])
    }))

  it.effect("an assistant file part: upstream plain Error, aimux AI_InvalidPromptError with its text", () =>
    Effect.gen(function*() {
      const options: CallOptions = {
        prompt: [...prompt, {
          role: "assistant",
          content: [{ type: "file", mediaType: "image/png", data: { type: "url", url: new URL("https://e.com/a.png") } }]
        }]
      }
      const reply = { body: "{}", contentType: "application/json" }
      const upstream = yield* Effect.promise(() => upstreamGenerate(reply, options))
      const ours = yield* aimuxGenerate(reply, options)
      expect(name(upstream.failure)).toBe("Error")
      expect(Reflect.get(Object(upstream.failure), "message")).toBe("Unsupported content type in assistant message: file")
      expect(name(ours.failure)).toBe("AI_InvalidPromptError")
      expect(Reflect.get(Object(ours.failure), "message")).toBe("Invalid prompt: Unsupported content type in assistant message: file")
      expect(ours.captured.text).toBeUndefined()
    }))

  it.effect("a tool-call input nested 100,000 deep: AI_JSONParseError, no request, never a defect", () =>
    Effect.gen(function*() {
      let deep: unknown = 1
      for (let i = 0; i < 100_000; i++) deep = [deep]
      const options = toAimux({
        prompt: [...prompt, { role: "assistant", content: [{ type: "tool-call", toolCallId: "c", toolName: "f", input: deep }] }]
      })
      const captured = {}
      const model = MistralLanguageModel.makeWith(
        replayClient({ body: "{}", contentType: "application/json" }, captured),
        Mistral.modelConfig("mistral-large-latest", { apiKey: "k" })
      )
      const exit = yield* Effect.exit(model.generate(options))
      expect(Exit.isFailure(exit)).toBe(true)
      if (Exit.isFailure(exit)) {
        expect(Cause.hasDies(exit.cause)).toBe(false)
        expect(name(Cause.squash(exit.cause))).toBe("AI_JSONParseError")
      }
      expect(captured).toStrictEqual({})
    }))
})
