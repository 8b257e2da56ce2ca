/**
 * An MCP client as a scoped Effect service, built on the official `@modelcontextprotocol/sdk`
 * client (see docs/mcp.md for why): connecting runs the `initialize` handshake, closing the
 * scope closes the connection (a stdio server's process ends with it).
 *
 * Requests are Effects: interrupting one aborts it, and the SDK tells the server with
 * `notifications/cancelled`; a `timeout` interrupts it the same way and fails with upstream's
 * "Request timed out after <ms>ms". Every failure is an `MCPClientError` (upstream's name, marker
 * and fields): JSON-RPC errors keep the server's message and code, a server that goes away
 * mid-request gives "Connection closed", a result that does not parse "Failed to parse server
 * response". `tools()` lists every page and gives an aimux toolkit ({@link McpTools}) for
 * `generateText`, `streamText` and `Agent`; `toolListChanged` streams the server's
 * `notifications/tools/list_changed`. Elicitation requests of the server go to `onElicitation`.
 *
 * @since 0.1.0
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import type { RequestOptions as SdkRequestOptions } from "@modelcontextprotocol/sdk/shared/protocol.js"
import {
  ElicitRequestSchema,
  type ElicitRequest,
  type ElicitResult,
  type GetPromptResult,
  type Implementation,
  type ListPromptsResult,
  type ListResourcesResult,
  type ListResourceTemplatesResult,
  type ReadResourceResult,
  ResultSchema,
  type ServerCapabilities,
  ToolListChangedNotificationSchema
} from "@modelcontextprotocol/sdk/types.js"
import { Context, Deferred, Duration, Effect, Layer, Option, PubSub, Stream } from "effect"
import { MCPClientError } from "../contract/errors/MCPClientError.ts"
import { toClientError } from "./internal/ClientErrors.ts"
import { makeSdkTransport } from "./internal/SdkTransport.ts"
import type { CallToolOptions, RequestOptions } from "./McpRequest.ts"
import * as McpResult from "./McpResult.ts"
import * as McpTools from "./McpTools.ts"
import type { Transport } from "./McpTransport.ts"

/**
 * Options of {@link make} / {@link McpClient.layer}.
 *
 * @since 0.1.0
 * @category models
 */
export interface Options<R = never> {
  readonly transport: Transport
  /** Sent as `clientInfo.name` and copied into every tool's `metadata.clientName`. */
  readonly clientName?: string | undefined
  readonly clientVersion?: string | undefined
  /** The default timeout of every request (none: requests wait as long as the server takes). */
  readonly requestTimeout?: Duration.Input | undefined
  /** Answers the server's `elicitation/create` requests; given, the client declares the capability. */
  readonly onElicitation?: ((request: ElicitRequest["params"]) => Effect.Effect<ElicitResult, unknown, R>) | undefined
  /** Errors outside any request: unparsable messages, transport failures (upstream `onUncaughtError`). */
  readonly onUncaughtError?: ((error: MCPClientError) => Effect.Effect<void, never, R>) | undefined
}

/**
 * Options of `tools()`.
 *
 * @since 0.1.0
 * @category models
 */
export type ToolsOptions<S extends McpTools.Schemas> = McpTools.Options<S>

/**
 * The client's operations.
 *
 * @since 0.1.0
 * @category models
 */
