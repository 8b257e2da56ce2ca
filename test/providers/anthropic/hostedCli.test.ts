/**
 * `aimux stream google-vertex-anthropic` and `aimux stream amazon-bedrock-anthropic`
 * as processes: the `--sse` file is the raw body as the host sends it (SSE
 * for Vertex, binary event-stream frames for Bedrock); the JSON lines equal
 * upstream's parts for the same bytes (the hosted variants' upstream
 * oracles); a failure before or after output is a `failure` line and exit 1.
 */
import { writeFileSync } from "node:fs"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import { cli, root, tempDir } from "../_kit/Cli.ts"
import { cliErrorJson, cliPartJson } from "../_kit/Wire.ts"
import { anthropicLinesToBody, host as bedrockHost } from "../amazon-bedrock/anthropicHarness.ts"
import { chunksToSse, fixturesDir, readText } from "./harness.ts"
import { type Host, renumberSources, type Reply, upstreamStream } from "./hostHarness.ts"
import { createGoogleVertexAnthropic } from "@ai-sdk/google-vertex/anthropic/edge"
import * as AnthropicLanguageModel from "../../../src/providers/kits/anthropic/AnthropicLanguageModel.ts"
import * as GoogleVertexAnthropic from "../../../src/providers/google-vertex/GoogleVertexAnthropic.ts"
import { Effect } from "effect"

const tmp = tempDir("hosted")

// The CLI's settings: Vertex project `aimux` in `us-east5` with the key as the bearer token.
const vertexHost: Host = {
  upstream: (fetch, modelId) =>
    createGoogleVertexAnthropic({ project: "aimux", location: "us-east5", generateAuthToken: async () => "aimux-replay", fetch })(
      modelId
    ),
  aimux: (client, modelId) =>
    Effect.map(
      GoogleVertexAnthropic.modelConfig(modelId, { project: "aimux", location: "us-east5", generateAuthToken: Effect.succeed("k") }, client),
      (config) => AnthropicLanguageModel.makeWith(client, config)
    )
}

const anthropic = (dir: string, name: string) => readText(path.join(fixturesDir, dir, name))
const vertexDir = path.join(root, "fixtures/google-vertex-anthropic")
const bedrockDir = path.join(root, "fixtures/amazon-bedrock-anthropic")
const bedrockText = anthropicLinesToBody(readText(path.join(bedrockDir, "text-invocation-metrics.chunks.txt")))

interface Case {
  readonly label: string
  readonly provider: "google-vertex-anthropic" | "amazon-bedrock-anthropic"
  readonly modelId: string
  readonly body: string | Uint8Array
}

const vertex = (label: string, body: string): Case => ({
  label,
  provider: "google-vertex-anthropic",
  modelId: "claude-sonnet-4-5@20250929",
  body
})
const bedrock = (label: string, body: Uint8Array): Case => ({
  label,
  provider: "amazon-bedrock-anthropic",
  modelId: "us.anthropic.claude-sonnet-4-5-20250929-v1:0",
  body
})

const cases: ReadonlyArray<Case> = [
  vertex("text recording", chunksToSse(anthropic("recordings", "anthropic-text.chunks.txt"))),
  vertex("web search recording (sources)", chunksToSse(anthropic("recordings", "anthropic-web-search-tool.1.chunks.txt"))),
  vertex("thinking", readText(path.join(vertexDir, "thinking.sse"))),
  vertex("overloaded first", readText(path.join(vertexDir, "overloaded-first.sse"))),
  vertex("error mid-stream", readText(path.join(vertexDir, "error-mid-stream.sse"))),
  bedrock("text recording", anthropicLinesToBody(anthropic("recordings", "anthropic-text.chunks.txt"))),
  bedrock("tool use", anthropicLinesToBody(readText(path.join(bedrockDir, "tool-use.chunks.txt")))),
  bedrock("throttling first", anthropicLinesToBody(readText(path.join(bedrockDir, "throttling-first.chunks.txt")))),
  bedrock("exception mid-stream", anthropicLinesToBody(readText(path.join(bedrockDir, "exception-mid-stream.chunks.txt")))),
  bedrock("ends mid-frame", bedrockText.subarray(0, bedrockText.length - 5))
]

describe("aimux stream on the hosted Anthropic providers (process, differential against upstream)", () => {
  for (const c of cases) {
    it(`${c.provider}: ${c.label}`, async () => {
      const file = path.join(tmp, `${c.provider}-${c.label.replace(/\W+/g, "-")}.body`)
      writeFileSync(file, c.body)
      const reply: Reply = {
        body: c.body,
        chunkSize: 7,
        contentType: c.provider === "amazon-bedrock-anthropic" ? "application/vnd.amazon.eventstream" : "text/event-stream"
      }
      const upstream = await upstreamStream(c.provider === "amazon-bedrock-anthropic" ? bedrockHost() : vertexHost, reply, {
        prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }]
      }, c.modelId)
      const expected: Array<unknown> = upstream.parts.map(cliPartJson)
      if (upstream.failure !== undefined) expected.push({ type: "failure", error: cliErrorJson(upstream.failure) })
      const ours = await cli("stream", c.provider, "--sse", file, "--chunk-size", "7")
      const lines = ours.stdout.split("\n").filter((l) => l !== "").map((l): unknown => JSON.parse(l))
      expect(lines.length).toBeGreaterThan(0)
      expect(renumberSources(lines)).toStrictEqual(renumberSources(JSON.parse(JSON.stringify(expected))))
      expect(ours.code).toBe(upstream.failure === undefined ? 0 : 1)
    }, 30_000)
  }
})
