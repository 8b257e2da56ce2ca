/**
 * The official SDK's failures as `MCPClientError`s with upstream's messages and fields: a
 * JSON-RPC error keeps the server's message and code, a closed connection is "Connection closed",
 * a result the SDK's schemas reject is "Failed to parse server response", an HTTP failure carries
 * its status.
 *
 * @internal
 */
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js"
import { SseError } from "@modelcontextprotocol/sdk/client/sse.js"
import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import { MCPClientError } from "../../contract/errors/MCPClientError.ts"

// the SDK prefixes the server's message with "MCP error <code>: "; upstream reports it bare
const bareMessage = (error: McpError): string => {
  const prefix = `MCP error ${error.code}: `
  return error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message
}

const isSchemaError = (error: unknown): boolean =>
  error instanceof Error && (error.name === "ZodError" || error.name === "$ZodError")

/** @internal */
export const toClientError = (error: unknown, url?: string): MCPClientError => {
  if (error instanceof MCPClientError) return error
  if (error instanceof McpError) {
    if (error.code === ErrorCode.ConnectionClosed) return new MCPClientError({ message: "Connection closed", cause: error })
    return new MCPClientError({ message: bareMessage(error), code: error.code, data: error.data, cause: error })
  }
  if (isSchemaError(error)) return new MCPClientError({ message: "Failed to parse server response", cause: error })
  if (error instanceof StreamableHTTPError || error instanceof SseError) {
    const status = error.code
    return new MCPClientError({
      message: error.message,
      cause: error,
      ...(status !== undefined && status >= 100 && status < 600 ? { statusCode: status } : {}),
      ...(url !== undefined ? { url } : {})
    })
  }
  return new MCPClientError({ message: error instanceof Error ? error.message : String(error), cause: error })
}
