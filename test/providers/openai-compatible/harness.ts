/**
 * Test harness shared by the openai-compatible, Groq and DeepSeek
 * differential tests: a mocked `fetch` for the upstream packages (answers with
 * given bytes in N-byte chunks, captures the request) and stream readers.
 */

export interface Captured {
  body?: unknown
  rawBody?: string
  url?: string
  headers?: Record<string, string>
  aborted?: boolean
}

/** A fetch answering with `body` split into `chunkSize`-byte chunks (whole body when undefined). */
export const mockFetch = (
  body: string | Uint8Array,
  captured: Captured,
  options: {
    readonly chunkSize?: number | undefined
    readonly status?: number | undefined
    readonly contentType?: string | undefined
    readonly headers?: Record<string, string> | undefined
  } = {}
): typeof fetch =>
async (input, init) => {
  captured.url = String(input)
  if (typeof init?.body === "string") {
    captured.rawBody = init.body
    captured.body = JSON.parse(init.body)
  }
  captured.headers = Object.fromEntries(new Headers(init?.headers).entries())
  const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body
  const size = options.chunkSize ?? Math.max(bytes.length, 1)
  const signal = init?.signal
  signal?.addEventListener("abort", () => {
    captured.aborted = true
  })
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
    headers: { "content-type": options.contentType ?? "text/event-stream", ...options.headers }
  })
}

/** Reads an upstream stream to its end (the shared `_kit/ReadAll.ts`). */
export { readAll } from "../_kit/ReadAll.ts"

/** A JSON round trip: `undefined`-valued keys dropped, Dates as ISO strings. */
export const json = (u: unknown): unknown => u === undefined ? undefined : JSON.parse(JSON.stringify(u))

/** Turns `.chunks.txt` lines (JSON payloads) into an SSE body. */
export const chunksToSse = (text: string): string =>
  text.split("\n").filter((line) => line.trim().length > 0).map((line) => `data: ${line}\n\n`).join("")
