/**
 * The official SDK's client transport for a transport configuration.
 *
 * @internal
 */
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js"
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import type { Transport as SdkTransport } from "@modelcontextprotocol/sdk/shared/transport.js"
import type { Transport } from "../McpTransport.ts"

/** @internal */
export const makeSdkTransport = (transport: Transport): SdkTransport => {
  switch (transport.type) {
    case "stdio":
      return new StdioClientTransport({
        command: transport.command,
        args: [...(transport.args ?? [])],
        env: transport.env === undefined ? getDefaultEnvironment() : { ...transport.env },
        ...(transport.cwd !== undefined ? { cwd: transport.cwd } : {}),
        stderr: transport.stderr ?? "inherit"
      })
    case "http":
      return new StreamableHTTPClientTransport(new URL(transport.url), {
        ...(transport.headers !== undefined ? { requestInit: { headers: { ...transport.headers } } } : {}),
        ...(transport.authProvider !== undefined ? { authProvider: transport.authProvider } : {}),
        ...(transport.sessionId !== undefined ? { sessionId: transport.sessionId } : {})
      })
    case "sse":
      return new SSEClientTransport(new URL(transport.url), {
        ...(transport.headers !== undefined ? { requestInit: { headers: { ...transport.headers } } } : {}),
        ...(transport.authProvider !== undefined ? { authProvider: transport.authProvider } : {})
      })
  }
}
