/**
 * `aimux mcp tools <command or URL>`: connects to an MCP server (a command is started as a child
 * process speaking stdio; an `http(s)://` URL is Streamable HTTP, one ending in `/sse` the SSE
 * transport), lists every page of its tools and prints them, one per line with their arguments,
 * or as JSON with `--json`.
 *
 * @since 0.1.0
 */
import { Cause, Duration, Effect, Exit, Predicate } from "effect"
import * as McpClient from "../mcp/McpClient.ts"
import type { ToolDefinition } from "../mcp/McpResult.ts"
import * as McpTransport from "../mcp/McpTransport.ts"

/**
 * The help text of `aimux mcp`.
 *
 * @since 0.1.0
 * @category constants
 */
export const usage = `usage: aimux mcp tools [--json] [--timeout <ms>] <command or URL>

Lists an MCP server's tools. A command (e.g. "npx -y @modelcontextprotocol/server-everything")
is started as a child process on stdio; an http(s):// URL is Streamable HTTP (one ending in /sse
the older HTTP+SSE transport).

  --json          print the tools/list definitions as one JSON array
  --timeout <ms>  bound on connecting and each request (default 30000)`

/**
 * One line per argument of a tool's input schema: `name: type (required) — description`.
 *
 * @since 0.1.0
 * @category cli
 */
export const describeTool = (tool: ToolDefinition): string => {
  const properties = tool.inputSchema.properties ?? {}
  const required = Array.isArray(tool.inputSchema.required) ? tool.inputSchema.required : []
  const args = Object.entries(properties).map(([name, schema]) => {
    const type = Predicate.hasProperty(schema, "type") ? ` ${JSON.stringify(schema.type).replaceAll("\"", "")}` : ""
    const description = Predicate.hasProperty(schema, "description") ? ` — ${String(schema.description)}` : ""
    return `    ${name}:${type}${required.includes(name) ? " (required)" : ""}${description}`
  })
  const title = tool.title !== undefined && tool.title !== tool.name ? ` (${tool.title})` : ""
  return [`${tool.name}${title}${tool.description !== undefined ? `: ${tool.description}` : ""}`, ...args].join("\n")
}

/**
 * Runs `aimux mcp` with its arguments; resolves to the exit code (0 listed, 1 the server failed,
 * 2 bad arguments).
 *
 * @since 0.1.0
 * @category cli
 */
export const run = async (argv: ReadonlyArray<string>): Promise<number> => {
  const [sub, ...rest] = argv
  if (sub === undefined || sub === "--help" || sub === "-h" || sub === "help") {
    process.stdout.write(`${usage}\n`)
    return sub === undefined ? 2 : 0
  }
  if (sub !== "tools") {
    process.stderr.write(`aimux mcp: unknown subcommand '${sub}'\n\n${usage}\n`)
    return 2
  }
  let json = false
  let timeoutMs = 30_000
  const words: Array<string> = []
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] ?? ""
    if (words.length === 0 && arg === "--json") json = true
    else if (words.length === 0 && arg === "--timeout") {
      const value = rest[++i]
      if (value === undefined || !/^\d+$/.test(value)) {
        process.stderr.write(`aimux mcp: --timeout must be a number of milliseconds, got '${value ?? ""}'\n`)
        return 2
      }
      timeoutMs = Number(value)
    } else words.push(arg)
  }
  if (words.length === 0) {
    process.stderr.write(`aimux mcp: missing <command or URL>\n\n${usage}\n`)
    return 2
  }
  const transport = McpTransport.fromCommandLine(words.join(" "))
  const program = Effect.scoped(Effect.gen(function*() {
    const client = yield* McpClient.make({ transport, requestTimeout: timeoutMs === 0 ? undefined : timeoutMs })
    const tools: Array<ToolDefinition> = []
    let page = yield* client.listTools()
    tools.push(...page.tools)
    while (page.nextCursor != null) {
      page = yield* client.listTools({ cursor: page.nextCursor })
      tools.push(...page.tools)
    }
    return { server: client.serverInfo, tools }
  })).pipe(timeoutMs === 0 ? (self) => self : Effect.timeout(Duration.millis(timeoutMs)))
  const exit = await Effect.runPromiseExit(program)
  if (Exit.isFailure(exit)) {
    const error = Cause.squash(exit.cause)
    process.stderr.write(`aimux mcp: ${Predicate.hasProperty(error, "message") ? String(error.message) : String(error)}\n`)
    return 1
  }
  const { server, tools } = exit.value
  if (json) {
    process.stdout.write(`${JSON.stringify(tools)}\n`)
    return 0
  }
  const name = server === undefined ? "server" : `${server.name} ${server.version}`
  process.stdout.write(`${name}: ${tools.length} tool${tools.length === 1 ? "" : "s"}\n`)
  for (const tool of tools) process.stdout.write(`${describeTool(tool)}\n`)
  return 0
}
