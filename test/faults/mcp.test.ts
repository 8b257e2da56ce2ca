/**
 * MCP through the hostile generator (issue 31), both directions, over Streamable HTTP on 127.0.0.1:
 *
 * - client: a loopback MCP server answers every request of a whole client session (initialize,
 *   tools/list, tools/call as a result and as a JSON-RPC error, resources, prompts) and puts a
 *   hostile value (10^3 / 10^4 / 10^5 deep, huge) at one JSON position of one response, every
 *   position of every response in turn; the aimux client connects, lists the tools, runs them in
 *   `generateText` (automatic and user-given schemas, so `toModelOutput` and
 *   `extractStructuredContent` see the value) and reads resources and prompts;
 * - server: aimux's `McpServer.serveHttp` receives a client's requests (initialize, tools/list,
 *   tools/call) with a hostile value at each position, then an ordinary call on a new session.
 *
 * Every session ends with a result or a typed failure within a bounded time: 0 defects, 0 hangs.
 * Prints its counts.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
import * as http from "node:http"
import type { GenerateResult } from "../../src/contract/Results.ts"
import * as GenerateText from "../../src/core/GenerateText.ts"
import * as StopCondition from "../../src/core/StopCondition.ts"
import * as McpClient from "../../src/mcp/McpClient.ts"
import * as McpServer from "../../src/mcp/McpServer.ts"
import * as McpTransport from "../../src/mcp/McpTransport.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import { Greeting, toolkit } from "../mcp/fixtures/aimux-toolkit.ts"
import * as F from "./bodies.ts"
import * as P from "./positions.ts"

/** What the loopback server answers, by method (`tools/call#error` is the error answer of `tools/call`). */
const results: Record<string, unknown> = {
  initialize: {
    protocolVersion: "2025-06-18",
    capabilities: { tools: { listChanged: true }, resources: {}, prompts: {} },
    serverInfo: { name: "hostile", version: "1.0.0" },
    instructions: "careful"
  },
  "tools/list": {
    tools: [{
      name: "t",
      title: "T",
      description: "a tool",
      inputSchema: { type: "object", properties: { q: { type: "string" } } },
      outputSchema: { type: "object", properties: { a: { type: "object" } } },
      annotations: { readOnlyHint: true, title: "T" },
      _meta: { k: "v" }
    }]
  },
  "tools/call": {
    content: [
      { type: "text", text: "x" },
      { type: "image", data: "AAAA", mimeType: "image/png" },
      { type: "resource", resource: { uri: "file:///a", mimeType: "text/plain", text: "t" } }
    ],
    structuredContent: { a: { b: [1] } },
    isError: false,
    _meta: { k: "v" }
  },
  "resources/list": { resources: [{ uri: "file:///a", name: "a", mimeType: "text/plain" }] },
  "resources/read": { contents: [{ uri: "file:///a", mimeType: "text/plain", text: "hello" }] },
  "prompts/list": { prompts: [{ name: "p", description: "d", arguments: [{ name: "x", required: true }] }] },
  "prompts/get": { description: "d", messages: [{ role: "user", content: { type: "text", text: "hi" } }] }
}
const errorAnswer = { code: -32000, message: "boom", data: { detail: [1] } }
/** `tools/call` answered with `structuredContent` alone (upstream then makes its text part). */
const structuredOnly = { structuredContent: { a: { b: [1] } }, isError: false }
/** The further answers of `tools/call`, each its own case. */
const callVariants = ["tools/call#error", "tools/call#structured"]

const envelopeOf = (answer: string, id: unknown): unknown =>
  answer === "tools/call#error"
    ? { jsonrpc: "2.0", id, error: errorAnswer }
    : { jsonrpc: "2.0", id, result: answer === "tools/call#structured" ? structuredOnly : results[answer] }

interface Injection {
  readonly answer: string
  readonly path: ReadonlyArray<string | number>
  readonly hostile: P.Hostile
}

const readBody = (req: http.IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Array<Buffer> = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
    req.on("error", reject)
  })

/**
 * A Streamable HTTP server (JSON responses) that answers as `results` says; a session's URL
 * `<base>/<case>` names the injection applied to its answers, so cases run concurrently.
 */
const hostileServer = Effect.acquireRelease(
  Effect.callback<{ readonly base: string; readonly server: http.Server; readonly injections: Map<string, Injection> }>((resume) => {
    const injections = new Map<string, Injection>()
    const server = http.createServer((req, res) => {
      if (req.method !== "POST") return void res.writeHead(req.method === "DELETE" ? 200 : 405).end()
      const injection = injections.get(new URL(req.url ?? "/", "http://localhost").pathname.split("/").at(-1) ?? "")
      readBody(req).then((text) => {
        const message: unknown = JSON.parse(text)
        if (typeof message !== "object" || message === null || !("id" in message) || !("method" in message)) {
          return void res.writeHead(202).end()
        }
        const method = String(message.method)
        const answer = method === "tools/call" && injection !== undefined && callVariants.includes(injection.answer) ? injection.answer : method
        const envelope = envelopeOf(answer, message.id)
        const body = injection !== undefined && injection.answer === answer
          ? P.textWithHostile(envelope, injection.path, injection.hostile)
          : JSON.stringify(envelope)
        res.writeHead(200, { "content-type": "application/json", "mcp-session-id": "s1" }).end(body)
      }, () => res.writeHead(400).end())
    })
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      resume(Effect.succeed({ base: `http://127.0.0.1:${port}/mcp`, server, injections }))
    })
  }),
  ({ server }) =>
    Effect.callback<void>((resume) => {
      server.closeAllConnections()
      server.close(() => resume(Effect.void))
    })
)

