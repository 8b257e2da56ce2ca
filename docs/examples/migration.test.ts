/**
 * The offline examples of docs/migrating-from-ai-sdk.md run: the mock-model test, and the
 * custom-base-URL chat model with retries and onFinish against a loopback server.
 */
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { generated, localModel, mocked, tuned } from "./migration.ts"

const completion = {
  id: "c1", object: "chat.completion", created: 1, model: "llama-3.2",
  choices: [{ index: 0, message: { role: "assistant", content: "Hello there" }, finish_reason: "stop" }],
  usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 }
}
const sse = `data: ${JSON.stringify({ id: "c1", object: "chat.completion.chunk", created: 1, model: "llama-3.2", choices: [{ index: 0, delta: { role: "assistant", content: "Hi!" }, finish_reason: null }] })}\n\n` +
  `data: ${JSON.stringify({ id: "c1", object: "chat.completion.chunk", created: 1, model: "llama-3.2", choices: [{ index: 0, delta: {}, finish_reason: "stop" }] })}\n\ndata: [DONE]\n\n`

describe("docs/migrating-from-ai-sdk.md examples", () => {
  it.effect("the mock model test", () =>
    Effect.gen(function*() {
      expect(yield* mocked).toBe("Hello")
    }))

  it.live("a custom base URL: generateText and streamText with retries against a loopback server", () =>
    Effect.gen(function*() {
      let requests = 0
      const server = http.createServer((req, res) => {
        let body = ""
        req.on("data", (c) => (body += c))
        req.on("end", () => {
          requests++
          // the first request of the stream is answered 503: maxRetries retries it
          if (JSON.parse(body).stream === true && requests === 2) {
            res.writeHead(503, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "busy" } }))
            return
          }
          if (JSON.parse(body).stream === true) res.writeHead(200, { "content-type": "text/event-stream" }).end(sse)
          else res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(completion))
        })
      })
      yield* Effect.promise(() => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve)))
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
      const layer = localModel(url)
      const out = yield* generated.pipe(Effect.provide(layer))
      expect(out).toEqual({ text: "Hello there", steps: 1, outputTokens: 2 })
      yield* tuned(new AbortController().signal).pipe(Effect.provide(layer))
      expect(requests).toBe(3)
      server.close()
    }))
})
