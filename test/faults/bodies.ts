/**
 * The `test:faults` suite's inputs: every committed streamed fixture body of every provider in the
 * CLI registry (converted to the provider's wire framing by the provider's own test harness), and
 * the registry's models talking to the loopback server over effect's `FetchHttpClient`.
 */
import { Effect, Exit, Stream } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import type { Service } from "../../src/LanguageModel.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import * as Bedrock from "../providers/amazon-bedrock/harness.ts"
import * as BedrockAnthropic from "../providers/amazon-bedrock/anthropicHarness.ts"
import * as AnthropicH from "../providers/anthropic/harness.ts"
import * as GoogleH from "../providers/google/harness.ts"
import * as Responses from "../providers/openai-responses/harness.ts"
import * as XaiH from "../providers/xai/harness.ts"
import { OpenAICompatiblePresets } from "../../src/providers/openai-compatible/index.ts"
import * as L from "../reliability/loopback.ts"

/** The committed fixtures folder. */
export const root = path.resolve(import.meta.dirname, "../../fixtures")

/** The files under `dir` ending with `suffix`, sorted (none when `dir` is absent). */
export const walk = (dir: string, suffix: string): Array<string> =>
  fs.existsSync(dir)
    ? fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(path.join(dir, e.name), suffix) : e.name.endsWith(suffix) ? [path.join(dir, e.name)] : []
    ).sort()
    : []

const lines = (text: string): string => XaiH.linesToSse(text)

/** A fixture folder of a provider and how its files become the provider's response bodies. */
export interface Source {
  readonly dir: string
  readonly suffix: string
  readonly convert: (text: string) => string | Uint8Array
  readonly contentType?: string
  /** file names to keep (all when absent) */
  readonly only?: ReadonlySet<string>
}

const sse = (dir: string): Source => ({ dir, suffix: ".sse", convert: (t) => t })

/** Which fixture folders feed which registered provider (google-vertex shares the Gemini fixtures). */
export const sources: Record<string, ReadonlyArray<Source>> = {
  "openai-chat": [sse("openai-chat")],
  "openai-compatible": [sse("openai-compatible")],
  groq: [sse("groq")],
  deepseek: [sse("deepseek")],
  "openai-responses": [{ dir: "openai-responses", suffix: ".chunks.txt", convert: Responses.chunksToSse }],
  // Azure's models are the OpenAI kit's on Azure's URLs: the OpenAI corpora
  "azure-responses": [{ dir: "openai-responses", suffix: ".chunks.txt", convert: Responses.chunksToSse }],
  "azure-chat": [sse("openai-chat")],
  anthropic: [{ dir: "anthropic", suffix: ".chunks.txt", convert: AnthropicH.chunksToSse }],
  xai: [{ dir: "xai", suffix: ".chunks.txt", convert: lines }],
  huggingface: [{ dir: "huggingface", suffix: ".chunks.txt", convert: lines }],
  cohere: [{ dir: "cohere", suffix: ".chunks.txt", convert: lines }],
  mistral: [{ dir: "mistral", suffix: ".chunks.txt", convert: lines }],
  google: [{ dir: "google", suffix: ".chunks.txt", convert: GoogleH.chunksToSse }],
  "google-vertex": [{ dir: "google", suffix: ".chunks.txt", convert: GoogleH.chunksToSse }, { dir: "google-vertex", suffix: ".chunks.txt", convert: GoogleH.chunksToSse }],
  "amazon-bedrock": [{ dir: "amazon-bedrock", suffix: ".chunks.txt", convert: Bedrock.chunksToBody, contentType: "application/vnd.amazon.eventstream" }],
  // the hosted Anthropic models: the hosts' own bodies (the Anthropic corpus runs through the same model above)
  "google-vertex-anthropic": [sse("google-vertex-anthropic")],
  "amazon-bedrock-anthropic": [
    { dir: "amazon-bedrock-anthropic", suffix: ".chunks.txt", convert: BedrockAnthropic.anthropicLinesToBody, contentType: "application/vnd.amazon.eventstream" }
  ]
}

