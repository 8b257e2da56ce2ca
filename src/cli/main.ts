/**
 * The `aimux` command: `stream` replays a recorded response body through a
 * provider's `stream` and prints the V4 parts as JSON lines; `demo` runs the
 * demo agent (`./Demo.ts`, what `npm start` runs).
 *
 * @since 0.1.0
 */
import { readFileSync } from "node:fs"
import { Cause, Effect, Exit, Layer, Schema, Stream } from "effect"
import { IdGenerator } from "../runtime/IdGenerator.ts"
import { CallTool } from "../contract/CallOptions.ts"
import type { StreamPart } from "../contract/StreamPart.ts"
import * as ReplayHttpClient from "../testing/ReplayHttpClient.ts"
import { errorToJson, partToJson } from "./internal/wire.ts"
import * as WriteOut from "./internal/WriteOut.ts"
import { providers } from "./ProviderRegistry.ts"
import * as OptionalPeer from "../provider-utils/OptionalPeer.ts"
import * as EmbedCommand from "./Embed.ts"

const usage = `usage: aimux <command>

commands:
  demo [--provider openai-chat|anthropic] [--json]
                       run the demo agent (two tools, streamText, multi-step; see demo --help)
  stream <provider> --sse <file> [--chunk-size N] [--tools <json-file>] [--model <id>]
                       replay a recorded response body through <provider>'s stream and
                       print every V4 stream part as one JSON line
${EmbedCommand.usageLine}
  mcp tools <command or URL>
                       list an MCP server's tools (see aimux mcp --help)
  image | speak | transcribe <provider> ...
                       media models, files in, files out (see aimux image --help)
  help                 show this help

providers: ${Object.keys(providers).join(", ")}`

interface StreamArgs {
  readonly provider: string
  readonly sse: string
  readonly chunkSize: number | undefined
  readonly tools: string | undefined
  readonly model: string | undefined
}

class UsageError {
  readonly message: string
  constructor(message: string) {
    this.message = message
  }
}

const parseStreamArgs = (argv: ReadonlyArray<string>): StreamArgs | UsageError => {
  const [provider, ...rest] = argv
  if (provider === undefined || provider.startsWith("--")) return new UsageError("missing <provider>")
  if (!(provider in providers)) {
    return new UsageError(`unknown provider '${provider}' (known: ${Object.keys(providers).join(", ")})`)
  }
  const flags: Record<string, string> = {}
  for (let i = 0; i < rest.length; i += 2) {
    const flag = rest[i]
    const value = rest[i + 1]
    if (!["--sse", "--chunk-size", "--tools", "--model"].includes(flag)) {
      return new UsageError(`unknown argument '${flag}'`)
    }
    if (value === undefined || value.startsWith("--")) return new UsageError(`${flag} needs a value`)
    flags[flag] = value
  }
  const sse = flags["--sse"]
  if (sse === undefined) return new UsageError("--sse <file> is required")
  let chunkSize: number | undefined
  if (flags["--chunk-size"] !== undefined) {
    chunkSize = Number(flags["--chunk-size"])
    if (!/^\d+$/.test(flags["--chunk-size"]) || chunkSize < 1) {
      return new UsageError(`--chunk-size must be a positive integer, got '${flags["--chunk-size"]}'`)
    }
  }
  return { provider, sse, chunkSize, tools: flags["--tools"], model: flags["--model"] }
}

const decodeTools = Schema.decodeUnknownExit(Schema.Array(CallTool))

const readText = (path: string, what: string): string | UsageError => {
  try {
    return readFileSync(path, "utf8")
  } catch (error) {
    return new UsageError(`cannot read ${what} '${path}': ${error instanceof Error ? error.message : String(error)}`)
  }
}

/** Providers whose stream body is AWS binary event-stream frames, not SSE. */
const eventStreamProviders: ReadonlySet<string> = new Set(["amazon-bedrock", "amazon-bedrock-anthropic"])

/**
 * Whether an SSE body has at least one `data` field: a line `data`, or one starting with `data:`
 * (lines end at CR, LF or CRLF). Without one, no provider can find an event in it.
 */
