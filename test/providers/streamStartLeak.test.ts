/**
 * A consumer that stops right after `stream-start` still closes the connection (found by the fault
 * suite for Gemini and Vertex: the start parts were emitted before the body's pull was taken in the
 * stream's scope, so nothing cancelled the body). Real sockets: a loopback server that holds the
 * response open; the providers that return their stream before the first output.
 */
import { Effect, Layer, Schema, Stream } from "effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import { expect, it } from "vitest"
import { providers } from "../../src/cli/ProviderRegistry.ts"
import { IdGenerator } from "../../src/runtime/IdGenerator.ts"
import { CallOptions } from "../../src/contract/CallOptions.ts"
import * as L from "../reliability/loopback.ts"
const hi = Schema.decodeUnknownSync(CallOptions)({ prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }] })
for (const id of ["groq", "deepseek", "openai-compatible", "google", "google-vertex", "xai", "huggingface", "cohere", "mistral", "amazon-bedrock"]) it(`${id}: take(1) closes the connection`, async () => {
  const server = await L.start((_req, res) => { res.writeHead(200, { "content-type": id === "amazon-bedrock" ? "application/vnd.amazon.eventstream" : "text/event-stream" }); res.write(id === "amazon-bedrock" ? "" : ": hi\n\n") })
  try {
    const entry = providers[id]
    const parts = await Effect.runPromise(Effect.gen(function*() {
      const model = yield* entry.make({ modelId: entry.defaultModel, apiKey: "k", baseURL: server.baseURL })
      const r = yield* model.stream(hi)
      return yield* Stream.runCollect(Stream.take(r.stream, 1))
    }).pipe(Effect.provide(Layer.merge(FetchHttpClient.layer, IdGenerator.layerCounter())), Effect.timeout("5 seconds")))
    const closed = await Promise.race([server.requests[0].closedEarly, new Promise((r) => setTimeout(() => r("open"), 2000))])
    expect([parts.length, closed]).toStrictEqual([1, true])
  } finally { await server.stop() }
})
