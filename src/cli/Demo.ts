/**
 * `aimux demo` (what `npm start` runs): a small agent with two tools, streamed
 * with `streamText` through a real provider, effect's fetch `HttpClient` and
 * HTTP. Without an API key the model API is an embedded loopback server that
 * replays a recorded conversation and checks each request; with
 * `OPENAI_API_KEY` (or `ANTHROPIC_API_KEY` for `--provider anthropic`) the
 * same agent runs against the real endpoint.
 *
 * @since 0.1.0
 */
import { Cause, Effect, Exit, Layer, Predicate, Stream } from "effect"
import { FetchHttpClient } from "effect/http"
import { LanguageModel } from "../LanguageModel.ts"
import { Anthropic } from "../providers/anthropic/index.ts"
import { OpenAI } from "../providers/openai/index.ts"
import type * as Tool from "../core/Tool.ts"
import * as OptionalPeer from "../provider-utils/OptionalPeer.ts"
import * as DemoAgent from "./demo/DemoAgent.ts"
import * as DemoTools from "./demo/DemoTools.ts"
import { jsonLines, pretty, type Renderer, style } from "./demo/DemoRender.ts"
import * as TraceTree from "./demo/TraceTree.ts"
import { type DemoProvider, script } from "./demo/RecordedTurns.ts"
import * as ReplayServer from "../testing/ReplayServer.ts"
import { errorToJson } from "./internal/wire.ts"
import * as HttpTimeouts from "../runtime/HttpTimeouts.ts"
import { APICallError } from "../contract/errors/APICallError.ts"
import { RetryError } from "../contract/errors/RetryError.ts"

/**
 * The help text of `aimux demo`.
 *
 * @since 0.1.0
 * @category constants
 */
export const usage = `usage: aimux demo [--provider openai-chat|anthropic] [--json] [--model <id>] [--replay] [--delay <ms>]
                  [--timeout <ms>] [--max-retries <n>] [--mcp <command or URL>]... [--trace]

Runs a small agent (tools: weather, calculator) with streamText until the model answers.

  --provider <p>  openai-chat (chat completions, default) or anthropic (messages): the ids of aimux stream
  --json          print every full-stream part as one JSON line (info lines go to stderr;
                  through npm: npm start --silent -- --json, so npm's banner stays off stdout)
  --model <id>    model id (default gpt-4o-mini / claude-sonnet-4-5)
  --replay        use the embedded replay server even when an API key is set
  --delay <ms>    pause between replayed SSE events (default 25)
  --timeout <ms>  how long to wait for the response headers, and for each body chunk after them,
                  before the call fails (default 30000; 0 waits forever). A stalled server ends
                  the demo with a message saying so.
  --max-retries <n>  retries of a failed model call, stalls included (default 2, as upstream)
  --mcp <command>    also offer an MCP server's tools (a command on stdio, or an http(s):// URL;
                     repeatable; the demo's own tools win a name clash)
  --trace         trace the run (the ai.* OpenTelemetry spans of docs/telemetry.md) and print its
                  span tree at the end (to stderr with --json)

Modes: without an API key, an embedded replay server on 127.0.0.1 serves a recorded
conversation (no network, no key). With OPENAI_API_KEY (and optional OPENAI_BASE_URL, e.g.
a local OpenAI-compatible server) the demo calls that endpoint; for --provider anthropic,
ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL.`

interface Args {
  readonly provider: DemoProvider
  readonly json: boolean
  readonly model: string | undefined
  readonly replay: boolean
  readonly delayMs: number
  readonly timeoutMs: number
  readonly maxRetries: number
  readonly mcp: ReadonlyArray<string>
  readonly trace: boolean
  readonly help: boolean
}

/** The demo's stall bound: interactive, so far below the library's 300 s (Node fetch's own). */
const defaultTimeoutMs = 30_000

