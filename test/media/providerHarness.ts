/**
 * Differential harness for the media provider models: the upstream model and the aimux model
 * both send through a mocked `fetch` (aimux through effect's fetch client with the `Fetch`
 * reference set), which records the request — URL, headers, and the body: JSON parsed, or a
 * multipart `FormData` as its parts (names, file names, types, bytes) and as the bytes fetch
 * would send with the boundary normalized — and answers with scripted responses.
 */
import { Effect, Layer } from "effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import type * as HttpClient from "effect/http/HttpClient"
import { errorJson } from "../providers/_kit/Wire.ts"
import { plain } from "./harness.ts"

/** A scripted response. */
export interface Reply {
  readonly status?: number
  readonly body: string | Uint8Array
  readonly headers?: Record<string, string>
}

/** A request as the mocked fetch saw it. */
export interface Seen {
  readonly url: string
  readonly method: string
  readonly headers: Record<string, string>
  readonly body: unknown
}

const partsOf = async (formData: FormData) => {
  const parts: Array<unknown> = []
  for (const [name, value] of formData.entries()) {
    if (typeof value === "string") parts.push({ name, value })
    else {
      parts.push({
        name,
        filename: value.name,
        type: value.type,
        bytes: Buffer.from(await value.arrayBuffer()).toString("base64")
      })
    }
  }
  return parts
}

/** The bytes fetch sends for a FormData body, its random boundary replaced by `BOUNDARY`. */
export const multipartBytes = async (formData: FormData): Promise<string> => {
  const request = new Request("http://x/", { method: "POST", body: formData })
  const contentType = request.headers.get("content-type") ?? ""
  const boundary = contentType.split("boundary=")[1] ?? ""
  const text = Buffer.from(await request.arrayBuffer()).toString("latin1")
  return text.split(boundary).join("BOUNDARY")
}

/** A fetch answering `replies` in order (the last one repeated) and recording each request. */
export const recordingFetch = (replies: ReadonlyArray<Reply>, seen: Array<Seen>): typeof fetch => async (input, init) => {
  const request = input instanceof Request ? input : undefined
  const url = request ? request.url : String(input)
  const headers = Object.fromEntries(new Headers(init?.headers ?? request?.headers).entries())
  delete headers["user-agent"]
  const rawBody = init?.body
  const body = rawBody instanceof FormData
    ? { multipart: await partsOf(rawBody), bytes: await multipartBytes(rawBody) }
    : typeof rawBody === "string"
    ? JSON.parse(rawBody)
    : rawBody instanceof Uint8Array
    ? JSON.parse(new TextDecoder().decode(rawBody))
    : rawBody == null
    ? undefined
    : { unknownBody: String(rawBody) }
  seen.push({ url, method: init?.method ?? request?.method ?? "GET", headers, body })
  const reply = replies[Math.min(seen.length - 1, replies.length - 1)]
  return new Response(typeof reply.body === "string" ? reply.body : Buffer.from(reply.body), {
    status: reply.status ?? 200,
    headers: { "content-type": "application/json", ...reply.headers }
  })
}

/** The aimux side's HttpClient: effect's fetch client on the recording fetch. */
export const fetchLayer = (replies: ReadonlyArray<Reply>, seen: Array<Seen>): Layer.Layer<HttpClient.HttpClient> =>
  Layer.provide(FetchHttpClient.layer, Layer.succeed(FetchHttpClient.Fetch, recordingFetch(replies, seen)))

/** An outcome as plain data; errors through the shared `errorJson` (every field upstream sets). */
export const settle = async <A>(promise: PromiseLike<A>): Promise<unknown> => {
  try {
    return { ok: plain(await promise) }
  } catch (error) {
    return { error: errorView(error) }
  }
}

const errorView = (error: unknown): unknown => {
  const json = errorJson(error)
  if (json !== null && typeof json === "object" && !Array.isArray(json)) {
    const out: Record<string, unknown> = { ...json }
    // the request body values of a multipart request hold the parts (Blobs on both sides)
    if (out.requestBodyValues !== undefined && typeof out.requestBodyValues === "object") out.requestBodyValues = "<values>"
    delete out.cause
    return out
  }
  return json
}

/** The aimux outcome, same shape as {@link settle}. */
export const settleEffect = <A, E>(effect: Effect.Effect<A, E>): Effect.Effect<unknown> =>
  Effect.match(effect, { onSuccess: (ok) => ({ ok: plain(ok) }), onFailure: (error) => ({ error: errorView(error) }) })

/** Drops `response.timestamp` (each side's `new Date()`) unless scripted. */
export const withoutTimestamp = (outcome: unknown): unknown => {
  if (outcome !== null && typeof outcome === "object" && "ok" in outcome) {
    const ok = outcome.ok
    if (ok !== null && typeof ok === "object" && "response" in ok && ok.response !== null && typeof ok.response === "object") {
      const { timestamp: _, ...response } = ok.response as Record<string, unknown>
      return { ok: { ...ok, response } }
    }
  }
  return outcome
}