export interface Service {
  readonly clientInfo: { readonly name: string; readonly version: string }
  readonly serverInfo: Implementation | undefined
  readonly serverCapabilities: ServerCapabilities | undefined
  readonly instructions: string | undefined
  /** One page of `tools/list`. */
  readonly listTools: (options?: RequestOptions & { readonly cursor?: string | undefined }) => Effect.Effect<McpResult.ListToolsResult, MCPClientError>
  /** Every tool of the server (all pages) as an aimux toolkit. */
  readonly tools: <const S extends McpTools.Schemas = "automatic">(options?: ToolsOptions<S>) => Effect.Effect<McpTools.McpToolkit<S>, MCPClientError>
  /** `tools/call`; an `isError` result is a result, not a failure. */
  readonly callTool: (options: CallToolOptions) => Effect.Effect<McpResult.CallToolResult, MCPClientError>
  readonly listResources: (options?: RequestOptions & { readonly cursor?: string | undefined }) => Effect.Effect<ListResourcesResult, MCPClientError>
  readonly readResource: (options: RequestOptions & { readonly uri: string }) => Effect.Effect<ReadResourceResult, MCPClientError>
  readonly listResourceTemplates: (options?: RequestOptions) => Effect.Effect<ListResourceTemplatesResult, MCPClientError>
  readonly listPrompts: (options?: RequestOptions & { readonly cursor?: string | undefined }) => Effect.Effect<ListPromptsResult, MCPClientError>
  readonly getPrompt: (
    options: RequestOptions & { readonly name: string; readonly arguments?: Readonly<Record<string, string>> | undefined }
  ) => Effect.Effect<GetPromptResult, MCPClientError>
  /** One element per `notifications/tools/list_changed` received after subscribing. */
  readonly toolListChanged: Stream.Stream<void>
}

// setTimeout's largest delay: the SDK's own default (60 s) must not apply, timeouts are ours
const noSdkTimeout = 2_147_483_647

const missingServerInfo = () =>
  new MCPClientError({ message: "Server sent invalid initialize result: missing serverInfo" })

