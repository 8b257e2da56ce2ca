/**
 * `aimux embed <provider> [--model <id>] [--file <path>] [--response <file>] [--max-parallel N]`:
 * reads values (one per line) from stdin or `--file`, embeds them with `embedManyStream` (the
 * model's chunking, at most N requests in flight, default 4) and prints one JSON line per value,
 * `{"index":i,"embedding":[...]}`, in input order. `--response` replays recorded response bodies
 * (one JSON body per line, one per request in order, the last reused) instead of calling the API,
 * as `aimux stream --sse` does, with one request at a time and no retries; without it, the
 * provider's API key comes from its usual environment variable. A failure prints the lines so far,
 * then `{"type":"failure","error":{...}}`, exit 1; bad arguments exit 2. When stderr is a terminal,
 * a progress line there shows values done, requests in flight and the rate.
 *
 * @since 0.1.0
 */
import { readFileSync } from "node:fs"
import { Cause, Effect, Exit, Layer, Stream } from "effect"
import { FetchHttpClient } from "effect/http"
import type { HttpClient } from "effect/http"
import * as Embed from "../core/Embed.ts"
import { EmbeddingModel, type Service } from "../EmbeddingModel.ts"
import { AmazonBedrock } from "../providers/amazon-bedrock/index.ts"
import { Cohere } from "../providers/cohere/index.ts"
import { Google } from "../providers/google/index.ts"
import { Mistral } from "../providers/mistral/index.ts"
import { GoogleVertex } from "../providers/google-vertex/index.ts"
import { OpenAI } from "../providers/openai/index.ts"
import { OpenAICompatible } from "../providers/openai-compatible/index.ts"
import * as ReplayHttpClient from "../testing/ReplayHttpClient.ts"
import { errorToJson } from "./internal/wire.ts"
import * as WriteOut from "./internal/WriteOut.ts"

/**
 * One provider of `aimux embed`: its default model and how to build the embedding model (the key
 * is given when replaying, else read from the environment by the provider).
 *
 * @since 0.1.0
 * @category models
 */
export interface EmbeddingEntry {
  readonly defaultModel: string
  readonly make: (options: { readonly modelId: string; readonly apiKey: string | undefined }) => Effect.Effect<Service, unknown, HttpClient.HttpClient>
}

/**
 * The providers of `aimux embed`, by CLI id.
 *
 * @since 0.1.0
 * @category constants
 */
export const embeddingProviders: Readonly<Record<string, EmbeddingEntry>> = {
  openai: { defaultModel: "text-embedding-3-small", make: ({ apiKey, modelId }) => OpenAI.embedding(modelId, { apiKey }) },
  "openai-compatible": {
    defaultModel: "test-embedding-model",
    make: ({ apiKey, modelId }) =>
      OpenAICompatible.embedding(modelId, { name: "openai-compatible", baseURL: "https://openai-compatible.invalid/v1", apiKey })
  },
  google: { defaultModel: "gemini-embedding-001", make: ({ apiKey, modelId }) => Google.embedding(modelId, { apiKey }) },
  "google-vertex": { defaultModel: "text-embedding-005", make: ({ apiKey, modelId }) => GoogleVertex.embedding(modelId, { apiKey }) },
  "amazon-bedrock": {
    defaultModel: "amazon.titan-embed-text-v2:0",
    make: ({ apiKey, modelId }) => AmazonBedrock.embedding(modelId, { region: "us-east-1", apiKey })
  },
  // `/v2/embed`, float vectors, 96 values per call
  cohere: { defaultModel: "embed-english-v3.0", make: ({ apiKey, modelId }) => Cohere.embedding(modelId, { apiKey }) },
  // `/v1/embeddings`, float vectors, 32 values per call
  mistral: { defaultModel: "mistral-embed", make: ({ apiKey, modelId }) => Mistral.embedding(modelId, { apiKey }) }
}

/**
 * The usage line of `aimux embed`.
 *
 * @since 0.1.0
 * @category constants
 */
export const usageLine = `  embed <provider> [--model <id>] [--file <path>] [--response <file>] [--max-parallel N]
                       embed values (one per line, stdin or --file) and print one JSON line
                       per value; --response replays recorded response bodies
                       (embedding providers: ${Object.keys(embeddingProviders).join(", ")})`

interface Args {
  readonly provider: string
  readonly model: string | undefined
  readonly file: string | undefined
  readonly response: string | undefined
  readonly maxParallel: number
}

