/**
 * An aimux toolkit served over MCP (the other way round from {@link McpClient}): an Effect
 * service's tools offered to any MCP client, on stdio or over Streamable HTTP, built on the
 * official SDK's low-level `Server`.
 *
 * `tools/list` gives every function and dynamic tool (provider tools run on a provider's servers
 * and are left out) with the JSON Schema aimux would send a model. `tools/call` validates the
 * arguments with the tool's input schema, runs `execute` in the services the server was made in
 * and answers as the SDK's own `McpServer` does: a failure, an unknown tool or invalid arguments
 * are an `isError` result with the message as text, never a protocol error. The output becomes
 * content through the tool's `toModelOutput` when it has one (text, JSON as text, images and audio
 * as such, error outputs as `isError`), else a string as text and anything else as its JSON text;
 * an object output also goes out as `structuredContent`. A client's cancellation interrupts the
 * tool's fiber; a streaming tool's preliminary results are sent as progress notifications when
 * the client asked for progress.
 *
 * @since 0.1.0
 */
import * as http from "node:http"
import { Server } from "@modelcontextprotocol/sdk/server/index.js"
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js"
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js"
import {
  type CallToolResult,
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type Tool as ToolDefinition
} from "@modelcontextprotocol/sdk/types.js"
import { Cause, Effect, Layer, Option, Predicate, Result } from "effect"
import type { ToolResultOutput } from "../contract/Prompt.ts"
import * as ExecuteTool from "../core/ExecuteTool.ts"
import type * as Tool from "../core/Tool.ts"
import * as ToolCallParser from "../core/ToolCallParser.ts"
import { toolJsonSchema } from "../core/ToolJsonSchema.ts"
import * as Toolkit from "../core/Toolkit.ts"
import * as WireJson from "../runtime/WireJson.ts"

/**
 * Options of {@link make} and the servers.
 *
 * @since 0.1.0
 * @category models
 */
export interface Options<T extends Toolkit.Any> {
  readonly name: string
  readonly version: string
  readonly tools: T
  /** Sent to clients in the `initialize` result. */
  readonly instructions?: string | undefined
}

/**
 * Options of {@link serveHttp}.
 *
 * @since 0.1.0
 * @category models
 */
export interface HttpOptions<T extends Toolkit.Any> extends Options<T> {
  /** 0 (the default) picks a free port. */
  readonly port?: number | undefined
  /** Default `127.0.0.1`. */
  readonly host?: string | undefined
  /** The endpoint's path, default `/mcp`. */
  readonly path?: string | undefined
}

/**
 * Where an HTTP server listens.
 *
 * @since 0.1.0
 * @category models
 */
export interface Address {
  readonly port: number
  /** The endpoint, e.g. `http://127.0.0.1:3000/mcp`. */
  readonly url: string
}

// the SDK McpServer's rendering of a failure
const messageOf = (error: unknown): string => error instanceof Error ? error.message : String(error)

const text = (value: string) => ({ type: "text" as const, text: value })
const errorResult = (message: string): CallToolResult => ({ content: [text(message)], isError: true })

const base64 = (data: string | Uint8Array): string => typeof data === "string" ? data : Buffer.from(data).toString("base64")

type ContentItem = Extract<ToolResultOutput, { readonly type: "content" }>["value"][number]

const contentItem = (item: ContentItem): CallToolResult["content"] => {
  switch (item.type) {
    case "text":
      return [text(item.text)]
    case "file": {
      const data = item.data
      if (data.type === "data") {
        if (item.mediaType.startsWith("image/")) return [{ type: "image", data: base64(data.data), mimeType: item.mediaType }]
        if (item.mediaType.startsWith("audio/")) return [{ type: "audio", data: base64(data.data), mimeType: item.mediaType }]
        return [{
          type: "resource",
          resource: { uri: `data:${item.mediaType};base64,`, mimeType: item.mediaType, blob: base64(data.data) }
        }]
      }
      if (data.type === "url") {
        return [{ type: "resource_link", uri: data.url.href, name: item.filename ?? data.url.href, mimeType: item.mediaType }]
      }
      return [text(data.type === "text" ? data.text : WireJson.render(data.reference))]
    }
    case "custom":
      return []
  }
}

/**
 * A model output (a tool's `toModelOutput`) as an MCP tool result.
 *
 * @since 0.1.0
 * @category constructors
 */