/**
 * Connects to a server; the connection lives as long as the scope.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = Effect.fn("McpClient.make")(function*<R = never>(options: Options<R>) {
  const context = yield* Effect.context<R>()
  const run = Effect.runForkWith(context)
  const clientInfo = { name: options.clientName ?? "aimux-mcp-client", version: options.clientVersion ?? "1.0.0" }
  const onElicitation = options.onElicitation
  const client = new Client(clientInfo, { capabilities: onElicitation !== undefined ? { elicitation: {} } : {} })
  const url = options.transport.type === "stdio" ? undefined : options.transport.url
  const defaultTimeout = options.requestTimeout

  const changes = yield* Effect.acquireRelease(PubSub.unbounded<void>(), PubSub.shutdown)
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    PubSub.publishUnsafe(changes, undefined)
  })
  if (onElicitation !== undefined) {
    client.setRequestHandler(ElicitRequestSchema, (request, extra) =>
      Effect.runPromiseWith(context)(onElicitation(request.params), { signal: extra.signal }))
  }
  const onUncaughtError = options.onUncaughtError
  // Over HTTP a server that dies mid-request ends the response stream; the SDK then reconnects,
  // gives up and reports it to `onerror` only, so the pending requests would wait forever. Its
  // giving up is taken as the connection's end: every pending request fails with "Connection closed".
  const lost = yield* Deferred.make<never, MCPClientError>()
  client.onerror = (error) => {
    const clientError = toClientError(error, url)
    if (clientError.message.startsWith("Maximum reconnection attempts")) {
      Deferred.doneUnsafe(lost, Effect.fail(new MCPClientError({ message: "Connection closed", cause: error })))
    }
    run(onUncaughtError === undefined ? Effect.logDebug("MCP client error", clientError) : onUncaughtError(clientError))
  }

  const request = <A>(
    send: (sdkOptions: SdkRequestOptions) => Promise<A>,
    requestOptions: RequestOptions | undefined
  ): Effect.Effect<A, MCPClientError> => {
    const onProgress = requestOptions?.onProgress
    const sent = Effect.tryPromise({
      try: (signal) =>
        send({
          signal,
          timeout: noSdkTimeout,
          ...(onProgress !== undefined ? { onprogress: (progress) => void Effect.runFork(onProgress(progress)) } : {})
        }),
      catch: (error) => toClientError(error, url)
    })
    const guarded = Effect.raceFirst(sent, Deferred.await(lost))
    const timeout = requestOptions?.timeout ?? defaultTimeout
    if (timeout === undefined) return guarded
    const duration = Duration.fromInputUnsafe(timeout)
    return Effect.timeoutOrElse(guarded, {
      duration,
      orElse: () => Effect.fail(new MCPClientError({ message: `Request timed out after ${Duration.toMillis(duration)}ms` }))
    })
  }

  const sdkTransport = makeSdkTransport(options.transport)
  yield* Effect.acquireRelease(
    request((sdkOptions) => client.connect(sdkTransport, sdkOptions), undefined),
    () => Effect.ignore(Effect.tryPromise(() => client.close()))
  )
  if (client.getServerVersion() === undefined) return yield* Effect.fail(missingServerInfo())

  // tools/list and tools/call are asked for loosely and parsed as upstream parses them (McpResult):
  // the SDK's own schemas reorder keys and its `callTool` validates `structuredContent` against
  // the listed `outputSchema`, which upstream does not
  const parsed = <A>(raw: Effect.Effect<unknown, MCPClientError>, decode: (u: unknown) => Option.Option<A>) =>
    Effect.flatMap(raw, (u) =>
      Option.match(decode(u), {
        onNone: () => Effect.fail(new MCPClientError({ message: "Failed to parse server response", cause: u })),
        onSome: Effect.succeed
      }))
  const listTools: Service["listTools"] = (o) =>
    parsed(
      request(
        (s) => client.request({ method: "tools/list", ...(o?.cursor !== undefined ? { params: { cursor: o.cursor } } : {}) }, ResultSchema, s),
        o
      ),
      McpResult.decodeListToolsResult
    )
  const callTool: Service["callTool"] = (o) =>
    parsed(
      request(
        (s) => client.request({ method: "tools/call", params: { name: o.name, arguments: { ...o.arguments } } }, ResultSchema, s),
        o
      ),
      McpResult.decodeCallToolResult
    )
  const allTools = Effect.gen(function*() {
    let page = yield* listTools()
    const tools = [...page.tools]
    while (page.nextCursor != null) {
      page = yield* listTools({ cursor: page.nextCursor })
      tools.push(...page.tools)
    }
    return tools
  })
  const service: Service = {
    clientInfo,
    serverInfo: client.getServerVersion(),
    serverCapabilities: client.getServerCapabilities(),
    instructions: client.getInstructions(),
    listTools,
    callTool,
    tools: (toolsOptions) =>
      Effect.map(allTools, (definitions) => McpTools.fromDefinitions({ clientInfo, callTool }, definitions, toolsOptions)),
    listResources: (o) => request((s) => client.listResources(o?.cursor !== undefined ? { cursor: o.cursor } : undefined, s), o),
    readResource: (o) => request((s) => client.readResource({ uri: o.uri }, s), o),
    listResourceTemplates: (o) => request((s) => client.listResourceTemplates(undefined, s), o),
    listPrompts: (o) => request((s) => client.listPrompts(o?.cursor !== undefined ? { cursor: o.cursor } : undefined, s), o),
    getPrompt: (o) =>
      request((s) => client.getPrompt({ name: o.name, ...(o.arguments !== undefined ? { arguments: { ...o.arguments } } : {}) }, s), o),
    toolListChanged: Stream.fromPubSub(changes)
  }
  return service
})

/**
 * The client of one MCP server, as a service.
 *
 * @since 0.1.0
 * @category services
 */
export class McpClient extends Context.Service<McpClient, Service>()("aimux/mcp/McpClient") {
  /**
   * A layer connected to one server; the connection closes with the layer's scope.
   *
   * @since 0.1.0
   */
  static readonly layer = <R = never>(options: Options<R>): Layer.Layer<McpClient, MCPClientError, R> =>
    Layer.effect(McpClient, make(options))
}
