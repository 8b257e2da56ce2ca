/**
 * A test HttpClient answering every request with given bytes, split into
 * `chunkSize`-byte chunks, and recording the request bodies it saw.
 */
import { Effect } from "effect"
import { HttpClient, HttpClientResponse } from "effect/http"

export interface Seen {
  bodies: Array<unknown>
  urls: Array<string>
  headers: Array<Record<string, string>>
  aborted: boolean
}

export const replayClient = (
  body: string | Uint8Array,
  options: { readonly chunkSize?: number | undefined; readonly status?: number; readonly contentType?: string } = {}
): { client: HttpClient.HttpClient; seen: Seen } => {
  const seen: Seen = { bodies: [], urls: [], headers: [], aborted: false }
  const client = HttpClient.make((request, url, signal) =>
    Effect.sync(() => {
      seen.urls.push(url.toString())
      seen.headers.push({ ...request.headers })
      seen.bodies.push(request.body._tag === "Uint8Array" ? JSON.parse(new TextDecoder().decode(request.body.body)) : undefined)
      signal.addEventListener("abort", () => {
        seen.aborted = true
      })
      const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body
      const size = options.chunkSize ?? Math.max(bytes.length, 1)
      let offset = 0
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (signal.aborted) {
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
      return HttpClientResponse.fromWeb(
        request,
        new Response(stream, {
          status: options.status ?? 200,
          headers: { "content-type": options.contentType ?? "text/event-stream" }
        })
      )
    })
  )
  return { client, seen }
}
