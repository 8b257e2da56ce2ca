/**
 * The MCP client's tools against upstream `@ai-sdk/mcp` `createMCPClient` (the oracle), both
 * connected to the same official-SDK server (`fixtures/sdk-server.ts`) on stdio and over
 * Streamable HTTP: the tool definitions that reach the model, the prompt of the next step (tool
 * results through `toModelOutput`: text, structured, images, `isError`, a thrown error), the steps'
 * content, and user-given schemas with an output schema.
 */
import { describe, expect, it } from "@effect/vitest"
import { createMCPClient } from "@ai-sdk/mcp"
import { Experimental_StdioMCPTransport } from "@ai-sdk/mcp/mcp-stdio"
import { generateText as upstreamGenerateText, isStepCount as upIsStepCount } from "ai"
import { MockLanguageModelV4 } from "ai/test"
import { Effect, Schema } from "effect"
import * as z from "zod"
import type { GenerateResult } from "../../src/contract/Results.ts"
import * as GenerateText from "../../src/core/GenerateText.ts"
import * as StopCondition from "../../src/core/StopCondition.ts"
import * as McpClient from "../../src/mcp/McpClient.ts"
import * as McpTransport from "../../src/mcp/McpTransport.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import { normalize } from "../testing/normalize.ts"
import { fixture, node, startHttpFixture } from "./harness.ts"

const clientName = "aimux-test-client"

const result = (content: GenerateResult["content"], unified: "stop" | "tool-calls" = "tool-calls"): GenerateResult => ({
  content,
  finishReason: H.finishReason(unified),
  usage: H.usage(3, 10),
  warnings: [],
  response: { id: "r1", modelId: "m1", timestamp: new Date(0) }
})
const call = (id: string, toolName: string, input: unknown) => ({
  type: "tool-call" as const,
  toolCallId: id,
  toolName,
  input: JSON.stringify(input)
})

const script: ReadonlyArray<GenerateResult> = [
  result([
    call("c1", "weather", { city: "Paris" }),
    call("c2", "add", { a: 1, b: 2 }),
    call("c3", "image", {}),
    call("c4", "fail", {}),
    call("c5", "throws", {})
  ]),
  result([call("c6", "weather", { city: "Rome" })]),
  result([{ type: "text", text: "done" }], "stop")
]

const callView = (calls: ReadonlyArray<{ readonly prompt: unknown; readonly tools?: unknown }>) =>
  normalize(calls.map((c) => ({ prompt: c.prompt, tools: c.tools })))
const stepsView = (steps: ReadonlyArray<{ readonly content: ReadonlyArray<unknown>; readonly finishReason: string }>) =>
  normalize(steps.map((s) => ({ content: s.content, finishReason: s.finishReason })))

const upstreamRun = async (transport: Parameters<typeof createMCPClient>[0]["transport"]) => {
  const client = await createMCPClient({ transport, clientName })
  try {
    const tools = await client.tools()
    const model = new MockLanguageModelV4({ doGenerate: script.map((r) => ({ ...r, content: [...r.content] })) as never })
    const out = await upstreamGenerateText({ model, prompt: "weather?", tools, stopWhen: upIsStepCount(5) })
    return { calls: callView(model.doGenerateCalls), steps: stepsView(out.steps), text: out.text }
  } finally {
    await client.close()
  }
}

const oursRun = (transport: McpTransport.Transport) =>
  Effect.scoped(Effect.gen(function*() {
    const client = yield* McpClient.make({ transport, clientName })
    const tools = yield* client.tools()
    const recorder = yield* MockLanguageModel.MockLanguageModel
    const out = yield* GenerateText.generateText({ prompt: "weather?", tools, stopWhen: StopCondition.isStepCount(5) })
    return { calls: callView(yield* recorder.generateCalls), steps: stepsView(out.steps), text: out.text }
  })).pipe(Effect.provide(MockLanguageModel.layer({ generate: script })))