const step = (content: GenerateResult["content"], unified: "stop" | "tool-calls"): GenerateResult => ({
  content,
  finishReason: H.finishReason(unified),
  usage: H.usage(1, 1),
  warnings: [],
  response: { id: "r", modelId: "m", timestamp: new Date(0) }
})
const script = [
  step([{ type: "tool-call", toolCallId: "c1", toolName: "t", input: "{\"q\":\"x\"}" }], "tool-calls"),
  step([{ type: "text", text: "done" }], "stop")
]

/** A whole client session against `url`: tools in a generation (both schema modes), resources, prompts. */
const session = (url: string, typed: boolean) =>
  Effect.scoped(Effect.gen(function*() {
    const client = yield* McpClient.make<never>({ transport: McpTransport.http(url), clientName: "hostile-client" })
    const model = MockLanguageModel.layer({ generate: script })
    const automatic = yield* client.tools()
    yield* (typed
      ? Effect.flatMap(
        client.tools({
          schemas: { t: { inputSchema: Schema.Struct({ q: Schema.String }), outputSchema: Schema.Struct({ a: Schema.Unknown }) } }
        }),
        (tools) => GenerateText.generateText({ prompt: "go", tools, stopWhen: StopCondition.isStepCount(3) })
      )
      : GenerateText.generateText({ prompt: "go", tools: automatic, stopWhen: StopCondition.isStepCount(3) })
    ).pipe(Effect.provide(model))
    // directly too: inside a generation a tool's defect is a tool error, as upstream's throw is
    yield* client.callTool({ name: "t", arguments: { q: "x" } })
    yield* client.listResources()
    yield* client.readResource({ uri: "file:///a" })
    yield* client.listPrompts()
    yield* client.getPrompt({ name: "p", arguments: { x: "1" } })
  }))


describe("generated hostile inputs: MCP server responses reaching the aimux client", () => {
  it.live("every position of every response of a session: 0 defects, 0 hangs", () =>
    Effect.gen(function*() {
      const server = yield* hostileServer
      // the unmodified session works in both schema modes, so a typed failure below is the value's
      expect(P.classify(yield* session(`${server.base}/plain`, false).pipe(Effect.exit, Effect.timeoutOption("10 seconds")))).toBe("ok")
      expect(P.classify(yield* session(`${server.base}/plain`, true).pipe(Effect.exit, Effect.timeoutOption("10 seconds")))).toBe("ok")
      const answers = [...Object.keys(results), ...callVariants]
      const cases: Array<{ readonly id: string; readonly label: string; readonly typed: boolean }> = []
      let positions = 0
      for (const answer of answers) {
        const found = P.pathsOf(envelopeOf(answer, 1), answer).filter(({ path }) => path[0] !== "id")
        positions += found.length
        for (const { path, shape } of found) {
          for (const hostile of P.hostiles) {
            const id = String(cases.length)
            server.injections.set(id, { answer, path, hostile })
            // the typed-schema session only where the value reaches the tool's output
            for (const typed of answer.startsWith("tools/call") ? [false, true] : [false]) {
              cases.push({ id, typed, label: `${shape}${typed ? " (schemas)" : ""} ← ${hostile.name}` })
            }
          }
        }
      }
      const outcomes = yield* Effect.forEach(cases, ({ id, label, typed }) =>
        session(`${server.base}/${id}`, typed).pipe(
          Effect.exit,
          Effect.timeoutOption("20 seconds"),
          Effect.map((outcome) => ({ label, outcome: P.classify(outcome) }))
        ), { concurrency: 4 })
      const counts = {
        positions,
        sessions: outcomes.length,
        ok: outcomes.filter((o) => o.outcome === "ok").length,
        typed: outcomes.filter((o) => o.outcome === "typed").length,
        defects: outcomes.filter((o) => o.outcome === "defect").map((o) => o.label),
        hangs: outcomes.filter((o) => o.outcome === "hang").map((o) => o.label)
      }
      F.report(
        `hostile: MCP client: ${counts.positions} positions over ${answers.length} answers, ${counts.sessions} sessions: ` +
          `${counts.ok} completed, ${counts.typed} typed failures, ${counts.defects.length} defects, ${counts.hangs.length} hangs`
      )
      expect(counts.positions).toBeGreaterThan(40)
      expect(counts.defects.slice(0, 10)).toStrictEqual([])
      expect(counts.hangs.slice(0, 10)).toStrictEqual([])
    }).pipe(Effect.scoped), 600_000)
})