const defaultModels: Readonly<Record<DemoProvider, string>> = {
  "openai-chat": "gpt-4o-mini",
  anthropic: "claude-sonnet-4-5"
}

const parseArgs = (argv: ReadonlyArray<string>): Args | string => {
  let provider: DemoProvider = "openai-chat"
  let json = false
  let model: string | undefined
  let replay = false
  let delayMs = 25
  let timeoutMs = defaultTimeoutMs
  let maxRetries = 2
  let help = false
  let trace = false
  const mcp: Array<string> = []
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    switch (arg) {
      case "--json":
        json = true
        break
      case "--replay":
        replay = true
        break
      case "--trace":
        trace = true
        break
      case "--help":
      case "-h":
        help = true
        break
      case "--provider": {
        const value = argv[++i]
        if (value !== "openai-chat" && value !== "anthropic") {
          return `--provider must be openai-chat or anthropic, got '${value ?? ""}'`
        }
        provider = value
        break
      }
      case "--model": {
        const value = argv[++i]
        if (value === undefined || value.startsWith("--")) return "--model needs a value"
        model = value
        break
      }
      case "--delay": {
        const value = argv[++i]
        if (value === undefined || !/^\d+$/.test(value)) return `--delay must be a number of milliseconds, got '${value ?? ""}'`
        delayMs = Number(value)
        break
      }
      case "--timeout": {
        const value = argv[++i]
        if (value === undefined || !/^\d+$/.test(value)) return `--timeout must be a number of milliseconds, got '${value ?? ""}'`
        timeoutMs = Number(value)
        break
      }
      case "--max-retries": {
        const value = argv[++i]
        if (value === undefined || !/^\d+$/.test(value)) return `--max-retries must be a whole number, got '${value ?? ""}'`
        maxRetries = Number(value)
        break
      }
      case "--mcp": {
        const value = argv[++i]
        if (value === undefined || value.trim() === "" || value.startsWith("--")) return "--mcp needs a command or URL"
        mcp.push(value)
        break
      }
      default:
        return `unknown argument '${arg}'`
    }
  }
  return { provider, json, model, replay, delayMs, timeoutMs, maxRetries, mcp, trace, help }
}

const nonEmpty = (value: string | undefined): string | undefined =>
  value === undefined || value.trim() === "" ? undefined : value

/** Where the demo sends its requests, and how to describe it on the first line. */
interface Target {
  readonly description: string
  readonly layer: Layer.Layer<LanguageModel, unknown, never>
  readonly server: ReplayServer.Running | undefined
}

const modelLayer = (provider: DemoProvider, modelId: string, apiKey: string, baseURL: string) =>
  (provider === "openai-chat"
    ? Layer.effect(LanguageModel, OpenAI.chat(modelId, { apiKey, baseURL }))
    : Anthropic.layer(modelId, { apiKey, baseURL })).pipe(Layer.provide(FetchHttpClient.layer))

const target = (args: Args) =>
  Effect.gen(function*() {
    const modelId = args.model ?? defaultModels[args.provider]
    const env = args.provider === "openai-chat"
      ? { key: "OPENAI_API_KEY", url: "OPENAI_BASE_URL", defaultURL: OpenAI.defaultBaseURL }
      : { key: "ANTHROPIC_API_KEY", url: "ANTHROPIC_BASE_URL", defaultURL: Anthropic.defaultBaseURL }
    const apiKey = nonEmpty(process.env[env.key])
    if (apiKey !== undefined && !args.replay) {
      const baseURL = nonEmpty(process.env[env.url]) ?? env.defaultURL
      const result: Target = {
        description: `live: ${baseURL} (${env.key} is set)`,
        layer: modelLayer(args.provider, modelId, apiKey, baseURL),
        server: undefined
      }
      return result
    }
    const server = yield* ReplayServer.start(script(args.provider, args.delayMs))
    const result: Target = {
      description: `embedded replay server at ${server.url} (no network, no API key)`,
      layer: modelLayer(args.provider, modelId, "aimux-demo-replay", `${server.url}/v1`),
      server
    }
    return result
  })