describe("MCP tools reach the model as upstream's do (differential)", () => {
  it.live("stdio: tool definitions, tool results and errors, three steps", () =>
    Effect.gen(function*() {
      const upstream = yield* Effect.promise(() =>
        upstreamRun(new Experimental_StdioMCPTransport({ command: node, args: [fixture, "stdio"] }))
      )
      const ours = yield* oursRun(McpTransport.stdio(node, { args: [fixture, "stdio"] }))
      expect(ours.calls).toEqual(upstream.calls)
      // byte for byte, key order included: what a provider would serialize into the request body
      expect(JSON.stringify(ours.calls)).toBe(JSON.stringify(upstream.calls))
      expect(ours.steps).toEqual(upstream.steps)
      expect(ours.text).toBe("done")
      // the definitions themselves, so that an equal-but-empty comparison cannot pass
      const tools = (upstream.calls as Array<{ tools: Array<{ name: string }> }>)[0]!.tools
      expect(tools.map((t) => t.name)).toContain("weather")
    }), 30_000)

  it.live("Streamable HTTP on 127.0.0.1: the same", () =>
    Effect.gen(function*() {
      const server = yield* Effect.acquireRelease(Effect.promise(startHttpFixture), (s) => Effect.sync(s.close))
      const upstream = yield* Effect.promise(() => upstreamRun({ type: "http", url: `${server.url}/mcp` }))
      const ours = yield* oursRun(McpTransport.http(`${server.url}/mcp`))
      expect(ours.calls).toEqual(upstream.calls)
      expect(ours.steps).toEqual(upstream.steps)
    }).pipe(Effect.scoped), 30_000)

  it.live("HTTP+SSE: the same", () =>
    Effect.gen(function*() {
      const server = yield* Effect.acquireRelease(Effect.promise(startHttpFixture), (s) => Effect.sync(s.close))
      const upstream = yield* Effect.promise(() => upstreamRun({ type: "sse", url: `${server.url}/sse` }))
      const ours = yield* oursRun(McpTransport.sse(`${server.url}/sse`))
      expect(ours.calls).toEqual(upstream.calls)
      expect(ours.steps).toEqual(upstream.steps)
    }).pipe(Effect.scoped), 30_000)

  it.live("user-given schemas: only those tools, output validated from structuredContent", () =>
    Effect.gen(function*() {
      const upstream = yield* Effect.promise(async () => {
        const client = await createMCPClient({
          transport: new Experimental_StdioMCPTransport({ command: node, args: [fixture, "stdio"] }),
          clientName
        })
        try {
          const tools = await client.tools({
            schemas: {
              add: { inputSchema: z.object({ a: z.number(), b: z.number() }), outputSchema: z.object({ sum: z.number() }) },
              weather: { inputSchema: z.object({ city: z.string() }) }
            }
          })
          const opts = { toolCallId: "x", messages: [] }
          return {
            names: Object.keys(tools).sort(),
            add: await tools.add.execute!({ a: 2, b: 3 }, opts as never),
            weather: await tools.weather.execute!({ city: "Oslo" }, opts as never)
          }
        } finally {
          await client.close()
        }
      })
      const ours = yield* Effect.scoped(Effect.gen(function*() {
        const client = yield* McpClient.make({ transport: McpTransport.stdio(node, { args: [fixture, "stdio"] }), clientName })
        const tools = yield* client.tools({
          schemas: {
            add: {
              inputSchema: Schema.Struct({ a: Schema.Number, b: Schema.Number }),
              outputSchema: Schema.Struct({ sum: Schema.Number })
            },
            weather: { inputSchema: Schema.Struct({ city: Schema.String }) }
          }
        })
        const ctx = { toolCallId: "x", messages: [], context: undefined }
        const add = yield* (tools.add.execute!({ a: 2, b: 3 }, ctx) as Effect.Effect<{ readonly sum: number }, unknown>)
        const weather = yield* (tools.weather.execute!({ city: "Oslo" }, ctx) as Effect.Effect<unknown, unknown>)
        return { names: Object.keys(tools).sort(), add, weather }
      }))
      expect(ours).toEqual(upstream)
      expect(ours.add).toEqual({ sum: 5 })
    }), 30_000)
})
