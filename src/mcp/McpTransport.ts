/**
 * How an MCP client reaches its server (upstream `MCPTransportConfig` and
 * `Experimental_StdioMCPTransport`): a child process speaking JSON-RPC lines on stdio, Streamable
 * HTTP, or the older HTTP+SSE transport. The HTTP transports take an OAuth client provider
 * (`authProvider`), as upstream's do.
 *
 * @since 0.1.0
 */
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js"

/**
 * The OAuth client provider of the HTTP transports (the official SDK's interface, which
 * upstream's `OAuthClientProvider` mirrors): client metadata, stored tokens, the redirect.
 *
 * @since 0.1.0
 * @category models
 */
export type AuthProvider = OAuthClientProvider

/**
 * A server started as a child process; its stdin and stdout carry the messages.
 *
 * @since 0.1.0
 * @category models
 */
export interface Stdio {
  readonly type: "stdio"
  readonly command: string
  readonly args?: ReadonlyArray<string> | undefined
  /** The child's environment; by default the SDK's safe subset of the parent's (`PATH`, `HOME`, ...). */
  readonly env?: Readonly<Record<string, string>> | undefined
  readonly cwd?: string | undefined
  /** What happens to the child's stderr (default `inherit`, as upstream). */
  readonly stderr?: "inherit" | "pipe" | "ignore" | undefined
}

/**
 * A server over HTTP: `http` is Streamable HTTP, `sse` the deprecated HTTP+SSE transport.
 *
 * @since 0.1.0
 * @category models
 */
export interface Http {
  readonly type: "http" | "sse"
  readonly url: string
  /** Extra headers on every request. */
  readonly headers?: Readonly<Record<string, string>> | undefined
  /** OAuth: tokens are read from and stored in it; a 401 starts its authorization flow. */
  readonly authProvider?: AuthProvider | undefined
  /** Streamable HTTP only: resume this session instead of starting one. */
  readonly sessionId?: string | undefined
}

/**
 * Any transport configuration.
 *
 * @since 0.1.0
 * @category models
 */
export type Transport = Stdio | Http

/**
 * A stdio transport.
 *
 * @since 0.1.0
 * @category constructors
 */
export const stdio = (command: string, options?: Omit<Stdio, "type" | "command">): Stdio => ({
  type: "stdio",
  command,
  ...options
})

/**
 * A Streamable HTTP transport.
 *
 * @since 0.1.0
 * @category constructors
 */
export const http = (url: string, options?: Omit<Http, "type" | "url">): Http => ({ type: "http", url, ...options })

/**
 * An HTTP+SSE transport (deprecated by the protocol, kept for older servers).
 *
 * @since 0.1.0
 * @category constructors
 */
export const sse = (url: string, options?: Omit<Http, "type" | "url" | "sessionId">): Http => ({
  type: "sse",
  url,
  ...options
})

/**
 * What a command line names: an `http(s)://` URL is Streamable HTTP (an URL ending in `/sse` the
 * SSE transport), anything else a command split on whitespace (`npx -y some-server`).
 *
 * @since 0.1.0
 * @category constructors
 */
export const fromCommandLine = (spec: string): Transport => {
  const trimmed = spec.trim()
  if (/^https?:\/\//i.test(trimmed)) return /\/sse\/?$/.test(trimmed) ? sse(trimmed) : http(trimmed)
  const [command = "", ...args] = trimmed.split(/\s+/)
  return stdio(command, { args })
}
