/**
 * Anthropic on Bedrock, both sides: upstream `createAmazonBedrockAnthropic`
 * (`@ai-sdk/amazon-bedrock/anthropic` 5.0.101) and aimux's
 * `AmazonBedrockAnthropic`, for the hosted harness. Upstream's variant runs
 * twice: as pinned (`pinnedHost`, on its nested `@ai-sdk/anthropic` 4.0.68)
 * and with the very config it builds (URL builder, body transform, SigV4 or
 * bearer fetch with its event-stream transcoding) handed to the 4.0.105
 * `AnthropicLanguageModel` that aimux ports (`host`): the host's own code is
 * 5.0.101's, the model the one aimux has. Where the two upstream runs
 * differ is a version delta (`anthropicDivergences.test.ts`). Stream
 * bodies are AWS event-stream frames as `invoke-with-response-stream` sends
 * them: each Anthropic event a `chunk` event whose JSON payload carries the
 * event's bytes in base64.
 */
import { createAmazonBedrockAnthropic } from "@ai-sdk/amazon-bedrock/anthropic"
import { AnthropicLanguageModel as AnthropicLanguageModel405 } from "@ai-sdk/anthropic/internal"
import { Effect } from "effect"
import * as AmazonBedrockAnthropic from "../../../src/providers/amazon-bedrock/AmazonBedrockAnthropic.ts"
import * as AnthropicLanguageModel from "../../../src/providers/kits/anthropic/AnthropicLanguageModel.ts"
import type { Host } from "../anthropic/hostHarness.ts"
import { type Auth, bearer, encodeFrame, type Frame, lineToFrame } from "./harness.ts"

export const MODEL = "us.anthropic.claude-sonnet-4-5-20250929-v1:0"

const makeHost = (auth: Auth, rehost: boolean): Host => {
  const { credentialProvider, upstreamCredentialProvider, ...settings } = auth
  return {
    upstream: (fetch, modelId) => {
      const pinned = createAmazonBedrockAnthropic({
        ...settings,
        ...(upstreamCredentialProvider !== undefined && { credentialProvider: upstreamCredentialProvider }),
        fetch
      })(modelId)
      // the model's config is a protected field: read at runtime, as the model itself reads it
      return rehost ? new AnthropicLanguageModel405(modelId, Reflect.get(pinned, "config")) : pinned
    },
    aimux: (client, modelId) =>
      Effect.map(
        AmazonBedrockAnthropic.modelConfig(modelId, {
          ...settings,
          ...(credentialProvider !== undefined && { credentialProvider })
        }),
        (config) => AnthropicLanguageModel.makeWith(client, config)
      )
  }
}

/** Upstream's Bedrock variant's config on the 4.0.105 model (the primary oracle). */
export const host = (auth: Auth = bearer): Host => makeHost(auth, true)

/** Upstream's Bedrock variant as pinned (nested `@ai-sdk/anthropic` 4.0.68). */
export const pinnedHost = (auth: Auth = bearer): Host => makeHost(auth, false)

const base64 = (text: string): string => Buffer.from(text, "utf8").toString("base64")

/** An Anthropic event's JSON text as Bedrock's `chunk` event frame (with Bedrock's `p` padding). */
export const chunkFrame = (eventJson: string): Frame => ({
  headers: { ":message-type": "event", ":event-type": "chunk", ":content-type": "application/json" },
  body: JSON.stringify({ bytes: base64(eventJson), p: "abcdefghij" })
})

const concat = (parts: ReadonlyArray<Uint8Array>): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

/**
 * A corpus file's text → the event-stream body: a line that is an Anthropic
 * event (a `type` key) becomes a `chunk` frame; `#pretty <json>` a chunk
 * frame of that event pretty-printed (line breaks inside the event); other
 * lines (JSON objects without `type`) are frames as the Converse harness reads them (`{ "<type>": payload }`,
 * exceptions, `#frame`).
 */
export const anthropicLinesToBody = (text: string): Uint8Array =>
  concat(
    text.split("\n").filter((line) => line.trim() !== "").map((line) => {
      if (line.startsWith("#pretty ")) return encodeFrame(chunkFrame(JSON.stringify(JSON.parse(line.slice(8)), null, 2)))
      if (line.startsWith("#frame ")) return encodeFrame(lineToFrame(line))
      // a malformed line is a chunk whose bytes are that text
      const parsed: unknown = (() => {
        try {
          return JSON.parse(line)
        } catch {
          return undefined
        }
      })()
      const isOther = typeof parsed === "object" && parsed !== null && !("type" in parsed)
      return encodeFrame(isOther ? lineToFrame(line) : chunkFrame(line))
    })
  )