/**
 * The OpenAI-compatible presets are the OpenAI-compatible model with their own URL, headers and
 * defaults: each runs a sample of that corpus (text, tools, reasoning, an early and a late error),
 * enough to prove its wiring holds under every fault without running the whole corpus 13 more times.
 */
const presetSample = new Set([
  "text.sse",
  "parallel-tool-calls.sse",
  "reasoning-content.sse",
  "error-first.sse",
  "error-after-finish.sse"
])
for (const preset of OpenAICompatiblePresets.presets) {
  sources[preset.id] = [{ ...sse("openai-compatible"), only: presetSample }]
}

/** One fixture body as a provider receives it. */
export interface Body {
  readonly provider: string
  readonly name: string
  readonly bytes: string | Uint8Array
  readonly contentType: string
}

/** Every registered provider id; a provider without fixtures fails the suite (see `bodies`). */
export const providerIds = L.providerIds

/** All bodies, per registered provider, in a stable order. */
export const bodies: ReadonlyArray<Body> = providerIds.flatMap((provider) =>
  (sources[provider] ?? []).flatMap((s) =>
    walk(path.join(root, s.dir), s.suffix).filter((file) => s.only?.has(path.basename(file)) ?? true).map((file) => ({
      provider,
      name: path.relative(root, file),
      bytes: s.convert(fs.readFileSync(file, "utf8")),
      contentType: s.contentType ?? "text/event-stream"
    }))
  )
)

/** Writes a body; `end: false` holds the response open (the client must close the connection). */
export const send = (res: import("node:http").ServerResponse, body: Body, end = true) => {
  // no `date` header: errors carry the response headers, and two runs must compare equal
  res.sendDate = false
  res.writeHead(200, { "content-type": body.contentType })
  res.write(body.bytes)
  if (end) res.end()
}

/** The registry's model for `provider`, against the loopback server, with counter ids. */
export const model = (provider: string, server: L.Server, apiKey = L.apiKey): Effect.Effect<Service, unknown> =>
  L.registryModel(provider, server, apiKey)

/** A user message naming the request, so a server (and a cross-talk check) can tell streams apart. */
export const call = (text = "hi") => L.call(text)

/** Drains `stream` (optionally the first `take` parts) with a hard bound: a hang is a defect. */
export const collect = (service: Service, options: { readonly take?: number; readonly text?: string } = {}) =>
  Effect.gen(function*() {
    const parts: Array<StreamPart> = []
    const started = yield* Effect.exit(service.stream(call(options.text)))
    if (Exit.isFailure(started)) return { parts, exit: Exit.failCause(started.cause) }
    const s = options.take === undefined ? started.value.stream : Stream.take(started.value.stream, options.take)
    const exit: Exit.Exit<void, unknown> = yield* Stream.runForEach(s, (p) => Effect.sync(() => parts.push(p))).pipe(Effect.exit)
    return { parts, exit }
  }).pipe(Effect.timeoutOrElse({ duration: "10 seconds", orElse: () => Effect.die(new Error("hung")) }))

/** Whether the client closed the connection of `seen` before the response ended (bounded wait). */
export const closedEarly = (seen: L.Seen | undefined) =>
  seen === undefined
    ? Promise.resolve(false)
    : Promise.race([seen.closedEarly, new Promise<boolean>((r) => setTimeout(() => r(false), 400))])

/**
 * At most `cap` interrupt points out of 1..n, deterministic and evenly spread (both ends kept),
 * so the suite stays bounded on long recordings.
 */
export const boundaries = (n: number, cap: number): Array<number> => {
  if (n <= cap) return Array.from({ length: n }, (_, i) => i + 1)
  return [...new Set(Array.from({ length: cap }, (_, i) => 1 + Math.round((i * (n - 1)) / (cap - 1))))]
}

/** Prints one count line (the suite's output contract: one line per check). */
export const report = (line: string): void => {
  process.stdout.write(`faults: ${line}\n`)
}
