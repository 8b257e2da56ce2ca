/**
 * The tool-factory differential: the same factory call through upstream's provider package and
 * through aimux, each put into `tools` of a one-step `generateText` against a loopback server that
 * records the request body and answers 400 (no retries): the tool objects (id, args, execution
 * side, deferred results) and the request bodies must be equal.
 */
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import { generateText, type LanguageModel as UpstreamModel, type ToolSet } from "ai"
import { Effect, Layer } from "effect"
import { FetchHttpClient } from "effect/http"
import { providers } from "../../../src/cli/ProviderRegistry.ts"
import * as GenerateText from "../../../src/core/GenerateText.ts"
import * as LanguageModel from "../../../src/LanguageModel.ts"
import type * as Tool from "../../../src/core/Tool.ts"
import { IdGenerator } from "../../../src/runtime/IdGenerator.ts"

/** A loopback server recording each request body; answers every request with a 400. */
export const recorder = async () => {
  const bodies: Array<string> = []
  const server = http.createServer((req, res) => {
    let body = ""
    req.setEncoding("utf8").on("data", (c: string) => (body += c)).on("end", () => {
      bodies.push(body)
      res.writeHead(400, { "content-type": "application/json" })
      res.end(JSON.stringify({ error: { message: "recorded", type: "invalid_request_error" } }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { url, bodies, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

/** The upstream request body of one generateText call with `tools`. */
export const upstreamBody = async (model: (baseURL: string) => UpstreamModel, tools: ToolSet, baseURL: string, bodies: Array<string>) => {
  const before = bodies.length
  await generateText({ model: model(baseURL), prompt: "hi", tools, maxRetries: 0 }).catch(() => undefined)
  return bodies.slice(before)
}

/** The aimux request body of the same call through the registered provider `id`. */
export const oursBody = async (id: string, modelId: string, tools: Record<string, Tool.Tool<unknown, unknown, never>>, baseURL: string, bodies: Array<string>) => {
  const before = bodies.length
  const entry = providers[id]!
  const model = Layer.effect(LanguageModel.LanguageModel, entry.make({ modelId, apiKey: "test-key", baseURL })).pipe(
    Layer.provide(Layer.mergeAll(FetchHttpClient.layer, IdGenerator.layerCounter("id")))
  )
  await Effect.runPromise(
    GenerateText.generateText({ prompt: "hi", tools, maxRetries: 0, onError: () => Effect.void }).pipe(Effect.exit, Effect.provide(model))
  )
  return bodies.slice(before)
}

/** The fields of a tool object both sides must agree on. */
export const toolView = (tool: object) => {
  const t = tool as { id?: unknown; args?: unknown; type?: unknown; isProviderExecuted?: unknown; supportsDeferredResults?: unknown }
  return {
    type: t.type,
    id: t.id,
    args: t.args,
    isProviderExecuted: t.isProviderExecuted,
    supportsDeferredResults: t.supportsDeferredResults === true
  }
}
