/**
 * Recording mode of the replay HttpClient against a loopback `node:http` server (127.0.0.1, port
 * 0): a streamed SSE response recorded through the fetch client is replayed with the same bytes in
 * the same chunks, from memory and from a saved cassette file; credentials never reach the file;
 * error statuses, bodiless responses, transport failures and secret query parameters; and a
 * provider (OpenAI chat) streamText run recorded and replayed gives the same parts.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Stream } from "effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as fs from "node:fs"
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import * as os from "node:os"
import * as path from "node:path"
import * as StreamText from "../../src/core/StreamText.ts"
import * as OpenAI from "../../src/providers/openai/OpenAI.ts"
import * as ReplayHttpClient from "../../src/testing/ReplayHttpClient.ts"
import { LanguageModel } from "../../src/LanguageModel.ts"

const bearer = "sk-test-SECRET-bearer-0123456789"
const apiKey = "SECRET-x-api-key-9876543210"
const queryKey = "SECRET-query-key-5555"

const frames = [
  `data: {"n":1,"text":"Hel"}\n\n`,
  `data: {"n":2,"text":"lo"}\n\n`,
  // one frame split across two writes
  `data: {"n":3,`,
  `"text":"!"}\n\n`,
  `data: [DONE]\n\n`
]

interface Seen {
  readonly method: string | undefined
  readonly url: string | undefined
  readonly headers: http.IncomingHttpHeaders
  readonly body: string
}

/** A loopback server: `/sse` streams `frames` in separate writes, `/empty` is 204, `/fail` is 429 JSON, `/chat` streams a body file. */
const withServer = <A, E, R>(
  use: (baseUrl: string, seen: Array<Seen>) => Effect.Effect<A, E, R>,
  chatBody = ""
) =>
  Effect.acquireUseRelease(
    Effect.promise(() =>
      new Promise<{ server: http.Server; seen: Array<Seen> }>((resolve) => {
        const seen: Array<Seen> = []
        const server = http.createServer((req, res) => {
          let body = ""
          req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")))
          req.on("end", async () => {
            seen.push({ method: req.method, url: req.url, headers: req.headers, body })
            if (req.url?.startsWith("/sse") === true) {
              res.writeHead(200, { "content-type": "text/event-stream", "x-request-id": "req-1", "set-cookie": "session=SECRET-cookie" })
              for (const frame of frames) {
                res.write(frame)
                await new Promise((r) => setTimeout(r, 15))
              }
              res.end()
            } else if (req.url === "/empty") {
              res.writeHead(204, { "x-empty": "yes" })
              res.end()
            } else if (req.url === "/fail") {
              res.writeHead(429, "Too Many Requests", { "content-type": "application/json", "retry-after": "1" })
              res.end(`{"error":{"message":"slow down"}}`)
            } else if (req.url === "/chat/completions") {
              res.writeHead(200, { "content-type": "text/event-stream" })
              // a few writes at arbitrary offsets
              for (let i = 0; i < chatBody.length; i += 97) {
                res.write(chatBody.slice(i, i + 97))
                await new Promise((r) => setTimeout(r, 2))
              }
              res.end()
            } else {
              res.writeHead(404)
              res.end()
            }
          })
        })
        server.listen(0, "127.0.0.1", () => resolve({ server, seen }))
      })
    ),
    ({ server, seen }) => use(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen),
    ({ server }) => Effect.promise(() => new Promise<void>((resolve) => server.close(() => resolve())))
  )

/** Sends a JSON POST with credentials and reads the body chunk by chunk. */
const exchange = (url: string) =>
  Effect.gen(function*() {
    const client = yield* HttpClient.HttpClient
    const request = HttpClientRequest.post(url).pipe(
      HttpClientRequest.setHeaders({ authorization: `Bearer ${bearer}`, "x-api-key": apiKey, "x-trace": "t1" }),
      HttpClientRequest.bodyJsonUnsafe({ model: "m", stream: true, messages: [{ role: "user", content: "hi" }] })
    )
    const response = yield* client.execute(request)
    const chunks = yield* Stream.runCollect(response.stream).pipe(
      Effect.map((c) => Array.from(c, (b) => Array.from(b))),
      // a bodiless response (204) has no stream, live and replayed alike
      Effect.catchIf((e) => e.reason._tag === "EmptyBodyError", () => Effect.succeed("empty body" as const))
    )
    return { status: response.status, headers: response.headers, chunks }
  })