export const fromModelOutput = (output: ToolResultOutput): CallToolResult => {
  switch (output.type) {
    case "text":
      return { content: [text(output.value)] }
    case "json": {
      // a value with no JSON text (too deep, too large) is the tool's failure, not the server's
      const printed = WireJson.stringify(output.value)
      return Result.isSuccess(printed) ? { content: [text(printed.success)] } : errorResult(printed.failure.message)
    }
    case "error-text":
      return errorResult(output.value)
    case "error-json":
      return errorResult(WireJson.render(output.value))
    case "execution-denied":
      return errorResult(output.reason ?? "Tool execution denied.")
    case "content":
      return { content: output.value.flatMap(contentItem) }
  }
}

const isRecord = (u: unknown): u is { readonly [key: string]: unknown } => Predicate.isObject(u) && !Array.isArray(u)

const fromOutput = (tool: Tool.Any, toolCallId: string, input: unknown, output: unknown) =>
  Effect.gen(function*() {
    const structured = isRecord(output) ? { structuredContent: { ...output } } : {}
    if (tool.toModelOutput !== undefined) {
      return { ...fromModelOutput(yield* tool.toModelOutput({ toolCallId, input, output })), ...structured }
    }
    if (typeof output === "string") return { content: [text(output)], ...structured }
    const printed = WireJson.stringify(output ?? null)
    return Result.isSuccess(printed) ? { content: [text(printed.success)], ...structured } : errorResult(printed.failure.message)
  })

const definitions = Effect.fnUntraced(function*(tools: Toolkit.Any) {
  const out: Array<ToolDefinition> = []
  for (const [name, tool] of Object.entries(tools)) {
    if (tool.type === "provider") continue
    const inputSchema = yield* toolJsonSchema(tool.inputSchema)
    const outputSchema = tool.outputSchema === undefined ? undefined : yield* toolJsonSchema(tool.outputSchema)
    out.push({
      name,
      ...(tool.title !== undefined ? { title: tool.title } : {}),
      ...(tool.description !== undefined ? { description: tool.description } : {}),
      inputSchema: { ...inputSchema, type: "object" },
      // the protocol allows only object output schemas
      ...(outputSchema !== undefined && outputSchema.type === "object" ? { outputSchema: { ...outputSchema, type: "object" } } : {})
    })
  }
  return out
})

function callTool<T extends Toolkit.Any>(
  tools: T,
  name: string,
  args: unknown,
  toolCallId: string,
  onPreliminary: ((output: unknown) => Effect.Effect<void>) | undefined
): Effect.Effect<CallToolResult, never, Toolkit.Services<T>>
function callTool(
  tools: Toolkit.Any,
  name: string,
  args: unknown,
  toolCallId: string,
  onPreliminary: ((output: unknown) => Effect.Effect<void>) | undefined
): Effect.Effect<CallToolResult, never, unknown> {
  return Effect.gen(function*() {
    const tool = Toolkit.getTool(tools, name)
    // the SDK's McpServer reports these as isError results with its McpError text
    if (tool === undefined || tool.type === "provider") return errorResult(`MCP error -32602: Tool ${name} not found`)
    // the client's arguments, parsed by the SDK from its request: they may be nested too deeply to print
    const input = WireJson.stringify(args ?? {})
    if (Result.isFailure(input)) return errorResult(`MCP error -32602: Input validation error: ${input.failure.message}`)
    const parsed = yield* ToolCallParser.parseToolCall({
      toolCall: { type: "tool-call", toolCallId, toolName: name, input: input.success },
      tools,
      messages: []
    })
    if (parsed.invalid === true) {
      return errorResult(`MCP error -32602: Input validation error: ${messageOf(parsed.error)}`)
    }
    const executed = yield* ExecuteTool.executeToolCall({
      toolCall: parsed,
      tools,
      messages: [],
      onPreliminaryToolResult: onPreliminary === undefined ? undefined : (result) => onPreliminary(result.output)
    })
    if (Option.isNone(executed)) return errorResult(`Tool ${name} has no execute function`)
    const outcome = executed.value.output
    if (outcome.type === "tool-error") return errorResult(messageOf(outcome.error))
    return yield* fromOutput(tool, toolCallId, parsed.input, outcome.output).pipe(
      Effect.catchCause((cause) => Effect.succeed(errorResult(`Tool ${name}: ${messageOf(Cause.squash(cause))}`)))
    )
  })
}

