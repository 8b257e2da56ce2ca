/**
 * The MCP client's protocol behaviour against the official-SDK fixture server, with upstream
 * `@ai-sdk/mcp` `createMCPClient` as the oracle where it has the behaviour: a multi-step agent on
 * MCP tools, cancellation reaching the server (interruption and timeouts), a server that crashes
 * mid-call, JSON-RPC errors, pagination, `tools/list_changed`, elicitation, progress, resources
 * and prompts, malformed server messages, and the scope closing the connection.
 */
import { describe, expect, it } from "@effect/vitest"
import { createMCPClient, ElicitationRequestSchema, MCPClientError as UpMCPClientError } from "@ai-sdk/mcp"
import { Experimental_StdioMCPTransport } from "@ai-sdk/mcp/mcp-stdio"
import { ToolLoopAgent } from "ai"
import { MockLanguageModelV4 } from "ai/test"
import { Duration, Effect, Exit, Fiber, Stream } from "effect"
import { MCPClientError } from "../../src/contract/errors/MCPClientError.ts"
import type { GenerateResult } from "../../src/contract/Results.ts"
import * as Agent from "../../src/core/Agent.ts"
import * as StopCondition from "../../src/core/StopCondition.ts"
import * as McpClient from "../../src/mcp/McpClient.ts"
import * as McpTransport from "../../src/mcp/McpTransport.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import { normalize } from "../testing/normalize.ts"
import { fixture, isAlive, node, startHttpFixture } from "./harness.ts"

const stdio = (mode = "stdio") => McpTransport.stdio(node, { args: [fixture, mode] })
const upStdio = (mode = "stdio") => new Experimental_StdioMCPTransport({ command: node, args: [fixture, mode] })
const textOf = (r: { readonly content: ReadonlyArray<{ readonly type: string; readonly text?: unknown }> }) =>
  r.content.map((p) => p.text).join("")

const withUpstream = async <A>(
  transport: Parameters<typeof createMCPClient>[0]["transport"],
  f: (client: Awaited<ReturnType<typeof createMCPClient>>) => Promise<A>,
  extra: Omit<Parameters<typeof createMCPClient>[0], "transport"> = {}
): Promise<A> => {
  const client = await createMCPClient({ transport, ...extra })
  try {
    return await f(client)
  } finally {
    await client.close()
  }
}

const errorView = (e: unknown) => {
  const error = e as { name: string; message: string; code?: unknown }
  return { name: error.name, message: error.message, code: error.code }
}

const result = (content: GenerateResult["content"], unified: "stop" | "tool-calls" = "tool-calls"): GenerateResult => ({
  content,
  finishReason: H.finishReason(unified),
  usage: H.usage(3, 10),
  warnings: [],
  response: { id: "r1", modelId: "m1", timestamp: new Date(0) }
})

