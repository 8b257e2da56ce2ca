/**
 * Deliberate differences from `@ai-sdk/amazon-bedrock` (docs/divergences.md),
 * asserted as aimux's behaviour, with upstream's run beside it where it
 * shows what differs.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { aimuxStream, chunksToBody, normalize, type UpstreamOptions, upstreamStream, userAgentOf } from "./harness.ts"

const prompt: UpstreamOptions["prompt"] = [{ role: "user", content: [{ type: "text", text: "hi" }] }]
const body = chunksToBody('{"messageStop":{"stopReason":"end_turn"}}')

describe("Amazon Bedrock: deliberate divergences", () => {
  it.effect("user agent: one provider suffix, aimux's provider-utils version", () =>
    Effect.gen(function*() {
      const upstream = yield* Effect.promise(() => upstreamStream({ body }, { prompt }))
      const ours = yield* aimuxStream({ body }, { prompt })
      const runtime = (userAgentOf(upstream.captured.headers) ?? "").split(" ").at(-1)
      expect(userAgentOf(upstream.captured.headers)).toBe(
        `ai-sdk-amazon-bedrock/5.0.101 ai-sdk-provider-utils/5.0.51 ${runtime} ai-sdk-amazon-bedrock/5.0.101 ${runtime}`
      )
      expect(userAgentOf(ours.captured.headers)).toBe(`ai-sdk-amazon-bedrock/5.0.101 ai-sdk-provider-utils/5.0.81 ${runtime}`)
    }))
})
