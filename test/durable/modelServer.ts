/**
 * The loopback server of the PostgreSQL durable tests (a real `node:http` server on 127.0.0.1):
 * an OpenAI chat completions API that answers from the request alone (so runner processes that
 * crash and restart get the same answers), and the `/notify` endpoint the HTTP tool calls.
 *
 * A run is named by a tag in its prompt (`run:<tag>`); the step is the number of assistant
 * messages in the request. Prompt `go run:<tag>`: steps 0 and 1 call `store` (a SQL tool) and
 * `notify` (an HTTP tool), step 2 ends with text. Prompt `pay run:<tag>`: step 0 calls `transfer`
 * (needs approval) and `notify`, step 1 ends. Every request is counted per run and step.
 */
import * as http from "node:http"
import type { AddressInfo } from "node:net"

export interface Notified {
  readonly toolCallId: string
  readonly key: string
}

export interface ModelServer {
  /** The API base URL, `http://127.0.0.1:<port>/v1`. */
  readonly baseURL: string
  /** Model requests per `<tag>/<step>`. */
  readonly requests: Map<string, number>
  /** Every `/notify` call, in order. */
  readonly notified: Array<Notified>
  /** The answer's delay in milliseconds (a slower model makes runs overlap). */
  delayMs: number
  readonly stop: () => Promise<void>
}

/** The tag of a run in a text (`run:<tag>`). */
export const tagOf = (text: string): string => /run:([\w-]+)/.exec(text)?.[1] ?? "untagged"

const toolCall = (id: string, name: string, input: unknown) => ({
  id,
  type: "function",
  function: { name, arguments: JSON.stringify(input) }
})

/** The scripted answer of step `step` of the run `tag` whose prompt starts with `kind`. */
export const answer = (kind: string, tag: string, step: number) => {
  const calls = kind === "pay"
    ? step === 0
      ? [toolCall(`${tag}-s0-t`, "transfer", { amount: 5 }), toolCall(`${tag}-s0-b`, "notify", { to: "bob" })]
      : []
    : step < 2
    ? [toolCall(`${tag}-s${step}-a`, "store", { value: `v${step}` }), toolCall(`${tag}-s${step}-b`, "notify", { to: `u${step}` })]
    : []
  const last = calls.length === 0
  return {
    id: `chatcmpl-${step}`,
    object: "chat.completion",
    created: 1_700_000_000 + step,
    model: "gpt-4o-mini",
    choices: [{
      index: 0,
      message: { role: "assistant", content: last ? "all done" : `step ${step}`, ...(last ? {} : { tool_calls: calls }) },
      finish_reason: last ? "stop" : "tool_calls"
    }],
    usage: { prompt_tokens: 10 + step, completion_tokens: 5, total_tokens: 15 + step }
  }
}

interface ChatRequest {
  readonly messages?: ReadonlyArray<{ readonly role?: string; readonly content?: unknown }>
}

const isChatRequest = (value: unknown): value is ChatRequest =>
  typeof value === "object" && value !== null && (!("messages" in value) || Array.isArray(value.messages))

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

const send = (res: http.ServerResponse, status: number, value: unknown) => {
  res.writeHead(status, { "content-type": "application/json" })
  res.end(JSON.stringify(value))
}

export const startModelServer = async (): Promise<ModelServer> => {
  const requests = new Map<string, number>()
  const notified: Array<Notified> = []
  const sockets = new Set<import("node:net").Socket>()
  const handle = (req: http.IncomingMessage, res: http.ServerResponse, body: string) => {
    const parsed = parse(body)
    if (req.url === "/notify") {
      const toolCallId = typeof parsed === "object" && parsed !== null && "toolCallId" in parsed ? String(parsed.toolCallId) : "?"
      notified.push({ toolCallId, key: String(req.headers["idempotency-key"] ?? "none") })
      return send(res, 200, { ok: true })
    }
    if (req.url !== "/v1/chat/completions" || !isChatRequest(parsed)) {
      return send(res, 404, { error: { message: `no route ${req.url}`, type: "invalid_request_error" } })
    }
    const messages = parsed.messages ?? []
    const user = messages.find((m) => m.role === "user")
    const prompt = typeof user?.content === "string" ? user.content : JSON.stringify(user?.content ?? "")
    const tag = tagOf(prompt)
    const step = messages.filter((m) => m.role === "assistant").length
    const key = `${tag}/${step}`
    requests.set(key, (requests.get(key) ?? 0) + 1)
    const reply = () => send(res, 200, answer(prompt.startsWith("pay") ? "pay" : "go", tag, step))
    if (server.delayMs > 0) setTimeout(reply, server.delayMs)
    else reply()
  }
  const httpServer = http.createServer((req, res) => {
    const chunks: Array<Buffer> = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => handle(req, res, Buffer.concat(chunks).toString("utf8")))
  })
  httpServer.on("connection", (s) => {
    sockets.add(s)
    s.on("close", () => sockets.delete(s))
  })
  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", () => resolve()))
  const port = (httpServer.address() as AddressInfo).port
  const server: ModelServer = {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    notified,
    delayMs: 0,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy()
        httpServer.close(() => resolve())
      })
  }
  return server
}
