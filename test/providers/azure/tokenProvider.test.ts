/**
 * Azure's `tokenProvider` setting (Microsoft Entra ID), differential against the pinned
 * `@ai-sdk/azure` 4.0.85: both models send through a recording `fetch` setting, aimux's with an
 * Effect token provider where upstream's returns a Promise. The request (URL, every header, the
 * user agent included, the body), the token fetched per request, an `authorization` header that
 * wins over the token, both credentials at once, and a failing provider.
 */
import { createAzure } from "@ai-sdk/azure"
import { Effect, Exit, Redacted } from "effect"
import { describe, expect, it } from "vitest"
import * as Azure from "../../../src/providers/azure/Azure.ts"
import { decodeCallOptions, hi } from "./harness.ts"

interface Seen {
  readonly url: string
  readonly headers: Record<string, string>
  readonly body: unknown
}

const chatBody = JSON.stringify({
  id: "c",
  created: 1,
  model: "m",
  choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }]
})

const recording = (seen: Array<Seen>): typeof fetch => async (input, init) => {
  seen.push({
    url: String(input),
    headers: Object.fromEntries(new Headers(init?.headers).entries()),
    body: typeof init?.body === "string" ? JSON.parse(init.body) : init?.body
  })
  return new Response(chatBody, { status: 200, headers: { "content-type": "application/json" } })
}

const settings = { resourceName: "aimux-holdout" }

const both = async (extra: { readonly headers?: Record<string, string> }, calls = 1) => {
  const upstreamSeen: Array<Seen> = []
  let upstreamTokens = 0
  const upstream = createAzure({
    ...settings,
    ...extra,
    tokenProvider: async () => `tok-${++upstreamTokens}`,
    fetch: recording(upstreamSeen)
  }).chat("gpt-4o-mini")
  for (let i = 0; i < calls; i++) await upstream.doGenerate(hi)

  const oursSeen: Array<Seen> = []
  let oursTokens = 0
  const ours = await Effect.runPromise(Azure.chat("gpt-4o-mini", {
    ...settings,
    ...extra,
    tokenProvider: () => Effect.sync(() => Redacted.make(`tok-${++oursTokens}`)),
    fetch: recording(oursSeen)
  }))
  for (let i = 0; i < calls; i++) await Effect.runPromise(ours.generate(decodeCallOptions(hi)))
  return { upstreamSeen, oursSeen }
}

describe("Azure tokenProvider (differential)", () => {
  it("sends the token as a bearer authorization header, no api-key, fetched at every request", async () => {
    const { oursSeen, upstreamSeen } = await both({}, 2)
    expect(upstreamSeen.map((s) => s.headers["authorization"])).toStrictEqual(["Bearer tok-1", "Bearer tok-2"])
    expect(upstreamSeen[0]?.headers["api-key"]).toBeUndefined()
    expect(oursSeen).toStrictEqual(upstreamSeen)
  })

  it("an authorization header of the settings wins over the token", async () => {
    const { oursSeen, upstreamSeen } = await both({ headers: { Authorization: "Bearer mine" } })
    expect(upstreamSeen[0]?.headers["authorization"]).toBe("Bearer mine")
    expect(oursSeen).toStrictEqual(upstreamSeen)
  })

  it("apiKey and tokenProvider together: InvalidArgumentError on both sides", async () => {
    const upstream = (() => {
      try {
        createAzure({ ...settings, apiKey: "k", tokenProvider: async () => "t" })
        return undefined
      } catch (error) {
        return error
      }
    })()
    const exit = await Effect.runPromiseExit(Effect.flip(
      Azure.chat("gpt-4o-mini", { ...settings, apiKey: "k", tokenProvider: () => Effect.succeed("t"), fetch: recording([]) })
    ))
    const ours = Exit.isSuccess(exit) ? exit.value : undefined
    expect(Reflect.get(Object(upstream), "name")).toBe("AI_InvalidArgumentError")
    expect(Reflect.get(Object(ours), "_tag")).toBe("InvalidArgumentError")
    expect(Reflect.get(Object(ours), "argument")).toBe(Reflect.get(Object(upstream), "argument"))
    expect(Reflect.get(Object(ours), "message")).toBe(Reflect.get(Object(upstream), "message"))
  })

  it("a failing token provider fails the call before any request (upstream: its error as is; aimux: APICallError with it as cause)", async () => {
    const upstreamSeen: Array<Seen> = []
    const boom = new Error("no token")
    const upstream = await createAzure({ ...settings, tokenProvider: () => Promise.reject(boom), fetch: recording(upstreamSeen) })
      .chat("gpt-4o-mini").doGenerate(hi).then(() => undefined, (error: unknown) => error)
    expect(upstream).toBe(boom)
    const oursSeen: Array<Seen> = []
    const exit = await Effect.runPromiseExit(Effect.flatMap(
      Azure.chat("gpt-4o-mini", { ...settings, tokenProvider: () => Effect.fail(boom), fetch: recording(oursSeen) }),
      (model) => model.generate(decodeCallOptions(hi))
    ))
    expect(upstreamSeen).toStrictEqual([])
    expect(oursSeen).toStrictEqual([])
    const failure = Exit.isFailure(exit) ? exit.cause.reasons.find((r) => r._tag === "Fail") : undefined
    const error: unknown = failure?._tag === "Fail" ? failure.error : undefined
    expect(Reflect.get(Object(error), "_tag")).toBe("APICallError")
    expect(Reflect.get(Object(error), "message")).toBe("no token")
    expect(Reflect.get(Object(error), "cause")).toBe(boom)
  })
})
