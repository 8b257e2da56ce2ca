/**
 * Per-request options of an MCP client: a timeout (interrupting the request, which sends
 * `notifications/cancelled`) and progress notifications.
 *
 * @since 0.1.0
 */
import type { Progress } from "@modelcontextprotocol/sdk/types.js"
import type { Duration, Effect } from "effect"
import type { MCPClientError } from "../contract/errors/MCPClientError.ts"
import type { CallToolResult } from "./McpResult.ts"

/**
 * A progress notification of a running request (`progress`, optional `total` and `message`).
 *
 * @since 0.1.0
 * @category models
 */
export type ProgressUpdate = Progress

/**
 * Options every request takes.
 *
 * @since 0.1.0
 * @category models
 */
export interface RequestOptions {
  /** Fails the request with `MCPClientError` "Request timed out after <ms>ms" and cancels it on the server. */
  readonly timeout?: Duration.Input | undefined
  /** Asks the server for progress notifications (a progress token is sent) and receives them. */
  readonly onProgress?: ((progress: ProgressUpdate) => Effect.Effect<void>) | undefined
}

/**
 * A `tools/call` request.
 *
 * @since 0.1.0
 * @category models
 */
export interface CallToolOptions extends RequestOptions {
  readonly name: string
  readonly arguments?: Readonly<Record<string, unknown>> | undefined
}

/**
 * What making tools from definitions needs of a client.
 *
 * @since 0.1.0
 * @category models
 */
export interface ToolCaller {
  readonly clientInfo: { readonly name: string; readonly version: string }
  readonly callTool: (options: CallToolOptions) => Effect.Effect<CallToolResult, MCPClientError>
}
