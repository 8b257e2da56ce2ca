/**
 * One row of bench/lowMemory.ts, run in its own process (`node --expose-gc
 * --max-old-space-size=80 bench/low-memory/child.ts <variant> <megabytes>`): a text stream of
 * `<megabytes>` MB (1 KiB deltas) as an OpenAI chat SSE body generated while it is read (the body
 * itself is never held), through the provider, through streamText or through the low-memory
 * mode, aimux or upstream. Prints one JSON line: the live-heap peak over the run (heapUsed after
 * a full GC, sampled every 1024 parts, minus the baseline before the run), parts, text bytes, ms.
 */
import { createOpenAI } from "@ai-sdk/openai"
import type { LanguageModelV4CallOptions } from "@ai-sdk/provider"
import { experimental_streamTextLowMemory as upstreamLowMemory, streamText as upstreamStreamText } from "ai"
import { Effect, Layer, Schema, Stream } from "effect"
import { HttpClient, HttpClientResponse } from "effect/http"
import * as StreamText from "../../src/core/StreamText.ts"
import * as StreamTextLowMemory from "../../src/core/StreamTextLowMemory.ts"
import type { TextStreamPart } from "../../src/core/TextStreamPart.ts"
import { LanguageModel } from "../../src/LanguageModel.ts"
import * as OpenAIChatLanguageModel from "../../src/providers/kits/openai/OpenAIChatLanguageModel.ts"
import { makeCounter } from "../../src/runtime/IdGenerator.ts"
import { CallOptions } from "../../src/contract/CallOptions.ts"

const variant = process.argv[2] ?? "aimux-provider"
const megabytes = Number(process.argv[3] ?? "100")
const deltaBytes = 1024
const deltas = Math.ceil((megabytes * 1024 * 1024) / deltaBytes)
const chunkBytes = 16 * 1024

const gc = globalThis.gc ?? (() => {})
const heap = () => {
  gc()
  return process.memoryUsage().heapUsed
}

let parts = 0
let textBytes = 0
let peak = 0
const count = (n: number, text: number) => {
  const before = parts
  parts += n
  textBytes += text
  if ((before >>> 10) !== (parts >>> 10)) {
    const used = heap()
    if (used > peak) peak = used
  }
}

/** The SSE body, generated per pull: `deltas` content chunks of `deltaBytes` ASCII, then finish and usage. */
const body = (): ReadableStream<Uint8Array> => {
  const encoder = new TextEncoder()
  const event = (payload: unknown) => `data: ${JSON.stringify(payload)}\n\n`
  const chunk = (choices: unknown, usage: unknown = null) => ({
    id: "chatcmpl-bench",
    object: "chat.completion.chunk",
    created: 0,
    model: "gpt-4o-mini",
    choices,
    ...(usage !== null ? { usage } : {})
  })
  const letters = "abcdefghijklmnopqrstuvwxyz "
  let sent = -1
  let pending = ""
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      while (pending.length < chunkBytes && sent <= deltas + 1) {
        if (sent === -1) pending += event(chunk([{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }]))
        else if (sent < deltas) {
          // a fresh string per delta (no shared slices that would keep a large parent alive)
          let text = ""
          for (let i = 0; i < deltaBytes; i++) text += letters[(sent * 7 + i) % letters.length]
          pending += event(chunk([{ index: 0, delta: { content: text }, finish_reason: null }]))
        } else if (sent === deltas) pending += event(chunk([{ index: 0, delta: {}, finish_reason: "stop" }]))
        else pending += event(chunk([], { prompt_tokens: 1, completion_tokens: deltas, total_tokens: deltas + 1 }))
        sent++
      }
      if (pending.length === 0) return controller.close()
      controller.enqueue(encoder.encode(pending.slice(0, chunkBytes)))
      pending = pending.slice(chunkBytes)
    }
  }, { highWaterMark: 0 })
}

const response = () => new Response(body(), { status: 200, headers: { "content-type": "text/event-stream" } })

const aimuxModel = () =>
  OpenAIChatLanguageModel.makeWith(
    HttpClient.make((request) => Effect.sync(() => HttpClientResponse.fromWeb(request, response()))),
    {
      provider: "openai.chat",
      modelId: "gpt-4o-mini",
      url: "https://api.openai.com/v1/chat/completions",
      headers: { Authorization: "Bearer bench" },
      generateId: makeCounter("id")
    }
  )
const upstreamModel = () => createOpenAI({ apiKey: "bench", fetch: () => Promise.resolve(response()) }).chat("gpt-4o-mini")

const textOf = (part: { readonly type: string; readonly text?: unknown; readonly delta?: unknown }): number =>
  part.type === "text-delta" ? String(part.text ?? part.delta ?? "").length : 0

const drainAimux = (stream: Stream.Stream<TextStreamPart, never, LanguageModel>) =>
  Effect.runPromise(stream.pipe(
    Stream.runForEachArray((batch) =>
      Effect.sync(() => {
        let text = 0
        for (const part of batch) text += textOf(part)
        count(batch.length, text)
      })),
    Effect.provide(Layer.succeed(LanguageModel, aimuxModel()))
  ))

const drainUpstream = async (stream: AsyncIterable<{ readonly type: string }>) => {
  for await (const part of stream) count(1, textOf(part))
}

const upstreamOptions: LanguageModelV4CallOptions = { prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }] }

const variants: Record<string, () => Promise<void>> = {
  "aimux-provider": () =>
    Effect.runPromise(Effect.flatMap(aimuxModel().stream(Schema.decodeUnknownSync(CallOptions)(upstreamOptions)), ({ stream }) =>
      Stream.runForEachArray(stream, (batch) =>
        Effect.sync(() => {
          let text = 0
          for (const part of batch) text += textOf(part)
          count(batch.length, text)
        })))),
  "upstream-provider": async () => {
    const reader = (await upstreamModel().doStream(upstreamOptions)).stream.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      count(1, textOf(value))
    }
  },
  "aimux-streamText": () => drainAimux(StreamText.streamText({ prompt: "hi" })),
  // the default mode with a callback that receives the steps: the step text is kept (as upstream's default)
  "aimux-streamText-onEnd": () => drainAimux(StreamText.streamText({ prompt: "hi", onEnd: () => Effect.void })),
  "aimux-lowMemory": () => drainAimux(StreamTextLowMemory.experimental_streamTextLowMemory({ prompt: "hi" })),
  "upstream-streamText": () => drainUpstream(upstreamStreamText({ model: upstreamModel(), prompt: "hi" }).fullStream),
  "upstream-lowMemory": () => drainUpstream(upstreamLowMemory({ model: upstreamModel(), prompt: "hi" }).fullStream)
}

const run = variants[variant]
if (run === undefined) {
  process.stderr.write(`unknown variant ${variant}\n`)
  process.exit(2)
}
const baseline = heap()
peak = baseline
const started = performance.now()
await run()
const ms = performance.now() - started
process.stdout.write(`${JSON.stringify({ variant, peakMB: (peak - baseline) / 1024 / 1024, parts, textMB: textBytes / 1024 / 1024, ms })}\n`)