/**
 * The MCP client modules, imported only for `--mcp`: they import `@modelcontextprotocol/sdk`, an
 * optional peer a user of the demo without `--mcp` need not install.
 */
const loadMcp = OptionalPeer.make({
  packageName: "@modelcontextprotocol/sdk",
  feature: "aimux demo --mcp",
  load: () => Promise.all([import("../mcp/McpClient.ts"), import("../mcp/McpTransport.ts")])
})

/** The tools of the `--mcp` servers, connected for the demo's scope. */
const mcpTools = (specs: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    let out: { readonly [name: string]: Tool.DynamicTool<never> } = {}
    if (specs.length === 0) return out
    const [McpClient, McpTransport] = yield* loadMcp
    for (const spec of specs) {
      const client = yield* McpClient.make({ transport: McpTransport.fromCommandLine(spec), requestTimeout: "30 seconds" })
      out = { ...out, ...(yield* client.tools()) }
    }
    return out
  })

/** One line for a failed call: where it went, what came back, what to check. */
const failureSummary = (error: unknown, where: string, envHint: string): string => {
  const last = error instanceof RetryError ? error.lastError : error
  const attempts = error instanceof RetryError ? ` after ${error.errors.length} attempts` : ""
  if (APICallError.isInstance(last)) {
    const status = last.statusCode === undefined ? "no response" : `status ${last.statusCode}`
    const check = last.statusCode === 401 || last.statusCode === 403
      ? `check the API key${envHint === "" ? "" : ` (${envHint})`}`
      : last.statusCode === 404
      ? "check the base URL and the model id (--model)"
      : last.statusCode === undefined
      ? "check that the server is running and reachable"
      : "check the provider's status and the request"
    return `the call to ${where} failed${attempts} (${status}): ${last.message}; ${check}`
  }
  const named = Predicate.hasProperty(last, "name") && Predicate.hasProperty(last, "message")
  return named ? `${String(last.name)}: ${String(last.message)}` : `the run failed: ${String(last)}`
}

/** The stall (undici-style timeout of the default safety net) behind a failed call, if any. */
const stallOf = (error: unknown): HttpTimeouts.HeadersTimeoutError | HttpTimeouts.BodyTimeoutError | undefined => {
  const last = error instanceof RetryError ? error.lastError : error
  if (!APICallError.isInstance(last)) return undefined
  const cause = last.cause
  return cause instanceof HttpTimeouts.HeadersTimeoutError || cause instanceof HttpTimeouts.BodyTimeoutError ? cause : undefined
}

const stallMessage = (stall: HttpTimeouts.HeadersTimeoutError | HttpTimeouts.BodyTimeoutError, where: string, attempts: number) =>
  `${where} ${stall instanceof HttpTimeouts.HeadersTimeoutError ? "sent no response headers" : "stopped sending its response"} within ${stall.timeoutMs} ms` +
  ` (${attempts} attempt${attempts === 1 ? "" : "s"}); the server accepted the request and stalled.` +
  ` --timeout <ms> changes the limit, --max-retries <n> the attempts`

const replaySummary = (server: ReplayServer.Running): string => {
  const served = server.received.map((r, i) => `request ${i + 1} ${r.path} → ${r.status}`).join(", ")
  return `replay server: ${served}`
}

/**
 * Runs `aimux demo` with its arguments; resolves to the exit code (0: the
 * agent finished without error parts; 1: it did not; 2: bad arguments).
 *
 * @since 0.1.0
 * @category cli
 */
