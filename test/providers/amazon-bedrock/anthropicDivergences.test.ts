/**
 * Anthropic on Bedrock against upstream's variant as pinned: `@ai-sdk/amazon-bedrock`
 * 5.0.101 nests `@ai-sdk/anthropic` 4.0.68, aimux has one Anthropic port, of
 * 4.0.105 (the version `@ai-sdk/google-vertex` 5.0.141 and `@ai-sdk/anthropic`
 * itself pin). `anthropic.test.ts` proves aimux equal to 5.0.101's Bedrock
 * code on the 4.0.105 model everywhere; here the cases where the pinned
 * 4.0.68 model differs are listed exactly (a list that is too long or too
 * short fails), so a newer pin that converges shows up
 * (docs/divergences.md, "Anthropic on Bedrock").
 */
import type { LanguageModelV4CallOptions } from "@ai-sdk/provider"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import * as path from "node:path"
import { callCases } from "../anthropic/callCases.ts"
import { fixturesDir as anthropicFixtures, listFixtures, readText } from "../anthropic/harness.ts"
import {
  aimuxGenerate,
  aimuxStream,
  errorView,
  headersView,
  partsView,
  resultView,
  upstreamGenerate,
  upstreamStream
} from "../anthropic/hostHarness.ts"
import { anthropicLinesToBody, MODEL, pinnedHost } from "./anthropicHarness.ts"
import { divergentCases, divergentStreams } from "./anthropicDivergences.ts"

const prompt: LanguageModelV4CallOptions["prompt"] = [{ role: "user", content: [{ type: "text", text: "hi" }] }]
const eventStream = "application/vnd.amazon.eventstream"
const streamBody = anthropicLinesToBody([
  '{"type":"message_start","message":{"id":"m","model":"claude-sonnet-4-5","content":[],"stop_reason":null,"usage":{"input_tokens":1,"output_tokens":1}}}',
  '{"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"output_tokens":1}}',
  '{"type":"message_stop"}'
].join("\n"))
const json = JSON.stringify({
  type: "message",
  id: "m",
  model: "claude-sonnet-4-5",
  content: [{ type: "text", text: "ok" }],
  stop_reason: "end_turn",
  usage: { input_tokens: 1, output_tokens: 1 }
})

// key order aside, as toStrictEqual compares
const sorted = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(sorted)
    : typeof value === "object" && value !== null
    ? Object.fromEntries(Object.keys(value).sort().map((key) => [key, sorted(Reflect.get(value, key))]))
    : value
const same = (a: unknown, b: unknown): boolean => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b))
const isMessageStart = (part: unknown): boolean =>
  Reflect.get(Object(part), "type") === "custom" && Reflect.get(Object(part), "kind") === "anthropic.message_start"
// The deltas every stream has: 4.0.105 reports each message start as a
// `custom` part and the usage's service tier in the finish metadata; 4.0.68 neither.
const withoutMessageStart = (parts: ReadonlyArray<unknown>): Array<unknown> =>
  parts.filter((part) => !isMessageStart(part)).map((part) => {
    const anthropic = Reflect.get(Object(Reflect.get(Object(part), "providerMetadata")), "anthropic")
    if (Reflect.get(Object(part), "type") !== "finish" || typeof anthropic !== "object" || anthropic === null) return part
    const { serviceTier: _tier, ...rest } = anthropic
    return { ...Object(part), providerMetadata: { ...Reflect.get(Object(part), "providerMetadata"), anthropic: rest } }
  })
const omit = ["user-agent"]

describe("Anthropic on Bedrock: version deltas against the pinned 4.0.68 model", () => {
  it.effect("the request matrix differs exactly in the listed cases", () =>
    Effect.gen(function*() {
      const differing: Array<string> = []
      for (const testCase of callCases) {
        const modelId = testCase.modelId ?? MODEL
        const genReply = { body: json, contentType: "application/json" }
        const upGen = yield* Effect.promise(() => upstreamGenerate(pinnedHost(), genReply, testCase.options, modelId))
        const ourGen = yield* aimuxGenerate(pinnedHost(), genReply, testCase.options, modelId)
        const streamReply = { body: streamBody, contentType: eventStream }
        const upStream = yield* Effect.promise(() => upstreamStream(pinnedHost(), streamReply, testCase.options, modelId))
        const ourStream = yield* aimuxStream(pinnedHost(), streamReply, testCase.options, modelId)
        const equal = same(errorView(ourGen.failure), errorView(upGen.failure)) &&
          ourGen.captured.bodyText === upGen.captured.bodyText &&
          same(headersView(ourGen.captured.headers, omit), headersView(upGen.captured.headers, omit)) &&
          same(resultView(ourGen.result), resultView(upGen.result)) &&
          same(errorView(ourStream.failure), errorView(upStream.failure)) &&
          ourStream.captured.bodyText === upStream.captured.bodyText &&
          same(partsView(withoutMessageStart(ourStream.parts)), partsView(upStream.parts))
        if (!equal) differing.push(testCase.name)
      }
      expect(differing).toStrictEqual([...divergentCases])
    }), 300_000)

  it.effect("the stream corpus differs exactly in the listed bodies (message starts and service tiers aside)", () =>
    Effect.gen(function*() {
      const files = [
        ...listFixtures(path.join(anthropicFixtures, "recordings"), ".chunks.txt").map((f) => path.join(anthropicFixtures, "recordings", f)),
        ...listFixtures(path.join(anthropicFixtures, "crafted"), ".chunks.txt").map((f) => path.join(anthropicFixtures, "crafted", f))
      ]
      const differing: Array<string> = []
      let starts = 0
      for (const file of files) {
        const reply = { body: anthropicLinesToBody(readText(file)), contentType: eventStream, chunkSize: 7 }
        const upstream = yield* Effect.promise(() => upstreamStream(pinnedHost(), reply, { prompt }, MODEL))
        const ours = yield* aimuxStream(pinnedHost(), reply, { prompt }, MODEL)
        starts += ours.parts.filter(isMessageStart).length
        expect(upstream.parts.some(isMessageStart)).toBe(false)
        const equal = same(partsView(withoutMessageStart(ours.parts)), partsView(upstream.parts)) &&
          same(errorView(ours.failure), errorView(upstream.failure))
        if (!equal) differing.push(path.basename(file))
      }
      expect(starts).toBeGreaterThan(20)
      expect(differing).toStrictEqual([...divergentStreams])
    }), 300_000)
})
