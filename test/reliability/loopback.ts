/**
 * A real HTTP server on 127.0.0.1 (port 0) for fault injection, started and stopped by the test,
 * and the models that talk to it through effect's `FetchHttpClient`.
 */
import { Effect, Layer } from "effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import { providers } from "../../src/cli/ProviderRegistry.ts"
import { LanguageModel, type Service } from "../../src/LanguageModel.ts"
import { IdGenerator } from "../../src/runtime/IdGenerator.ts"
import { Anthropic } from "../../src/providers/anthropic/index.ts"
import { OpenAI } from "../../src/providers/openai/index.ts"
import type { CallOptions } from "../../src/contract/CallOptions.ts"

/** What the server saw of one request. */
export interface Seen {
  readonly path: string
  readonly body: string
  readonly headers: http.IncomingHttpHeaders
  /** Resolves true when the client closed the connection before the response ended. */
  readonly closedEarly: Promise<boolean>
}

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse, body: string, index: number) => void

export interface Server {
  readonly port: number
  readonly baseURL: string
  readonly requests: Array<Seen>
  handler: Handler
  readonly stop: () => Promise<void>
}

export const start = async (handler: Handler): Promise<Server> => {
  const requests: Array<Seen> = []
  const sockets = new Set<import("node:net").Socket>()
  const server: Server = {
    port: 0,
    baseURL: "",
    requests,
    handler,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy()
        httpServer.close(() => resolve())
      })
  }
  const httpServer = http.createServer((req, res) => {
    const chunks: Array<Buffer> = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8")
      const closedEarly = new Promise<boolean>((resolve) => {
        res.on("close", () => resolve(!res.writableFinished))
      })
      const index = requests.length
      requests.push({ path: req.url ?? "", body, headers: req.headers, closedEarly })
      server.handler(req, res, body, index)
    })
  })
  httpServer.on("connection", (s) => {
    sockets.add(s)
    s.on("close", () => sockets.delete(s))
  })
  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", () => resolve()))
  const port = (httpServer.address() as AddressInfo).port
  return Object.assign(server, { port, baseURL: `http://127.0.0.1:${port}/v1` })
}

/** Sends an SSE body: all events now; `end: false` keeps the response open (a stalled stream). */
export const sse = (res: http.ServerResponse, body: string, options: { readonly end?: boolean; readonly status?: number; readonly headers?: Record<string, string> } = {}) => {
  res.writeHead(options.status ?? 200, { "content-type": "text/event-stream", ...options.headers })
  res.write(body)
  if (options.end ?? true) res.end()
}

export const json = (res: http.ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { "content-type": "application/json", ...headers })
  res.end(JSON.stringify(value))
}

export const apiKey = "sk-loopback-SECRET-0123456789abcdef"

export const openai = (server: Server): Effect.Effect<Service, unknown, never> =>
  OpenAI.chat("gpt-4o-mini", { apiKey, baseURL: server.baseURL }).pipe(Effect.provide(FetchHttpClient.layer))

export const anthropic = (server: Server): Effect.Effect<Service, unknown, never> =>
  Anthropic.model("claude-sonnet-4-5", { apiKey, baseURL: server.baseURL }).pipe(Effect.provide(FetchHttpClient.layer))

export const fetchLayer = FetchHttpClient.layer

export const call = (text = "hi"): CallOptions => ({ prompt: [{ role: "user", content: [{ type: "text", text }] }] })

export const layerOf = (service: Service): Layer.Layer<LanguageModel> => Layer.succeed(LanguageModel, service)

/** Every provider id of the CLI registry. */
export const providerIds = Object.keys(providers)

/** The registry's model for `provider` against the loopback server (fetch client, counter ids). */
export const registryModel = (provider: string, server: Server, key = apiKey): Effect.Effect<Service, unknown> => {
  const entry = providers[provider]
  if (entry === undefined) return Effect.die(new Error(`unregistered provider ${provider}`))
  return entry.make({ modelId: entry.defaultModel, apiKey: key, baseURL: server.baseURL }).pipe(
    Effect.provide(Layer.merge(FetchHttpClient.layer, IdGenerator.layerCounter("gen")))
  )
}