export const run = async (argv: ReadonlyArray<string>): Promise<number> => {
  const args = parseArgs(argv)
  if (typeof args === "string") {
    process.stderr.write(`aimux demo: ${args}\n\n${usage}\n`)
    return 2
  }
  if (args.help) {
    process.stdout.write(`${usage}\n`)
    return 0
  }
  // a closed pipe (`aimux demo | head`) ends the demo quietly, as other CLIs do
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(0)
  })
  const write = (text: string) => {
    process.stdout.write(text)
  }
  const info = (text: string) => {
    if (args.json) process.stderr.write(text)
    else process.stdout.write(text)
  }
  const s = style(!args.json && process.stdout.isTTY === true && nonEmpty(process.env.NO_COLOR) === undefined)
  const renderer: Renderer = args.json ? jsonLines(write) : pretty(write, s)
  let stall: { readonly error: HttpTimeouts.HeadersTimeoutError | HttpTimeouts.BodyTimeoutError; readonly attempts: number } | undefined
  let whereLabel = ""
  let firstError: unknown = undefined
  let envHint = ""
  const tracing = args.trace ? TraceTree.recorder() : undefined
  const program = Effect.scoped(Effect.gen(function*() {
    const where = yield* target(args)
    whereLabel = where.server === undefined ? where.description.replace(/^live: (\S+).*$/, "$1") : where.server.url
    if (where.server === undefined) envHint = args.provider === "anthropic" ? "ANTHROPIC_API_KEY" : "OPENAI_API_KEY"
    info(`${s.bold("aimux demo")} — ${where.description}\n`)
    const extraTools = yield* mcpTools(args.mcp)
    yield* Effect.gen(function*() {
      const model = yield* LanguageModel
      const names = ["weather", "calculator", ...Object.keys(extraTools).filter((name) => !(name in DemoTools.tools))]
      info(`${s.dim(`provider ${model.provider} · model ${model.modelId} · tools: ${names.join(", ")}`)}\n\n`)
      info(`${s.bold("user")}  ${DemoAgent.prompt}\n`)
      // the renderer shows every error part and the ending names the first one: the default
      // onError's log (with its stack) would say the same thing a third time
      const run = DemoAgent.run({ maxRetries: args.maxRetries, onError: () => Effect.void, extraTools })
      yield* Stream.runForEach(run, (part) =>
        Effect.sync(() => {
          if (part.type === "error") {
            const found = stallOf(part.error)
            if (found !== undefined) stall = { error: found, attempts: part.error instanceof RetryError ? part.error.errors.length : 1 }
            firstError ??= part.error
          }
          renderer.part(part)
        }))
    }).pipe(
      (agent) => tracing === undefined ? agent : tracing.trace(agent),
      Effect.provide(where.layer),
      HttpTimeouts.provide(args.timeoutMs === 0 ? { headers: false, bodyIdle: false } : { headers: args.timeoutMs, bodyIdle: args.timeoutMs })
    )
    if (where.server !== undefined) info(`${s.dim(replaySummary(where.server))}\n`)
    if (tracing !== undefined) info(`\n${TraceTree.render(tracing.spans, s)}\n`)
  }))
  const exit = await Effect.runPromiseExit(program)
  if (Exit.isFailure(exit)) {
    const failure = exit.cause.reasons.find((reason) => reason._tag === "Fail")
    const error = errorToJson(failure?._tag === "Fail" ? failure.error : Cause.squash(exit.cause))
    process.stderr.write(`aimux demo: ${String(error.name)}: ${String(error.message)}\n`)
    return 1
  }
  const { errors, finished } = renderer.outcome()
  if (stall !== undefined) {
    process.stderr.write(`aimux demo: ${stallMessage(stall.error, whereLabel, stall.attempts)}\n`)
    return 1
  }
  if (!finished || errors > 0) {
    const cause = firstError === undefined ? undefined : failureSummary(firstError, whereLabel, envHint)
    process.stderr.write(
      `aimux demo: ${cause ?? `the run ${finished ? `reported ${errors} error part(s)` : "ended without a finish part"}`}\n`
    )
    return 1
  }
  return 0
}
