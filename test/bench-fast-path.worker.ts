/**
 * The reference side of `bench-fast-path.test.ts`: a fresh isolate where no Schema was ever
 * JIT-compiled, so `Schema.decodeUnknownResult` here is Effect's interpreter. It decodes each
 * JSON text with the named schema and reports the output (as JSON, key order included) or the
 * formatted issue.
 */
import { parentPort } from "node:worker_threads"
import { Result, Schema } from "effect"
import { StreamEvent } from "../src/providers/kits/anthropic/AnthropicApi.ts"
import { OpenAIChatChunk, OpenAIChatResponse, OpenAIErrorData } from "../src/providers/kits/openai/OpenAIChatApi.ts"

const decoders: Record<string, (u: unknown) => Result.Result<unknown, unknown>> = {
  "openai-chunk": Schema.decodeUnknownResult(OpenAIChatChunk),
  "openai-response": Schema.decodeUnknownResult(OpenAIChatResponse),
  "openai-error": Schema.decodeUnknownResult(OpenAIErrorData),
  "anthropic-event": Schema.decodeUnknownResult(StreamEvent)
}

parentPort?.on("message", (message: { readonly schema: string; readonly texts: ReadonlyArray<string> }) => {
  const decode = decoders[message.schema]
  parentPort?.postMessage(message.texts.map((text) => {
    const result = decode(JSON.parse(text))
    return Result.isSuccess(result)
      ? { ok: true, json: JSON.stringify(result.success) }
      : { ok: false, message: String(result.failure) }
  }))
})