const accept = "application/json, text/event-stream"

/** A client's requests, in session order. */
const requests: ReadonlyArray<{ readonly name: string; readonly message: Record<string, unknown> }> = [
  {
    name: "initialize",
    message: {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "c", version: "1" } }
    }
  },
  { name: "tools/list", message: { jsonrpc: "2.0", id: 2, method: "tools/list", params: {} } },
  {
    name: "tools/call",
    message: { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "weather", arguments: { city: "Paris" }, _meta: { progressToken: 7 } } }
  }
]

const post = (url: string, body: string, session: string | undefined): Promise<{ readonly status: number; readonly text: string; readonly session: string | undefined }> =>
  fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept,
      "mcp-protocol-version": "2025-06-18",
      ...(session !== undefined ? { "mcp-session-id": session } : {})
    },
    body
  }).then(async (r) => ({ status: r.status, text: await r.text(), session: r.headers.get("mcp-session-id") ?? undefined }))

/** One session whose `hostileAt`-th request carries `body`; the responses' texts. */
const serverSession = async (url: string, hostileAt: number, body: string): Promise<ReadonlyArray<{ readonly status: number; readonly text: string }>> => {
  const out: Array<{ readonly status: number; readonly text: string }> = []
  let session: string | undefined
  for (let i = 0; i < requests.length; i++) {
    const response = await post(url, i === hostileAt ? body : JSON.stringify(requests[i]!.message), session)
    out.push(response)
    session ??= response.session
    if (i === 0 && session !== undefined) await post(url, JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }), session)
    if (i === hostileAt) break
  }
  return out
}

// a handler's defect (a throw in aimux's code) reaches the client as the SDK's JSON-RPC internal
// error carrying the thrown message; the SDK's own validation of a malformed request is answered
// with the same code and a zod message, and a tool's failure is an `isError` result
const overflow = /Maximum call stack|Invalid string length|RangeError|toString|undefined is not/
const isDefect = (status: number, text: string): boolean => {
  if (status >= 500) return true
  const json = text.split("\n").find((line) => line.startsWith("data: "))?.slice(6) ?? text
  let answer: unknown
  try {
    answer = JSON.parse(json)
  } catch {
    return false
  }
  if (typeof answer !== "object" || answer === null || !("error" in answer)) return false
  const error: unknown = answer.error
  return typeof error === "object" && error !== null && "message" in error && overflow.test(String(error.message))
}

describe("generated hostile inputs: client requests reaching aimux's MCP server", () => {
  it.live("every position of initialize, tools/list and tools/call: answered, 0 defects, 0 hangs; the server stays up", () =>
    Effect.gen(function*() {
      const address = yield* McpServer.serveHttp({ name: "aimux-hostile", version: "0.1.0", tools: toolkit })
      const ordinary = () =>
        Effect.promise(() => serverSession(address.url, -1, "")).pipe(
          Effect.map((responses) => responses.at(-1)?.text ?? "")
        )
      expect(yield* ordinary()).toContain("Sunny in Paris")
      const counts = { positions: 0, requests: 0, answered: 0, defects: [] as Array<string>, hangs: [] as Array<string> }
      for (let i = 0; i < requests.length; i++) {
        const { message, name } = requests[i]!
        const positions = P.pathsOf(message, name).filter(({ path }) => path[0] !== "jsonrpc")
        counts.positions += positions.length
        for (const { path, shape } of positions) {
          for (const hostile of P.hostiles) {
            const body = P.textWithHostile(message, path, hostile)
            const outcome = yield* Effect.promise(() => serverSession(address.url, i, body)).pipe(Effect.timeoutOption("10 seconds"))
            counts.requests++
            const label = `${shape} ← ${hostile.name}`
            if (outcome._tag === "None") counts.hangs.push(label)
            else {
              const last = outcome.value.at(-1)!
              if (isDefect(last.status, last.text)) counts.defects.push(`${label}: ${last.status} ${last.text.slice(0, 200)}`)
              else counts.answered++
            }
          }
        }
      }
      // still serving after all of it
      expect(yield* ordinary()).toContain("Sunny in Paris")
      F.report(
        `hostile: MCP server: ${counts.positions} positions over ${requests.length} requests, ${counts.requests} sessions: ` +
          `${counts.answered} answered, ${counts.defects.length} defects, ${counts.hangs.length} hangs`
      )
      expect(counts.positions).toBeGreaterThan(10)
      expect(counts.defects.slice(0, 10)).toStrictEqual([])
      expect(counts.hangs.slice(0, 10)).toStrictEqual([])
    }).pipe(Effect.scoped, Effect.provide(Greeting.layer)), 600_000)
})