/**
 * The SDK server of a toolkit, not yet connected; the tools run in the services of the Effect
 * that makes it.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = Effect.fn("McpServer.make")(function*<T extends Toolkit.Any>(options: Options<T>) {
  const context = yield* Effect.context<Toolkit.Services<T>>()
  const listed = yield* definitions(options.tools)
  return () => {
    const server = new Server(
      { name: options.name, version: options.version },
      { capabilities: { tools: {} }, ...(options.instructions !== undefined ? { instructions: options.instructions } : {}) }
    )
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }))
    server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
      const token = request.params._meta?.progressToken
      let progress = 0
      const onPreliminary = token === undefined ? undefined : (output: unknown) =>
        Effect.ignore(Effect.tryPromise(() =>
          extra.sendNotification({
            method: "notifications/progress",
            params: { progressToken: token, progress: ++progress, message: typeof output === "string" ? output : WireJson.render(output) }
          })
        ))
      const run = callTool(options.tools, request.params.name, request.params.arguments, `mcp-${String(extra.requestId)}`, onPreliminary)
      return Effect.runPromiseWith(context)(run, { signal: extra.signal })
    })
    return server
  }
})

const close = (closable: { close(): Promise<void> }) => Effect.ignore(Effect.tryPromise(() => closable.close()))

/**
 * Serves a toolkit on this process's stdin and stdout for as long as the scope lives.
 *
 * @since 0.1.0
 * @category utils
 */
export const serveStdio = Effect.fn("McpServer.serveStdio")(function*<T extends Toolkit.Any>(options: Options<T>) {
  const server = (yield* make(options))()
  yield* Effect.acquireRelease(
    Effect.promise(() => server.connect(new StdioServerTransport())),
    () => close(server)
  )
})

/**
 * Serves a toolkit over Streamable HTTP (one SDK server per session) for as long as the scope
 * lives; gives the address it listens on.
 *
 * @since 0.1.0
 * @category utils
 */
export const serveHttp = Effect.fn("McpServer.serveHttp")(function*<T extends Toolkit.Any>(options: HttpOptions<T>) {
  const makeServer = yield* make(options)
  const path = options.path ?? "/mcp"
  const host = options.host ?? "127.0.0.1"
  const sessions = new Map<string, StreamableHTTPServerTransport>()
  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (new URL(req.url ?? "/", "http://localhost").pathname !== path) return void res.writeHead(404).end()
    const id = req.headers["mcp-session-id"]
    const existing = typeof id === "string" ? sessions.get(id) : undefined
    if (existing !== undefined) return existing.handleRequest(req, res)
    if (typeof id === "string") {
      return void res.writeHead(404, { "content-type": "application/json" }).end(
        JSON.stringify({ jsonrpc: "2.0", error: { code: -32001, message: "Session not found" }, id: null })
      )
    }
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
      onsessioninitialized: (sessionId) => void sessions.set(sessionId, transport),
      onsessionclosed: (sessionId) => void sessions.delete(sessionId)
    })
    await makeServer().connect(transport)
    return transport.handleRequest(req, res)
  }
  const listener = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(messageOf(error))
    })
  })
  const port = yield* Effect.acquireRelease(
    Effect.callback<number, Error>((resume) => {
      listener.once("error", (error) => resume(Effect.fail(error)))
      listener.listen(options.port ?? 0, host, () => {
        const address = listener.address()
        resume(Effect.succeed(typeof address === "object" && address !== null ? address.port : options.port ?? 0))
      })
    }),
    () =>
      Effect.gen(function*() {
        for (const transport of sessions.values()) yield* close(transport)
        sessions.clear()
        listener.closeAllConnections()
        yield* Effect.callback<void>((resume) => void listener.close(() => resume(Effect.void)))
      })
  )
  const address: Address = { port, url: `http://${host}:${port}${path}` }
  return address
})

/**
 * {@link serveStdio} as a layer.
 *
 * @since 0.1.0
 * @category layers
 */
export const layerStdio = <T extends Toolkit.Any>(options: Options<T>): Layer.Layer<never, never, Toolkit.Services<T>> =>
  Layer.effectDiscard(serveStdio(options))

/**
 * {@link serveHttp} as a layer.
 *
 * @since 0.1.0
 * @category layers
 */
export const layerHttp = <T extends Toolkit.Any>(options: HttpOptions<T>): Layer.Layer<never, Error, Toolkit.Services<T>> =>
  Layer.effectDiscard(serveHttp(options))
