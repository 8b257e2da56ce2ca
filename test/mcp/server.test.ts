/**
 * aimux's MCP server (an aimux toolkit served over MCP) against the official SDK's `Client` on
 * Streamable HTTP (127.0.0.1) and stdio (a child process): listing, calls, results with
 * structured content and images, the error results the SDK's own `McpServer` gives (same text for
 * an unknown tool), services reaching the tools, cancellation interrupting the tool, and upstream
 * `createMCPClient` using it as a tool source for `generateText` (the definitions that reach the
 * model are those aimux sends for the same toolkit).
 */
import { describe, expect, it } from "@effect/vitest"
import { createMCPClient } from "@ai-sdk/mcp"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import { generateText as upstreamGenerateText, isStepCount as upIsStepCount } from "ai"
import { MockLanguageModelV4 } from "ai/test"
import { Effect } from "effect"
import * as Toolkit from "../../src/core/Toolkit.ts"
import * as McpClient from "../../src/mcp/McpClient.ts"
import * as McpServer from "../../src/mcp/McpServer.ts"
import * as McpTransport from "../../src/mcp/McpTransport.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import { Greeting, interrupted, toolkit } from "./fixtures/aimux-toolkit.ts"
import { fixture, node } from "./harness.ts"
import * as path from "node:path"

const serve = McpServer.serveHttp({ name: "aimux-test", version: "0.1.0", tools: toolkit, instructions: "Be kind." }).pipe(
  Effect.provide(Greeting.layer)
)

const sdkClient = (transport: StreamableHTTPClientTransport | StdioClientTransport) =>
  Effect.acquireRelease(
    Effect.promise(async () => {
      const client = new Client({ name: "sdk-client", version: "1.0.0" })
      await client.connect(transport)
      return client
    }),
    (client) => Effect.promise(() => client.close())
  )

const calls = (client: Client) =>
  Effect.promise(async () => ({
    weather: await client.callTool({ name: "weather", arguments: { city: "Paris" } }),
    add: await client.callTool({ name: "add", arguments: { a: 2, b: 3 } }),
    fails: await client.callTool({ name: "fails", arguments: {} }),
    image: await client.callTool({ name: "image", arguments: {} }),
    greet: await client.callTool({ name: "greet", arguments: { name: "Ada" } }),
    count: await client.callTool({ name: "count", arguments: {} }),
    unknown: await client.callTool({ name: "nope", arguments: {} }),
    invalid: await client.callTool({ name: "add", arguments: { a: "two" } })
  }))