const parseArgs = (argv: ReadonlyArray<string>): Args | string => {
  const [provider, ...rest] = argv
  if (provider === undefined || provider.startsWith("--")) return "a provider is required"
  if (embeddingProviders[provider] === undefined) return `unknown embedding provider '${provider}'`
  const flags: Record<string, string> = {}
  for (let i = 0; i < rest.length; i += 2) {
    const flag = rest[i]
    const value = rest[i + 1]
    if (!["--model", "--file", "--response", "--max-parallel"].includes(flag)) return `unknown option '${flag}'`
    if (value === undefined) return `${flag} needs a value`
    flags[flag] = value
  }
  const maxParallel = flags["--max-parallel"] === undefined ? 4 : Number(flags["--max-parallel"])
  if (!Number.isInteger(maxParallel) || maxParallel < 1) return "--max-parallel must be a positive integer"
  return { provider, model: flags["--model"], file: flags["--file"], response: flags["--response"], maxParallel }
}

const readInput = (path: string | undefined): string => readFileSync(path ?? 0, "utf8")

const linesOf = (text: string): Array<string> => {
  const lines = text.split(/\r?\n/)
  if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop()
  return lines
}

interface Progress {
  done: number
  inFlight: number
  readonly started: number
}

// counts the calls in flight for the progress line
const counted = (model: Service, progress: Progress): Service => ({
  ...model,
  embed: (options) =>
    Effect.acquireUseRelease(
      Effect.sync(() => void progress.inFlight++),
      () => model.embed(options),
      () => Effect.sync(() => void progress.inFlight--)
    )
})

const progressLine = (progress: Progress, total: number): string => {
  const seconds = Math.max((Date.now() - progress.started) / 1000, 0.001)
  return `\r${progress.done}/${total} values, ${progress.inFlight} requests in flight, ${Math.round(progress.done / seconds)} values/s`
}

/**
 * Runs `aimux embed` with its arguments; resolves to the exit code.
 *
 * @since 0.1.0
 * @category cli
 */
export const run = async (argv: ReadonlyArray<string>): Promise<number> => {
  const args = parseArgs(argv)
  if (typeof args === "string") {
    process.stderr.write(`aimux embed: ${args}\n\nusage:\n${usageLine}\n`)
    return 2
  }
  let values: Array<string>
  let bodies: Array<string> | undefined
  try {
    values = linesOf(readInput(args.file))
    bodies = args.response === undefined ? undefined : linesOf(readFileSync(args.response, "utf8")).filter((l) => l.trim() !== "")
  } catch (error) {
    process.stderr.write(`aimux embed: cannot read input: ${error instanceof Error ? error.message : String(error)}\n`)
    return 2
  }
  if (bodies !== undefined && bodies.length === 0) {
    process.stderr.write(`aimux embed: --response file has no response body\n`)
    return 2
  }
  const entry = embeddingProviders[args.provider]
  const replaying = bodies !== undefined
  const client = bodies === undefined
    ? FetchHttpClient.layer
    : ReplayHttpClient.layer(bodies.map((body, i) => ({ body, headers: { "content-type": "application/json" }, reusable: i === bodies.length - 1 })))
  const progress: Progress = { done: 0, inFlight: 0, started: Date.now() }
  const tty = process.stderr.isTTY === true
  const model = Layer.effect(
    EmbeddingModel,
    Effect.map(entry.make({ modelId: args.model ?? entry.defaultModel, apiKey: replaying ? "aimux-replay" : undefined }), (m) => counted(m, progress))
  )
  const program = Embed.embedManyStream(Stream.fromIterable(values), {
    maxParallelCalls: replaying ? 1 : args.maxParallel,
    ...(replaying ? { maxRetries: 0 } : {})
  }).pipe(
    Stream.runForEach((chunk) => {
      let text = ""
      for (let i = 0; i < chunk.embeddings.length; i++) {
        text += `{"index":${chunk.startIndex + i},"embedding":${JSON.stringify(chunk.embeddings[i])}}\n`
      }
      progress.done += chunk.values.length
      if (tty) process.stderr.write(progressLine(progress, values.length))
      return WriteOut.write(process.stdout, text)
    }),
    Effect.provide(model),
    Effect.provide(client)
  )
  const exit = await Effect.runPromiseExit(program)
  if (tty) process.stderr.write("\n")
  if (Exit.isSuccess(exit)) return 0
  const failure = exit.cause.reasons.find((reason) => reason._tag === "Fail")
  const error = failure?._tag === "Fail" ? failure.error : Cause.squash(exit.cause)
  await Effect.runPromise(WriteOut.write(process.stdout, `${JSON.stringify({ type: "failure", error: errorToJson(error) })}\n`))
  return 1
}
