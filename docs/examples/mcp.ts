/**
 * The examples of docs/mcp.md: an MCP server's tools in an agent, the client's other requests,
 * and an aimux toolkit served over MCP.
 */
import { Effect, Schema } from "effect"
import { Agent, StopCondition, Tool, Toolkit } from "aimux"
import { McpAuth, McpClient, McpServer, McpTransport } from "aimux/mcp"

// an MCP server's tools in an agent; the connection closes with the scope
export const answer = Effect.scoped(Effect.gen(function*() {
  const client = yield* McpClient.make({
    transport: McpTransport.stdio("npx", { args: ["-y", "@modelcontextprotocol/server-everything"] }),
    requestTimeout: "30 seconds"
  })
  const tools = yield* client.tools()
  const agent = Agent.make({ instructions: "Use the tools.", tools, stopWhen: StopCondition.isStepCount(5) })
  const result = yield* agent.generate({ prompt: "Add 2 and 3." })
  return result.text
}))

// user-given schemas: only these tools, typed, the output validated from structuredContent
export const typed = (client: McpClient.Service) =>
  client.tools({
    schemas: {
      add: {
        inputSchema: Schema.Struct({ a: Schema.Number, b: Schema.Number }),
        outputSchema: Schema.Struct({ sum: Schema.Number })
      }
    }
  })

// the other requests; interrupting one (or its timeout) cancels it on the server
export const requests = (client: McpClient.Service) =>
  Effect.gen(function*() {
    const called = yield* client.callTool({
      name: "longRunningOperation",
      arguments: { duration: 5 },
      timeout: "10 seconds",
      onProgress: (progress) => Effect.log(`${progress.progress}/${progress.total ?? "?"}`)
    })
    const resources = yield* client.listResources()
    const readme = yield* client.readResource({ uri: "file:///readme.txt" })
    const prompt = yield* client.getPrompt({ name: "review", arguments: { code: "x = 1" } })
    return { called, resources, readme, prompt }
  })

// Streamable HTTP with OAuth, elicitation answered by an Effect; `finish` after the user comes back
// from the authorization page
export const remote = (authProvider: McpTransport.AuthProvider) =>
  McpClient.McpClient.layer({
    transport: McpTransport.http("https://mcp.example.com/mcp", { authProvider }),
    onElicitation: (request) => Effect.succeed({ action: "decline" as const, content: { reason: request.message } })
  })

export const finish = (authProvider: McpTransport.AuthProvider, code: string) =>
  McpAuth.finishAuthorization({ provider: authProvider, serverUrl: "https://mcp.example.com/mcp", authorizationCode: code })

// an aimux toolkit served over MCP
export const tools = Toolkit.make({
  weather: Tool.make({
    description: "The weather in a city",
    inputSchema: Schema.Struct({ city: Schema.String }),
    execute: ({ city }) => Effect.succeed(`Sunny in ${city}`)
  })
})

export const serve = Effect.scoped(Effect.gen(function*() {
  const address = yield* McpServer.serveHttp({ name: "weather", version: "1.0.0", tools, port: 3000 })
  yield* Effect.log(`MCP server at ${address.url}`)
  return yield* Effect.never
}))

export const serveOnStdio = McpServer.layerStdio({ name: "weather", version: "1.0.0", tools })