describe("MCP client protocol", () => {
  it.live("a multi-step agent on MCP tools end to end (vs upstream ToolLoopAgent)", () =>
    Effect.gen(function*() {
      const script = [
        result([{ type: "tool-call", toolCallId: "a", toolName: "weather", input: "{\"city\":\"Paris\"}" }]),
        result([{ type: "tool-call", toolCallId: "b", toolName: "add", input: "{\"a\":20,\"b\":1}" }]),
        result([{ type: "text", text: "Sunny, 21 degrees" }], "stop")
      ]
      const view = (r: { text: string; steps: ReadonlyArray<{ content: unknown }>; response: { messages: unknown } }) =>
        normalize([{ text: r.text, steps: r.steps.map((s) => s.content), messages: r.response.messages }])
      const upstream = yield* Effect.promise(() =>
        withUpstream(upStdio(), async (client) => {
          const model = new MockLanguageModelV4({ doGenerate: script.map((r) => ({ ...r, content: [...r.content] })) as never })
          const agent = new ToolLoopAgent({ model, instructions: "Be brief.", tools: await client.tools() })
          const r = await agent.generate({ prompt: "Weather in Paris, and 20+1?" })
          return { view: view(r as never), prompts: normalize(model.doGenerateCalls.map((c) => c.prompt)) }
        }, { clientName: "c" })
      )
      const ours = yield* Effect.scoped(Effect.gen(function*() {
        const client = yield* McpClient.make({ transport: stdio(), clientName: "c" })
        const agent = Agent.make({ instructions: "Be brief.", tools: yield* client.tools(), stopWhen: StopCondition.isStepCount(20) })
        const r = yield* agent.generate({ prompt: "Weather in Paris, and 20+1?" })
        const calls = yield* (yield* MockLanguageModel.MockLanguageModel).generateCalls
        return { view: view(r), prompts: normalize(calls.map((c) => c.prompt)) }
      })).pipe(Effect.provide(MockLanguageModel.layer({ generate: script })))
      expect(ours).toEqual(upstream)
      expect(JSON.stringify(ours.view)).toContain("Sunny in Paris")
    }), 30_000)

  it.live("interrupting a call sends notifications/cancelled; the server sees it", () =>
    Effect.scoped(Effect.gen(function*() {
      const client = yield* McpClient.make({ transport: stdio() })
      const fiber = yield* Effect.forkChild(client.callTool({ name: "slow", arguments: { ms: 20_000 } }))
      yield* Effect.sleep(Duration.millis(300))
      yield* Fiber.interrupt(fiber)
      yield* Effect.sleep(Duration.millis(200))
      expect(textOf(yield* client.callTool({ name: "cancellations" }))).toBe("1")
    })), 30_000)

  it.live("a timeout fails with upstream's message and cancels on the server", () =>
    Effect.scoped(Effect.gen(function*() {
      const client = yield* McpClient.make({ transport: stdio() })
      const exit = yield* Effect.exit(client.callTool({ name: "slow", arguments: { ms: 20_000 }, timeout: "150 millis" }))
      expect(exit).toEqual(Exit.fail(new MCPClientError({ message: "Request timed out after 150ms" })))
      yield* Effect.sleep(Duration.millis(200))
      expect(textOf(yield* client.callTool({ name: "cancellations" }))).toBe("1")
    })), 30_000)

  it.live("a tool timeout through the toolkit: the step gets a tool-error, the server a cancellation", () =>
    Effect.scoped(Effect.gen(function*() {
      const client = yield* McpClient.make({ transport: stdio() })
      const tools = yield* client.tools({ timeout: "100 millis" })
      const r = yield* Agent.make({ tools, stopWhen: StopCondition.isStepCount(2) }).generate({ prompt: "wait" }).pipe(
        Effect.provide(MockLanguageModel.layer({
          generate: [
            result([{ type: "tool-call", toolCallId: "s", toolName: "slow", input: "{\"ms\":20000}" }]),
            result([{ type: "text", text: "ok" }], "stop")
          ]
        }))
      )
      const error = r.steps[0]!.content.find((p) => p.type === "tool-error")
      expect(error?.type === "tool-error" ? errorView(error.error) : undefined).toEqual({
        name: "MCPClientError",
        message: "Request timed out after 100ms",
        code: undefined
      })
      yield* Effect.sleep(Duration.millis(200))
      expect(textOf(yield* client.callTool({ name: "cancellations" }))).toBe("1")
    })), 30_000)

  for (const transport of ["stdio", "http"] as const) {
    it.live(`${transport}: a server that crashes mid-call gives a typed error, no hang (as upstream)`, () =>
      Effect.gen(function*() {
        const server = transport === "http"
          ? yield* Effect.acquireRelease(Effect.promise(startHttpFixture), (s) => Effect.sync(s.close))
          : undefined
        const ours = yield* Effect.scoped(Effect.gen(function*() {
          const client = yield* McpClient.make({
            transport: server === undefined ? stdio() : McpTransport.http(`${server.url}/mcp`)
          })
          return yield* Effect.flip(client.callTool({ name: "crash" }))
        })).pipe(Effect.timeout("10 seconds"))
        expect(ours).toBeInstanceOf(MCPClientError)
        expect(MCPClientError.isInstance(ours)).toBe(true)
        expect(ours.message).toBe("Connection closed")
        if (transport === "stdio") {
          const upstream = yield* Effect.promise(() =>
            withUpstream(upStdio(), (client) => client.callTool({ name: "crash" }).then(() => undefined, (e: unknown) => e))
          )
          expect(errorView(ours)).toEqual(errorView(upstream))
          expect(ours.message).toBe("Connection closed")
        }
      }).pipe(Effect.scoped), 30_000)
  }

  it.live("JSON-RPC errors keep the server's message and code (as upstream)", () =>
    Effect.gen(function*() {
      const upstream = yield* Effect.promise(() =>
        withUpstream(upStdio(), (client) => client.readResource({ uri: "file:///missing" }).then(() => undefined, (e: unknown) => e))
      )
      const ours = yield* Effect.scoped(Effect.gen(function*() {
        const client = yield* McpClient.make({ transport: stdio() })
        return yield* Effect.flip(client.readResource({ uri: "file:///missing" }))
      }))
      expect(UpMCPClientError.isInstance(ours)).toBe(true)
      expect(errorView(ours)).toEqual(errorView(upstream))
      expect(ours.code).toBe(-32602)
    }), 30_000)

  it.live("tool listing follows nextCursor through every page (as upstream)", () =>
    Effect.gen(function*() {
      const upstream = yield* Effect.promise(() =>
        withUpstream(upStdio("paged"), async (client) => {
          const tools = await client.tools()
          const out = await (tools.t5!.execute as (i: unknown, o: unknown) => Promise<unknown>)({ x: 1 }, { toolCallId: "1", messages: [] })
          return { names: Object.keys(tools), out }
        })
      )
      const ours = yield* Effect.scoped(Effect.gen(function*() {
        const client = yield* McpClient.make({ transport: stdio("paged") })
        const tools = yield* client.tools()
        const out = yield* (tools.t5!.execute!({ x: 1 }, { toolCallId: "1", messages: [], context: undefined }) as Effect.Effect<unknown>)
        return { names: Object.keys(tools), out }
      }))
      expect(ours).toEqual(upstream)
      expect(ours.names).toEqual(["t1", "t2", "t3", "t4", "t5"])
    }), 30_000)

  it.live("notifications/tools/list_changed reaches toolListChanged; the new tool is listed", () =>
    Effect.scoped(Effect.gen(function*() {
      const client = yield* McpClient.make({ transport: stdio() })
      const before = Object.keys(yield* client.tools())
      const changed = yield* Effect.forkChild(Stream.runHead(client.toolListChanged))
      yield* Effect.sleep(Duration.millis(50))
      yield* client.callTool({ name: "grow" })
      yield* Fiber.join(changed).pipe(Effect.timeout("5 seconds"))
      const after = Object.keys(yield* client.tools())
      expect(after.filter((name) => !before.includes(name))).toEqual(["extra1"])
    })), 30_000)

  it.live("elicitation requests go to the Effect callback (as upstream's handler)", () =>
    Effect.gen(function*() {
      const upstream = yield* Effect.promise(() =>
        withUpstream(upStdio(), async (client) => {
          client.onElicitationRequest(ElicitationRequestSchema, async (request) => ({
            action: "accept",
            content: { name: `Ada (${request.params.message})` }
          }))
          return client.callTool({ name: "elicit" })
        }, { capabilities: { elicitation: {} } })
      )
      const seen: Array<string> = []
      const ours = yield* Effect.scoped(Effect.gen(function*() {
        const client = yield* McpClient.make({
          transport: stdio(),
          onElicitation: (request) =>
            Effect.sync(() => {
              seen.push(request.message)
              return { action: "accept" as const, content: { name: `Ada (${request.message})` } }
            })
        })
        return yield* client.callTool({ name: "elicit" })
      }))
      expect(ours).toEqual(upstream)
      expect(textOf(ours)).toContain("Ada (Your name?)")
      expect(seen).toEqual(["Your name?"])
    }), 30_000)

  it.live("progress notifications reach onProgress", () =>
    Effect.scoped(Effect.gen(function*() {
      const client = yield* McpClient.make({ transport: stdio() })
      const progress: Array<unknown> = []
      const r = yield* client.callTool({
        name: "slow",
        arguments: { ms: 10 },
        onProgress: (p) => Effect.sync(() => progress.push(p))
      })
      expect(textOf(r)).toBe("waited 10")
      expect(progress).toEqual([{ progress: 1, total: 2, message: "step 1" }, { progress: 2, total: 2, message: "step 2" }])
    })), 30_000)

  it.live("resources, resource templates and prompts (as upstream)", () =>
    Effect.gen(function*() {
      const upstream = yield* Effect.promise(() =>
        withUpstream(upStdio(), async (client) => ({
          resources: await client.listResources(),
          readme: await client.readResource({ uri: "file:///readme.txt" }),
          greeting: await client.readResource({ uri: "greeting://Ada" }),
          templates: await client.listResourceTemplates(),
          prompts: await client.listPrompts(),
          prompt: await client.getPrompt({ name: "review", arguments: { code: "x = 1" } })
        }))
      )
      const ours = yield* Effect.scoped(Effect.gen(function*() {
        const client = yield* McpClient.make({ transport: stdio() })
        return {
          resources: yield* client.listResources(),
          readme: yield* client.readResource({ uri: "file:///readme.txt" }),
          greeting: yield* client.readResource({ uri: "greeting://Ada" }),
          templates: yield* client.listResourceTemplates(),
          prompts: yield* client.listPrompts(),
          prompt: yield* client.getPrompt({ name: "review", arguments: { code: "x = 1" } })
        }
      }))
      expect(normalize([ours])).toEqual(normalize([upstream]))
      expect(ours.readme.contents[0]).toMatchObject({ text: "hello from the readme" })
      expect(ours.prompt.messages[0]?.content).toEqual({ type: "text", text: "Please review: x = 1" })
    }), 30_000)

  it.live("malformed server messages: a typed error for the request, the bad line to onUncaughtError", () =>
    Effect.gen(function*() {
      const upstream = yield* Effect.promise(() =>
        withUpstream(upStdio("malformed"), (client) => client.tools().then(() => undefined, (e: unknown) => e))
      )
      const uncaught: Array<MCPClientError> = []
      const ours = yield* Effect.scoped(Effect.gen(function*() {
        const client = yield* McpClient.make({
          transport: stdio("malformed"),
          onUncaughtError: (e) => Effect.sync(() => void uncaught.push(e))
        })
        const tools = yield* Effect.flip(client.tools())
        const call = yield* Effect.flip(client.callTool({ name: "x" }))
        return { tools, call }
      }))
      expect(errorView(ours.tools)).toEqual(errorView(upstream))
      expect(ours.tools.message).toBe("Failed to parse server response")
      expect(ours.call.message).toBe("Failed to parse server response")
      expect(uncaught.length).toBeGreaterThanOrEqual(1)
      expect(uncaught.every((e) => e instanceof MCPClientError)).toBe(true)
    }), 30_000)

  it.live("the scope closes the connection: the stdio server process ends", () =>
    Effect.gen(function*() {
      const pid = yield* Effect.scoped(Effect.gen(function*() {
        const client = yield* McpClient.make({ transport: stdio() })
        expect(client.serverInfo).toMatchObject({ name: "fixture-server", version: "1.2.3" })
        expect(client.instructions).toBe("Use the weather tool.")
        return Number(textOf(yield* client.callTool({ name: "pid" })))
      }))
      expect(pid).toBeGreaterThan(0)
      let alive = true
      for (let i = 0; i < 50 && alive; i++) {
        yield* Effect.sleep(Duration.millis(50))
        alive = isAlive(pid)
      }
      expect(alive).toBe(false)
    }), 30_000)

  it.live("connecting to nothing fails with a typed error", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Effect.scoped(McpClient.make({ transport: McpTransport.http("http://127.0.0.1:9/mcp") })))
      expect(error).toBeInstanceOf(MCPClientError)
    }), 30_000)

  it("MCPClientError is upstream's (name, message, fields, marker both ways)", () => {
    const ours = new MCPClientError({ message: "m", code: -32602, data: { a: 1 }, statusCode: 500, url: "u", responseBody: "b" })
    const upstream = new UpMCPClientError({ message: "m", code: -32602, data: { a: 1 }, statusCode: 500, url: "u", responseBody: "b" })
    expect([ours.name, ours.message, String(ours)]).toEqual([upstream.name, upstream.message, String(upstream)])
    for (const key of ["code", "data", "statusCode", "url", "responseBody"] as const) expect(ours[key]).toEqual(upstream[key])
    expect(UpMCPClientError.isInstance(ours)).toBe(true)
    expect(MCPClientError.isInstance(upstream)).toBe(true)
    expect(MCPClientError.isInstance(new Error("m"))).toBe(false)
  })
})
