/**
 * Test harness: the upstream `@ai-sdk/openai` chat model over a mocked
 * `fetch`, answering with given bytes and capturing the request body.
 */
import { createOpenAI } from "@ai-sdk/openai"
import type { LanguageModelV4CallOptions } from "@ai-sdk/provider"

export interface Captured {
  body?: unknown
  url?: string
  headers?: Record<string, string>
}

/** A fetch answering with `body` split into `chunkSize`-byte chunks (whole body when undefined). */
export const mockFetch = (
  body: string | Uint8Array,
  captured: Captured,
  options: { readonly chunkSize?: number | undefined; readonly status?: number; readonly contentType?: string } = {}
): typeof fetch =>
async (input, init) => {
  captured.url = String(input)
  captured.body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined
  captured.headers = Object.fromEntries(new Headers(init?.headers).entries())
  const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body
  const size = options.chunkSize ?? Math.max(bytes.length, 1)
  const signal = init?.signal
  let offset = 0
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (signal?.aborted) {
        controller.error(signal.reason)
        return
      }
      if (offset >= bytes.length) {
        controller.close()
        return
      }
      controller.enqueue(bytes.slice(offset, offset + size))
      offset += size
    }
  })
  return new Response(stream, {
    status: options.status ?? 200,
    headers: { "content-type": options.contentType ?? "text/event-stream" }
  })
}

export const upstreamChat = (modelId: string, fetch: typeof globalThis.fetch, settings: Record<string, unknown> = {}) =>
  createOpenAI({ apiKey: "test-key", fetch, ...settings }).chat(modelId)

export type UpstreamCallOptions = LanguageModelV4CallOptions

/** Reads an upstream stream to its end (the shared `_kit/ReadAll.ts`). */
export { readAll } from "../_kit/ReadAll.ts"