const expectCalls = (r: Effect.Success<ReturnType<typeof calls>>) => {
  expect(r.weather).toEqual({ content: [{ type: "text", text: "Sunny in Paris" }] })
  expect(r.add).toEqual({ content: [{ type: "text", text: "{\"sum\":5}" }], structuredContent: { sum: 5 } })
  expect(r.fails).toEqual({ content: [{ type: "text", text: "kaput" }], isError: true })
  expect(r.image.content).toEqual([
    { type: "text", text: "a pixel" },
    { type: "image", mimeType: "image/png", data: expect.stringMatching(/^iVBOR/) }
  ])
  expect(r.greet).toEqual({ content: [{ type: "text", text: "Hello, Ada!" }] })
  expect(r.count).toEqual({ content: [{ type: "text", text: "3" }] })
  expect(r.unknown).toEqual({ content: [{ type: "text", text: "MCP error -32602: Tool nope not found" }], isError: true })
  expect(r.invalid.isError).toBe(true)
  expect(JSON.stringify(r.invalid.content)).toMatch(/^\[\{"type":"text","text":"MCP error -32602: Input validation error: Invalid input for tool add/)
}

describe("aimux's MCP server, called by the official SDK client", () => {
  it.live("Streamable HTTP: initialize, list, call, errors", () =>
    Effect.gen(function*() {
      const address = yield* serve
      const client = yield* sdkClient(new StreamableHTTPClientTransport(new URL(address.url)))
      expect(client.getServerVersion()).toMatchObject({ name: "aimux-test", version: "0.1.0" })
      expect(client.getInstructions()).toBe("Be kind.")
      const listed = yield* Effect.promise(() => client.listTools())
      expect(listed.tools.map((t) => t.name)).toEqual(Object.keys(toolkit))
      const weather = listed.tools.find((t) => t.name === "weather")
      expect(weather).toMatchObject({
        title: "Weather",
        description: "The weather in a city",
        inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] }
      })
      expect(listed.tools.find((t) => t.name === "add")?.outputSchema).toMatchObject({ type: "object", properties: { sum: { type: "number" } } })
      expectCalls(yield* calls(client))
      // a streaming tool's preliminary results are progress notifications when asked for
      const progress: Array<unknown> = []
      const counted = yield* Effect.promise(() =>
        client.callTool({ name: "count", arguments: {} }, undefined, { onprogress: (p) => void progress.push(p) })
      )
      expect(counted).toEqual({ content: [{ type: "text", text: "3" }] })
      expect(progress).toEqual([{ progress: 1, message: "1" }, { progress: 2, message: "2" }, { progress: 3, message: "3" }])
    }).pipe(Effect.scoped), 30_000)

  it.live("stdio (a child process): the same calls", () =>
    Effect.gen(function*() {
      const client = yield* sdkClient(new StdioClientTransport({
        command: node,
        args: [path.join(import.meta.dirname, "fixtures", "aimux-server.ts")],
        stderr: "inherit"
      }))
      expect((yield* Effect.promise(() => client.listTools())).tools.map((t) => t.name)).toEqual(Object.keys(toolkit))
      expectCalls(yield* calls(client))
    }).pipe(Effect.scoped), 30_000)

  it.live("an unknown tool gives the SDK McpServer's own error result", () =>
    Effect.gen(function*() {
      const address = yield* serve
      const ours = yield* sdkClient(new StreamableHTTPClientTransport(new URL(address.url)))
      const sdk = yield* sdkClient(new StdioClientTransport({ command: node, args: [fixture, "stdio"], stderr: "inherit" }))
      const call = (client: Client) => Effect.promise(() => client.callTool({ name: "nope", arguments: {} }))
      expect(yield* call(ours)).toEqual(yield* call(sdk))
    }).pipe(Effect.scoped), 30_000)

  it.live("a client's cancellation interrupts the tool's fiber", () =>
    Effect.gen(function*() {
      const address = yield* serve
      const client = yield* sdkClient(new StreamableHTTPClientTransport(new URL(address.url)))
      const before = interrupted.length
      const controller = new AbortController()
      const pending = client.callTool({ name: "slow", arguments: {} }, undefined, { signal: controller.signal }).catch(() => "aborted")
      yield* Effect.sleep("200 millis")
      controller.abort("stop")
      expect(yield* Effect.promise(() => pending)).toBe("aborted")
      yield* Effect.sleep("200 millis")
      expect(interrupted.length).toBe(before + 1)
    }).pipe(Effect.scoped), 30_000)

  it.live("aimux's own client round trip: the served toolkit comes back as dynamic tools", () =>
    Effect.gen(function*() {
      const address = yield* serve
      const client = yield* McpClient.make({ transport: McpTransport.http(address.url) })
      const tools = yield* client.tools()
      expect(Object.keys(tools)).toEqual(Object.keys(toolkit))
      const out = yield* (tools.greet!.execute!({ name: "Bo" }, { toolCallId: "1", messages: [], context: undefined }) as Effect.Effect<unknown, unknown>)
      expect(out).toEqual({ content: [{ type: "text", text: "Hello, Bo!" }], isError: false })
    }).pipe(Effect.scoped), 30_000)

  it.live("upstream createMCPClient uses it as a tool source for generateText", () =>
    Effect.gen(function*() {
      const address = yield* serve
      const direct = yield* Toolkit.prepareTools(toolkit)
      const upstream = yield* Effect.promise(async () => {
        const client = await createMCPClient({ transport: { type: "http", url: address.url } })
        try {
          const model = new MockLanguageModelV4({
            doGenerate: [
              {
                content: [
                  { type: "tool-call", toolCallId: "a", toolName: "add", input: "{\"a\":1,\"b\":41}" },
                  { type: "tool-call", toolCallId: "g", toolName: "greet", input: "{\"name\":\"Cy\"}" },
                  { type: "tool-call", toolCallId: "f", toolName: "fails", input: "{}" }
                ],
                finishReason: { unified: "tool-calls", raw: undefined },
                usage: H.usage(1, 1),
                warnings: []
              },
              { content: [{ type: "text", text: "done" }], finishReason: { unified: "stop", raw: undefined }, usage: H.usage(1, 1), warnings: [] }
            ] as never
          })
          const r = await upstreamGenerateText({ model, prompt: "go", tools: await client.tools(), stopWhen: upIsStepCount(3) })
          return { r, calls: model.doGenerateCalls }
        } finally {
          await client.close()
        }
      })
      expect(upstream.r.text).toBe("done")
      const results = upstream.r.steps[0]!.content.filter((p) => p.type === "tool-result").map((p) => p.output)
      expect(results).toEqual([
        { content: [{ type: "text", text: "{\"sum\":42}" }], structuredContent: { sum: 42 }, isError: false },
        { content: [{ type: "text", text: "Hello, Cy!" }], isError: false },
        { content: [{ type: "text", text: "kaput" }], isError: true }
      ])
      // what reached upstream's model through MCP is what aimux sends for the toolkit itself
      const sent = (upstream.calls[0]!.tools ?? []).map((t) => t.type === "function" ? { name: t.name, inputSchema: t.inputSchema } : t)
      expect(sent).toEqual((direct ?? []).map((t) => t.type === "function" ? { name: t.name, inputSchema: t.inputSchema } : t))
    }).pipe(Effect.scoped), 30_000)
})