const hasSseDataField = (bytes: Uint8Array): boolean =>
  /(?:^|[\r\n])data(?::|[\r\n]|$)/.test(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1"))

const print = (line: unknown) => WriteOut.write(process.stdout, `${JSON.stringify(line)}\n`)

// One write per batch of parts (a network chunk's), waiting for `drain` when stdout's buffer is
// full: a slow reader of the pipe slows the replay down instead of the lines piling up in memory.
const printParts = (parts: ReadonlyArray<StreamPart>) => {
  let text = ""
  for (const part of parts) text += `${JSON.stringify(partToJson(part))}\n`
  return WriteOut.write(process.stdout, text)
}

const failureLine = (cause: Cause.Cause<unknown>) => {
  const failure = cause.reasons.find((reason) => reason._tag === "Fail")
  return { type: "failure", error: errorToJson(failure?._tag === "Fail" ? failure.error : Cause.squash(cause)) }
}

const runStream = async (args: StreamArgs): Promise<number> => {
  let bytes: Uint8Array
  try {
    bytes = readFileSync(args.sse)
  } catch (error) {
    process.stderr.write(
      `aimux stream: cannot read --sse file '${args.sse}': ${error instanceof Error ? error.message : String(error)}\n`
    )
    return 2
  }
  let tools: ReadonlyArray<CallTool> | undefined
  if (args.tools !== undefined) {
    const text = readText(args.tools, "--tools file")
    if (text instanceof UsageError) {
      process.stderr.write(`aimux stream: ${text.message}\n`)
      return 2
    }
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch (error) {
      process.stderr.write(`aimux stream: --tools file is not JSON: ${error instanceof Error ? error.message : ""}\n`)
      return 2
    }
    const decoded = decodeTools(json)
    if (Exit.isFailure(decoded)) {
      process.stderr.write(`aimux stream: --tools must be a JSON array of V4 tool definitions: ${Cause.pretty(decoded.cause)}\n`)
      return 2
    }
    tools = decoded.value
  }
  const entry = providers[args.provider]
  if (!eventStreamProviders.has(args.provider) && !hasSseDataField(bytes)) {
    process.stderr.write(
      `aimux stream: '${args.sse}' has no SSE \`data:\` field at all, so it is not an SSE response body ` +
        `(a JSON-lines or JSON file?); give the raw body as the API sent it\n`
    )
    return 2
  }
  // an event-stream body is labelled as the AWS API labels it (the Anthropic-on-Bedrock decoder keys on it)
  const replay = ReplayHttpClient.make({
    body: bytes,
    chunkSize: args.chunkSize,
    ...(eventStreamProviders.has(args.provider) && { headers: { "content-type": "application/vnd.amazon.eventstream" } })
  })
  const program = Effect.gen(function*() {
    const model = yield* entry.make({ modelId: args.model ?? entry.defaultModel, apiKey: "aimux-replay" })
    const response = yield* model.stream({
      prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }],
      ...(tools !== undefined ? { tools } : {})
    })
    yield* Stream.runForEachArray(response.stream, printParts)
  }).pipe(Effect.provide(Layer.mergeAll(replay.layer, IdGenerator.layerCounter("id"))))
  const exit = await Effect.runPromiseExit(program)
  if (Exit.isSuccess(exit)) return 0
  await Effect.runPromise(print(failureLine(exit.cause)))
  return 1
}

const main = async (argv: ReadonlyArray<string>): Promise<number> => {
  const [command, ...rest] = argv
  switch (command) {
    case undefined:
    case "help":
    case "--help":
    case "-h":
      process.stdout.write(`${usage}\n`)
      return 0
    case "demo":
      return (await import("./Demo.ts")).run(rest)
    case "embed":
      return EmbedCommand.run(rest)
    case "mcp":
      // Mcp.ts imports @modelcontextprotocol/sdk, an optional peer: without it, say what to install
      return import("./Mcp.ts").then((mcp) => mcp.run(rest), (cause: unknown) => {
        process.stderr.write(`aimux mcp: ${OptionalPeer.missingMessage("@modelcontextprotocol/sdk", "aimux mcp", cause)}\n`)
        return 1
      })
    case "image":
    case "speak":
    case "transcribe":
      return (await import("./Media.ts")).run(command, rest)
    case "stream": {
      if (rest[0] === "--help" || rest[0] === "-h") {
        process.stdout.write(`${usage}\n`)
        return 0
      }
      const args = parseStreamArgs(rest)
      if (args instanceof UsageError) {
        process.stderr.write(`aimux stream: ${args.message}\n\n${usage}\n`)
        return 2
      }
      return runStream(args)
    }
    default:
      process.stderr.write(`aimux: unknown command '${command}'\n\n${usage}\n`)
      return 2
  }
}

process.exitCode = await main(process.argv.slice(2))
