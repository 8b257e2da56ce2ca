/**
 * A held-open ConverseStream over a real socket: a loopback server sends some event-stream frames
 * (and half of the next one), then holds the response open. Whatever part the consumer stops or is
 * interrupted after (through `stream` and through core `streamText`), its fiber ends within a bound
 * and the connection is closed by the client. Found by the fault suite: a consumer that stopped
 * during the start parts (`stream-start`, `response-metadata`) left the connection open for good,
 * because those parts were emitted before the body's pull was taken in the stream's scope and the
 * body, handed over as a web stream, is never aborted by the client's collection finalizer.
 */
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Deferred, Effect, Exit, Fiber, Layer, Logger, Stream } from "effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as StreamText from "../../../src/core/StreamText.ts"
import { LanguageModel } from "../../../src/LanguageModel.ts"
import { AmazonBedrock } from "../../../src/providers/amazon-bedrock/index.ts"
import type { StreamPart } from "../../../src/contract/StreamPart.ts"
import * as L from "../../reliability/loopback.ts"
import { chunksToBody, DEFAULT_MODEL } from "./harness.ts"

const frames = chunksToBody([
  '{"messageStart":{"role":"assistant"}}',
  '{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"text":"Hel"}}}',
  '{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"text":"lo"}}}',
  '{"contentBlockStop":{"contentBlockIndex":0}}',
  '{"contentBlockStart":{"contentBlockIndex":1,"start":{"toolUse":{"toolUseId":"t1","name":"f"}}}}',
  '{"contentBlockDelta":{"contentBlockIndex":1,"delta":{"toolUse":{"input":"{\\"a\\":1}"}}}}'
].join("\n"))
const nextFrame = chunksToBody('{"contentBlockStop":{"contentBlockIndex":1}}')

/** The parts the held-open body yields before the client must wait for more bytes. */
const heldParts = [
  "stream-start",
  "response-metadata",
  "text-start",
  "text-delta",
  "text-delta",
  "text-end",
  "tool-input-start",
  "tool-input-delta"
]

/** `split`: the frames in two writes (the first frame alone), so the body is pulled more than once. */
type Mode = "one-write" | "split"
let server: L.Server
beforeAll(async () => {
  server = await L.start((_req, res, body) => {
    res.sendDate = false
    res.writeHead(200, { "content-type": "application/vnd.amazon.eventstream" })
    const half = nextFrame.subarray(0, 10)
    if (body.includes("split")) {
      const firstLength = new DataView(frames.buffer, frames.byteOffset).getUint32(0, false)
      res.write(frames.subarray(0, firstLength), () => setTimeout(() => res.write(Buffer.concat([frames.subarray(firstLength), half])), 5))
    } else {
      res.write(Buffer.concat([frames, half]))
    }
    // held open: only the client can close this response
  })
})
afterAll(() => server.stop())

let seq = 0
const marker = (mode: Mode) => `held:${mode}:${seq++}`

const model = Effect.suspend(() => AmazonBedrock.model(DEFAULT_MODEL, { region: "us-east-1", apiKey: "k", baseURL: server.baseURL })).pipe(
  Effect.provide(FetchHttpClient.layer)
)

const call = (text: string) => L.call(text)

/** Whether the server saw the client close the connection of the request named `text` (bounded). */
const closedByClient = (text: string) =>
  Effect.promise(() => {
    const seen = server.requests.find((r) => r.body.includes(text))
    return seen === undefined
      ? Promise.resolve("no request")
      : Promise.race([seen.closedEarly.then((early) => early ? "closed" : "ended"), new Promise<string>((r) => setTimeout(() => r("open"), 2000))])
  })

const bounded = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  effect.pipe(Effect.timeoutOrElse({ duration: "5 seconds", orElse: () => Effect.die(new Error("hung")) }))

describe("Amazon Bedrock: a held-open stream", () => {
  for (const mode of ["one-write", "split"] as const) {
    for (let k = 1; k <= heldParts.length; k++) {
      it.live(`${mode}: stream, take(${k}) ends and closes the connection`, () =>
        Effect.gen(function*() {
          const text = marker(mode)
          const service = yield* model
          const started = yield* service.stream(call(text))
          const parts = yield* bounded(Stream.runCollect(Stream.take(started.stream, k)))
          expect(parts.map((p) => p.type)).toStrictEqual(heldParts.slice(0, k))
          expect(yield* closedByClient(text)).toBe("closed")
        }))

      it.live(`${mode}: stream, interrupted after part ${k}, the fiber ends and the connection closes`, () =>
        Effect.gen(function*() {
          const text = marker(mode)
          const service = yield* model
          const started = yield* service.stream(call(text))
          const parts: Array<StreamPart> = []
          const reached = yield* Deferred.make<void>()
          const fiber = yield* Stream.runForEach(started.stream, (part) =>
            Effect.suspend(() => parts.push(part) >= k ? Deferred.succeed(reached, undefined) : Effect.void)).pipe(Effect.forkChild)
          yield* bounded(Deferred.await(reached))
          const exit = yield* bounded(Fiber.interrupt(fiber).pipe(Effect.andThen(Fiber.await(fiber))))
          expect(Exit.hasInterrupts(exit)).toBe(true)
          expect(parts.map((p) => p.type).slice(0, k)).toStrictEqual(heldParts.slice(0, k))
          expect(parts.some((p) => p.type === "finish")).toBe(false)
          expect(yield* closedByClient(text)).toBe("closed")
        }))
    }

    it.live(`${mode}: streamText, every take(k) ends and closes the connection`, () =>
      Effect.gen(function*() {
        const service = yield* model
        const layer = Layer.merge(Layer.succeed(LanguageModel, service), Logger.layer([]))
        // start, start-step, then the model's parts (stream-start and response-metadata are not forwarded)
        const expected = ["start", "start-step", "text-start", "text-delta", "text-delta", "text-end", "tool-input-start", "tool-input-delta"]
        for (let k = 1; k <= expected.length; k++) {
          const text = marker(mode)
          const parts = yield* bounded(Stream.runCollect(Stream.take(StreamText.streamText({ prompt: text }), k)).pipe(Effect.provide(layer)))
          expect(parts.map((p) => p.type)).toStrictEqual(expected.slice(0, k))
          // k = 1, 2: the run may stop before the model call is sent
          const closed = yield* closedByClient(text)
          expect(k <= 2 ? ["closed", "no request"] : ["closed"]).toContain(closed)
        }
      }))
  }
})
