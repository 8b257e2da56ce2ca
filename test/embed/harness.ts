/**
 * Differential harness of the embedding and reranking provider models: the same scripted HTTP
 * responses to the upstream model (a mocked `fetch`) and to the aimux model (an `HttpClient`),
 * then the requests each sent (URL, headers, JSON body) and the outcome (the result as JSON, or
 * the error with every field it sets) compared.
 */
import type { EmbeddingModelV4, RerankingModelV4 } from "@ai-sdk/provider"
import { Effect } from "effect"
import { HttpClient, HttpClientResponse } from "effect/http"
import type * as EmbeddingModel from "../../src/EmbeddingModel.ts"
import type * as RerankingModel from "../../src/RerankingModel.ts"
import { errorJson } from "../providers/_kit/Wire.ts"

/** One scripted HTTP response. */
export interface Reply {
  readonly status?: number
  readonly headers?: Record<string, string>
  readonly body: string
}

/** A request as sent. */
export interface Sent {
  readonly url: string
  readonly headers: Record<string, string>
  readonly body: unknown
}

const responseOf = (reply: Reply): Response =>
  new Response(reply.body, {
    status: reply.status ?? 200,
    headers: { "content-type": "application/json", ...reply.headers }
  })

const parseBody = (text: string | undefined): unknown => {
  if (text === undefined) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** Replies in order (the last one again when they run out), or computed from each request body. */
export type Replies = ReadonlyArray<Reply> | ((body: unknown, index: number) => Reply)

const pickReply = (replies: Replies, body: unknown, index: number): Reply =>
  typeof replies === "function" ? replies(body, index) : replies[Math.min(index, replies.length - 1)]

/** A `fetch` answering the replies. */
export const mockFetch = (replies: Replies, sent: Array<Sent>): typeof fetch => async (input, init) => {
  const index = sent.length
  const body = parseBody(typeof init?.body === "string" ? init.body : undefined)
  sent.push({
    url: String(input instanceof Request ? input.url : input),
    headers: Object.fromEntries(new Headers(init?.headers).entries()),
    body
  })
  return responseOf(pickReply(replies, body, index))
}

/** An `HttpClient` answering the replies. */
export const replayClient = (replies: Replies, sent: Array<Sent>): HttpClient.HttpClient =>
  HttpClient.make((request, url) =>
    Effect.sync(() => {
      const index = sent.length
      const text = request.body._tag === "Uint8Array" ? new TextDecoder().decode(request.body.body) : undefined
      // content-length is the transport's (fetch sets it too, below the mocked fetch)
      const { "content-length": _length, ...headers } = request.headers
      const body = parseBody(text)
      sent.push({ url: url.toString(), headers, body })
      return HttpClientResponse.fromWeb(request, responseOf(pickReply(replies, body, index)))
    })
  )

/** A result or error as comparable JSON. */
export const outcomeJson = (outcome: { readonly ok: unknown } | { readonly error: unknown }): unknown =>
  "ok" in outcome ? { ok: JSON.parse(JSON.stringify(outcome.ok)) } : { error: errorJson(outcome.error) }

const settle = <A>(promise: PromiseLike<A>) => Promise.resolve(promise).then((ok) => ({ ok }), (error: unknown) => ({ error }))

/** Both sides of one `doEmbed` call. */
export const embedBoth = async (
  upstream: (fetch: typeof globalThis.fetch) => EmbeddingModelV4,
  ours: Effect.Effect<EmbeddingModel.Service, unknown, HttpClient.HttpClient>,
  options: Parameters<EmbeddingModelV4["doEmbed"]>[0],
  replies: ReadonlyArray<Reply>
) => {
  const upstreamSent: Array<Sent> = []
  const model = upstream(mockFetch(replies, upstreamSent))
  const upstreamOutcome = outcomeJson(await settle(model.doEmbed(options)))
  const oursSent: Array<Sent> = []
  const client = replayClient(replies, oursSent)
  const oursOutcome = outcomeJson(
    await Effect.runPromise(
      ours.pipe(
        Effect.flatMap((m) => m.embed(options)),
        Effect.match({ onSuccess: (ok) => ({ ok }), onFailure: (error) => ({ error }) }),
        Effect.provideService(HttpClient.HttpClient, client)
      )
    )
  )
  const oursModel = await Effect.runPromise(ours.pipe(Effect.orDie, Effect.provideService(HttpClient.HttpClient, client)))
  return {
    upstream: { sent: upstreamSent, outcome: upstreamOutcome, limits: [await model.maxEmbeddingsPerCall, await model.supportsParallelCalls, model.provider, model.modelId] },
    ours: { sent: oursSent, outcome: oursOutcome, limits: [oursModel.maxEmbeddingsPerCall, oursModel.supportsParallelCalls, oursModel.provider, oursModel.modelId] }
  }
}

/** Both sides of one `doRerank` call. */
export const rerankBoth = async (
  upstream: (fetch: typeof globalThis.fetch) => RerankingModelV4,
  ours: Effect.Effect<RerankingModel.Service, unknown, HttpClient.HttpClient>,
  options: Parameters<RerankingModelV4["doRerank"]>[0],
  replies: ReadonlyArray<Reply>
) => {
  const upstreamSent: Array<Sent> = []
  const model = upstream(mockFetch(replies, upstreamSent))
  const upstreamOutcome = outcomeJson(await settle(model.doRerank(options)))
  const oursSent: Array<Sent> = []
  const oursOutcome = outcomeJson(
    await Effect.runPromise(
      ours.pipe(
        Effect.flatMap((m) => m.rerank(options)),
        Effect.match({ onSuccess: (ok) => ({ ok }), onFailure: (error) => ({ error }) }),
        Effect.provideService(HttpClient.HttpClient, replayClient(replies, oursSent))
      )
    )
  )
  return { upstream: { sent: upstreamSent, outcome: upstreamOutcome }, ours: { sent: oursSent, outcome: oursOutcome } }
}
