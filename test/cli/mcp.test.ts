/**
 * `aimux mcp tools` and `aimux demo --mcp` as processes against the official-SDK fixture server:
 * the listing on stdio and over Streamable HTTP (`--json` is the same definitions upstream
 * `createMCPClient` lists), failures and bad arguments, and a live demo whose model (a loopback
 * OpenAI endpoint) is offered the MCP tools, calls one, and gets the MCP server's result back.
 */
import { spawn } from "node:child_process"
import { join } from "node:path"
import { createMCPClient } from "@ai-sdk/mcp"
import { Experimental_StdioMCPTransport } from "@ai-sdk/mcp/mcp-stdio"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import * as ReplayServer from "../../src/testing/ReplayServer.ts"
import { fixture, node, startHttpFixture } from "../mcp/harness.ts"

const root = join(import.meta.dirname, "../..")

const cli = (args: ReadonlyArray<string>, env: Record<string, string> = {}) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const base: Record<string, string> = {}
    for (const [key, value] of Object.entries(process.env)) {
      if (value !== undefined && !/^(OPENAI|ANTHROPIC)_/.test(key)) base[key] = value
    }
    const child = spawn(node, ["src/cli/main.ts", ...args], { cwd: root, env: { ...base, NO_COLOR: "1", ...env } })
    let stdout = ""
    let stderr = ""
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => void (stdout += chunk))
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => void (stderr += chunk))
    child.on("error", reject)
    child.on("close", (code) => resolve({ code, stdout, stderr }))
  })

const chunk = (delta: unknown, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: "c1", object: "chat.completion.chunk", created: 0, model: "gpt-4o-mini", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`
const toolCallTurn = chunk({ role: "assistant", content: null }) +
  chunk({ tool_calls: [{ index: 0, id: "call_mcp", type: "function", function: { name: "add", arguments: "{\"a\":20,\"b\":1}" } }] }) +
  chunk({}, "tool_calls") + "data: [DONE]\n\n"
const answerTurn = chunk({ role: "assistant", content: "" }) + chunk({ content: "It is 21." }) + chunk({}, "stop") + "data: [DONE]\n\n"

describe.concurrent("aimux mcp tools", { timeout: 60_000 }, () => {
  it("lists a stdio server's tools; --json is what upstream createMCPClient lists", async () => {
    const [plain, asJson, upstream] = await Promise.all([
      cli(["mcp", "tools", node, fixture, "stdio"]),
      cli(["mcp", "tools", "--json", `${node} ${fixture} paged`]),
      (async () => {
        const client = await createMCPClient({ transport: new Experimental_StdioMCPTransport({ command: node, args: [fixture, "paged"] }) })
        try {
          const tools = []
          let page = await client.listTools()
          tools.push(...page.tools)
          while (page.nextCursor !== undefined) {
            page = await client.listTools({ params: { cursor: page.nextCursor } })
            tools.push(...page.tools)
          }
          return tools
        } finally {
          await client.close()
        }
      })()
    ])
    expect(plain.code).toBe(0)
    expect(plain.stdout.split("\n").slice(0, 3)).toEqual([
      "fixture-server 1.2.3: 11 tools",
      "weather (Weather): The weather in a city",
      "    city: string (required) — the city"
    ])
    expect(asJson.code).toBe(0)
    expect(JSON.parse(asJson.stdout)).toEqual(JSON.parse(JSON.stringify(upstream)))
    expect(upstream).toHaveLength(5)
  })

  it("lists a Streamable HTTP server's tools by URL", async () => {
    const server = await startHttpFixture()
    try {
      const run = await cli(["mcp", "tools", `${server.url}/mcp`])
      expect(run.code).toBe(0)
      expect(run.stdout).toContain("add: Adds two numbers\n    a: number (required)\n    b: number (required)\n")
    } finally {
      server.close()
    }
  })

  it("a server that is not there: exit 1 with the error; bad arguments: exit 2", async () => {
    const [down, missing, unknown] = await Promise.all([
      cli(["mcp", "tools", "http://127.0.0.1:9/mcp"]),
      cli(["mcp", "tools"]),
      cli(["mcp", "frobnicate"])
    ])
    expect(down.code).toBe(1)
    expect(down.stderr).toMatch(/^aimux mcp: /)
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain("missing <command or URL>")
    expect(unknown.code).toBe(2)
  })
})

describe("aimux demo --mcp", { timeout: 60_000 }, () => {
  it.effect("the model is offered the MCP tools, calls one, and the MCP server's result comes back", () =>
    Effect.gen(function*() {
      const expectations: Array<string | undefined> = []
      const server = yield* ReplayServer.start({
        path: "/v1/chat/completions",
        eventDelayMs: 0,
        errorBody: (message) => ({ error: { message } }),
        exchanges: [{ check: () => undefined, sse: toolCallTurn }, {
          check: (body) => {
            const text = JSON.stringify(body)
            const problem = /sum[\\"]*:21/.test(text) ? undefined : "expected the MCP result {\"sum\":21}"
            expectations.push(problem)
            return problem
          },
          sse: answerTurn
        }]
      })
      const run = yield* Effect.promise(() =>
        cli(["demo", "--mcp", `${node} ${fixture} stdio`], { OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: `${server.url}/v1` })
      )
      expect(run.stderr).toBe("")
      expect(run.code).toBe(0)
      expect(run.stdout).toContain("tools: weather, calculator, add, image")
      expect(run.stdout).toContain("It is 21.")
      const first = server.received[0]?.body as { tools: Array<{ function: { name: string } }> }
      expect(first.tools.map((t) => t.function.name)).toEqual(expect.arrayContaining(["weather", "calculator", "add", "grow"]))
      expect(expectations).toEqual([undefined])
      expect(server.received.map((r) => r.status)).toEqual([200, 200])
    }).pipe(Effect.scoped))

  it("--mcp needs a value", async () => {
    const run = await cli(["demo", "--mcp"])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain("--mcp needs a command or URL")
  })
})