const tempFile = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), "aimux-cassettes-")), "cassettes.json")

describe("ReplayHttpClient.record", () => {
  it.live("records a streamed SSE response and replays the same chunks, from memory and from a file", () =>
    withServer((base, seen) =>
      Effect.gen(function*() {
        const recording = ReplayHttpClient.record()
        const live = yield* exchange(`${base}/sse?key=${queryKey}&q=1`).pipe(
          Effect.provide(Layer.provide(recording.layer, FetchHttpClient.layer))
        )
        // the request went through unchanged: the server saw the credentials and the body
        expect(seen).toHaveLength(1)
        expect(seen[0]?.headers.authorization).toBe(`Bearer ${bearer}`)
        expect(seen[0]?.headers["x-api-key"]).toBe(apiKey)
        expect(seen[0]?.url).toBe(`/sse?key=${queryKey}&q=1`)
        expect(JSON.parse(seen[0]?.body ?? "")).toEqual({ model: "m", stream: true, messages: [{ role: "user", content: "hi" }] })
        if (live.chunks === "empty body") throw new Error("unreachable: the SSE response has a body")
        expect(new TextDecoder().decode(Uint8Array.from(live.chunks.flat()))).toBe(frames.join(""))
        // the writes arrive in more than one chunk, so chunk boundaries are actually exercised
        expect(live.chunks.length).toBeGreaterThan(1)

        const [cassette] = recording.cassettes
        expect(recording.cassettes).toHaveLength(1)
        expect(cassette?.request).toEqual({
          method: "POST",
          url: `${base}/sse?key=REDACTED&q=1`,
          headers: expect.objectContaining({ "x-trace": "t1", "content-type": "application/json" }),
          body: { model: "m", stream: true, messages: [{ role: "user", content: "hi" }] }
        })
        expect(Object.keys(cassette?.request?.headers ?? {})).not.toContain("authorization")
        expect(Object.keys(cassette?.request?.headers ?? {})).not.toContain("x-api-key")
        expect(cassette).toMatchObject({ status: 200, statusText: "OK" })
        expect(cassette?.headers).toMatchObject({ "content-type": "text/event-stream", "x-request-id": "req-1" })
        expect(cassette?.headers).not.toHaveProperty("set-cookie")
        expect(cassette?.chunks?.map((c) => Array.from(typeof c === "string" ? new TextEncoder().encode(c) : c))).toEqual(live.chunks)

        // replay from memory: byte for byte, chunk for chunk (the real key matches the redacted URL)
        const fromMemory = yield* exchange(`${base}/sse?key=${queryKey}&q=1`).pipe(
          Effect.provide(ReplayHttpClient.layer(recording.cassettes))
        )
        expect(fromMemory.chunks).toEqual(live.chunks)
        expect(fromMemory.status).toBe(200)
        expect(fromMemory.headers["x-request-id"]).toBe("req-1")

        // replay from a file
        const file = tempFile()
        yield* ReplayHttpClient.saveCassettes(file, recording.cassettes)
        const text = fs.readFileSync(file, "utf8")
        for (const secret of [bearer, apiKey, queryKey, "SECRET"]) expect(text).not.toContain(secret)
        expect(text.toLowerCase()).not.toContain("authorization")
        expect(text.toLowerCase()).not.toContain("x-api-key")
        const loaded = yield* ReplayHttpClient.loadCassettes(file)
        const replay = ReplayHttpClient.make(loaded)
        const fromFile = yield* exchange(`${base}/sse?key=${queryKey}&q=1`).pipe(Effect.provide(replay.layer))
        expect(fromFile.chunks).toEqual(live.chunks)
        expect(fromFile.status).toBe(200)
        expect(replay.recorder.completedBodies).toBe(1)
        // the server was called once only: replays never reach it
        expect(seen).toHaveLength(1)

        // a recorded cassette answers its method and URL only
        const other = yield* exchange(`${base}/sse?q=2`).pipe(Effect.provide(ReplayHttpClient.layer(loaded)), Effect.flip)
        expect(other.message).toContain("no cassette")
      })))

  it.live("records error statuses (statusText, headers, body), bodiless responses and transport failures", () =>
    withServer((base) =>
      Effect.gen(function*() {
        const recording = ReplayHttpClient.record()
        const layer = Layer.provide(recording.layer, FetchHttpClient.layer)
        const failed = yield* exchange(`${base}/fail`).pipe(Effect.provide(layer))
        const empty = yield* exchange(`${base}/empty`).pipe(Effect.provide(layer))
        // nothing listens on port 1 of the loopback: a transport error
        const refused = yield* exchange("http://127.0.0.1:1/nothing").pipe(Effect.provide(layer), Effect.flip)
        expect(failed.status).toBe(429)
        expect(empty.status).toBe(204)
        expect(refused._tag).toBe("HttpClientError")

        const cassettes = recording.cassettes
        expect(cassettes.map((c) => [c.status, c.statusText, c.body === null, c.transportError !== undefined])).toEqual([
          [429, "Too Many Requests", false, false],
          [204, "No Content", true, false],
          [undefined, undefined, false, true]
        ])
        const file = tempFile()
        yield* ReplayHttpClient.saveCassettes(file, cassettes)
        const loaded = yield* ReplayHttpClient.loadCassettes(file)
        const replayLayer = ReplayHttpClient.layer(loaded)
        const failedAgain = yield* exchange(`${base}/fail`).pipe(Effect.provide(replayLayer))
        expect(failedAgain).toEqual(failed)
        const emptyAgain = yield* exchange(`${base}/empty`).pipe(Effect.provide(ReplayHttpClient.layer(loaded)))
        expect(empty.chunks).toBe("empty body")
        expect(emptyAgain.chunks).toBe("empty body")
        expect(emptyAgain.headers["x-empty"]).toBe("yes")
        const refusedAgain = yield* exchange("http://127.0.0.1:1/nothing").pipe(
          Effect.provide(ReplayHttpClient.layer(loaded)),
          Effect.flip
        )
        expect(refusedAgain.reason._tag).toBe("TransportError")
      })))

  it.live("a provider streamText run recorded over loopback replays to the same parts", () =>
    withServer((base) =>
      Effect.gen(function*() {
        const model = Layer.effect(LanguageModel, OpenAI.chat("gpt-4o-mini", { baseURL: base, apiKey: bearer }))
        const run = StreamText.streamText({ prompt: "hi" }).pipe(Stream.runCollect, Effect.map((c) => Array.from(c)))
        const recording = ReplayHttpClient.record()
        const live = yield* run.pipe(Effect.provide(Layer.provide(model, Layer.provide(recording.layer, FetchHttpClient.layer))))
        expect(live.map((p) => p.type)).toContain("text-delta")
        const file = tempFile()
        yield* ReplayHttpClient.saveCassettes(file, recording.cassettes)
        expect(fs.readFileSync(file, "utf8")).not.toContain(bearer)
        const loaded = yield* ReplayHttpClient.loadCassettes(file)
        const replayed = yield* run.pipe(Effect.provide(Layer.provide(model, ReplayHttpClient.layer(loaded))))
        // generated ids and timestamps differ per run; everything else is the same
        const view = (parts: ReadonlyArray<StreamText.TextStreamPart>) =>
          JSON.parse(JSON.stringify(parts, (key, value) => (key === "performance" || key === "timestamp" ? undefined : value)))
        expect(view(replayed)).toEqual(view(live))
      }), fs.readFileSync(path.join(import.meta.dirname, "../../fixtures/openai-chat/text.sse"), "utf8")))

  it.effect("loadCassettes fails with CassetteFileError on a missing or malformed file", () =>
    Effect.gen(function*() {
      const missing = yield* ReplayHttpClient.loadCassettes("/nonexistent/cassettes.json").pipe(Effect.flip)
      expect(missing).toMatchObject({ _tag: "CassetteFileError", operation: "read" })
      const file = tempFile()
      fs.writeFileSync(file, JSON.stringify({ version: 1, cassettes: [{ status: "200" }] }))
      const malformed = yield* ReplayHttpClient.loadCassettes(file).pipe(Effect.flip)
      expect(malformed).toMatchObject({ _tag: "CassetteFileError", operation: "decode" })
    }))
})
