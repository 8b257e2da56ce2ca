/**
 * Differential: the request body and warnings aimux builds equal upstream's
 * for the same call options (upstream's body captured from its `fetch`).
 */
import { Effect, Result, Schema, Stream } from "effect"
import { describe, expect, it } from "vitest"
import { getArgs } from "../../../src/providers/kits/openai/internal/RequestArgs.ts"
import { CallOptions } from "../../../src/contract/CallOptions.ts"
import { callCases, failingCallCases } from "./callCases.ts"
import { headersView, oursChatModel } from "./differential.ts"
import { replayClient } from "./replay.ts"
import { type Captured, mockFetch, readAll, upstreamChat } from "./upstream.ts"

const decodeCallOptions = Schema.decodeUnknownSync(CallOptions)
const json = (u: unknown): unknown => JSON.parse(JSON.stringify(u))
const sse = "data: {\"id\":\"x\",\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\n"

const upstreamStreamCall = async (modelId: string, options: Parameters<ReturnType<typeof upstreamChat>["doStream"]>[0], provider?: string) => {
  const captured: Captured = {}
  const model = upstreamChat(modelId, mockFetch(sse, captured), provider ? { name: provider } : {})
  const result = await model.doStream(options)
  const { parts } = await readAll(result.stream)
  const start = parts[0]
  return {
    body: captured.body,
    headers: headersView(captured.headers),
    warnings: start?.type === "stream-start" ? start.warnings : undefined
  }
}

/** The whole request aimux sends through the model `OpenAI.chat` configures (replay client). */
const oursStreamCall = async (modelId: string, options: unknown, provider?: string) => {
  const { client, seen } = replayClient(sse)
  const model = oursChatModel(client, modelId, provider ? { name: provider } : {})
  await Effect.runPromise(
    Effect.flatMap(model.stream(decodeCallOptions(options)), (response) => Stream.runDrain(response.stream))
  )
  return { body: seen.bodies[0], headers: headersView(seen.headers[0]) }
}

describe("OpenAI chat request body (differential)", () => {
  for (const testCase of callCases) {
    it(testCase.name, async () => {
      const provider = testCase.name.startsWith("azure") ? "azure" : undefined
      const upstream = await upstreamStreamCall(testCase.modelId, testCase.options, provider)
      const ours = getArgs(
        { provider: `${provider ?? "openai"}.chat`, modelId: testCase.modelId },
        decodeCallOptions(testCase.options)
      )
      if (Result.isFailure(ours)) throw new Error(`aimux failed: ${ours.failure.message}`)
      expect(json({ ...ours.success.args, stream: true, stream_options: { include_usage: true } })).toEqual(
        upstream.body
      )
      expect(JSON.stringify(json(ours.success.warnings))).toEqual(JSON.stringify(json(upstream.warnings)))
      // key order too: the serialized bodies are byte-identical
      expect(JSON.stringify({ ...ours.success.args, stream: true, stream_options: { include_usage: true } }))
        .toEqual(JSON.stringify(upstream.body))
    })
  }

  for (const testCase of callCases) {
    it(`the whole request (every header but content-length, body): ${testCase.name}`, async () => {
      const provider = testCase.name.startsWith("azure") ? "azure" : undefined
      const upstream = await upstreamStreamCall(testCase.modelId, testCase.options, provider)
      const ours = await oursStreamCall(testCase.modelId, testCase.options, provider)
      expect(ours.headers).toStrictEqual(upstream.headers)
      expect(ours.headers?.["user-agent"]).toMatch(/^ai-sdk-openai\/4\.0\.118 ai-sdk-provider-utils\/5\.0\.81 /)
      expect(ours.body).toStrictEqual(upstream.body)
    })
  }

  for (const testCase of failingCallCases) {
    it(`fails like upstream: ${testCase.name}`, async () => {
      const error = await upstreamStreamCall(testCase.modelId, testCase.options).then(
        () => undefined,
        (e: unknown) => e
      )
      expect(error).toBeInstanceOf(Error)
      const ours = getArgs({ provider: "openai.chat", modelId: testCase.modelId }, decodeCallOptions(testCase.options))
      expect(Result.isFailure(ours)).toBe(true)
      if (Result.isFailure(ours) && error instanceof Error) {
        expect({ name: ours.failure.name, message: ours.failure.message }).toEqual({
          name: error.name,
          message: error.message
        })
      }
    })
  }
})
