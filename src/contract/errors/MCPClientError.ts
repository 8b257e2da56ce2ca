/**
 * `MCPClientError`: an error of an MCP client (upstream `@ai-sdk/mcp`'s `MCPClientError`): a
 * JSON-RPC error from the server, a closed connection, a timeout, a transport failure or a
 * server message that does not parse.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { omitUndefined, type UpstreamLike } from "./internal/marker.ts"
import { UpstreamError } from "./internal/UpstreamError.ts"

const name = "AI_MCPClientError"

/**
 * Constructor options, named as upstream's.
 *
 * @since 0.1.0
 * @category models
 */
export interface MCPClientErrorOptions {
  readonly message: string
  readonly cause?: unknown
  readonly data?: unknown
  /** The JSON-RPC error code of the server's response. */
  readonly code?: number | undefined
  /** The HTTP status of a failed HTTP transport response. */
  readonly statusCode?: number | undefined
  readonly url?: string | undefined
  readonly responseBody?: string | undefined
}

/**
 * An error of an MCP client; fields as upstream's.
 *
 * @since 0.1.0
 * @category errors
 */
export class MCPClientError extends UpstreamError<MCPClientError>(name)("MCPClientError", {
  // upstream's instances are named without the `AI_` prefix of their marker
  name: Schema.Literal("MCPClientError"),
  message: Schema.String,
  cause: Schema.optional(Schema.Defect()),
  data: Schema.optional(Schema.Unknown),
  code: Schema.optional(Schema.Number),
  statusCode: Schema.optional(Schema.Number),
  url: Schema.optional(Schema.String),
  responseBody: Schema.optional(Schema.String)
}) {
  constructor(options: MCPClientErrorOptions, makeOptions?: Schema.MakeOptions) {
    super(omitUndefined({ name: "MCPClientError" as const, ...options }), makeOptions)
  }
}

/**
 * What `MCPClientError.isInstance` narrows to.
 *
 * @since 0.1.0
 * @category models
 */
export type MCPClientErrorLike = UpstreamLike<MCPClientError>
