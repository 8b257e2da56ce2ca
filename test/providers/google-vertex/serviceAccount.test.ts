/**
 * Vertex service-account auth against upstream's edge path
 * (`@ai-sdk/google-vertex/edge`): with a locally generated RSA key and a
 * fixed clock, the JWT assertion (RS256 over PKCS#1 v1.5 is deterministic),
 * the token request, and the model request (project/location URL, bearer
 * header, user agent, body) are byte-identical. No network: upstream's token
 * request goes through a stubbed global `fetch`, aimux's through the
 * replayed `HttpClient`.
 */
import { createGoogleVertex } from "@ai-sdk/google-vertex/edge"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit, Stream } from "effect"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import { afterEach, vi } from "vitest"
import * as GoogleVertex from "../../../src/providers/google-vertex/GoogleVertex.ts"
import { buildJwt } from "../../../src/providers/google-vertex/ServiceAccountAuth.ts"
import { makeCounter } from "../../../src/runtime/IdGenerator.ts"
import { partsView, toAimux } from "../google/harness.ts"

interface Seen {
  readonly url: string
  readonly headers: Record<string, string>
  readonly body: string
}

const now = 1_800_000_000_000
const sse = `data: ${JSON.stringify({ candidates: [{ content: { parts: [{ text: "ok" }] }, finishReason: "STOP" }] })}\n\n`
const tokenJson = JSON.stringify({ access_token: "ya29.test-token", expires_in: 3599, token_type: "Bearer" })

const makeKey = async () => {
  const pair = await crypto.subtle.generateKey(
    { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
    true,
    ["sign", "verify"]
  )
  const der = Buffer.from(await crypto.subtle.exportKey("pkcs8", pair.privateKey)).toString("base64")
  const pem = `-----BEGIN PRIVATE KEY-----\n${der.match(/.{1,64}/g)?.join("\n")}\n-----END PRIVATE KEY-----\n`
  return { pem, publicKey: pair.publicKey }
}

const lower = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([k]) => k.toLowerCase() !== "content-length").map(([k, v]) => [k.toLowerCase(), v]))

const respond = (url: string) =>
  url.startsWith("https://oauth2.googleapis.com/token")
    ? new Response(tokenJson, { headers: { "content-type": "application/json" } })
    : new Response(sse, { headers: { "content-type": "text/event-stream" } })

const headersOf = (init?: RequestInit): Record<string, string> =>
  init?.headers instanceof Headers
    ? Object.fromEntries(init.headers.entries())
    : Object.fromEntries(Object.entries(init?.headers ?? {}))

interface Where {
  readonly location?: string
  readonly project?: string
  readonly baseURL?: string
  readonly modelId?: string
}

const here: Where = { project: "my-project", location: "us-central1" }

const upstreamRun = async (
  credentials: { clientEmail: string; privateKey: string; privateKeyId?: string },
  where: Where = here
) => {
  const seen: Array<Seen> = []
  const record = async (url: string | URL | Request, init?: RequestInit) => {
    seen.push({ url: String(url), headers: lower(headersOf(init)), body: String(init?.body) })
    return respond(String(url))
  }
  vi.stubGlobal("fetch", record)
  const model = createGoogleVertex({
    ...(where.project !== undefined && { project: where.project }),
    ...(where.location !== undefined && { location: where.location }),
    ...(where.baseURL !== undefined && { baseURL: where.baseURL }),
    googleCredentials: credentials,
    generateId: makeCounter("id"),
    fetch: record
  })(where.modelId ?? "gemini-2.5-flash")
  const result = await model.doStream({ prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }] })
  const parts: Array<unknown> = []
  const reader = result.stream.getReader()
  while (true) {
    const { done, value } = await reader.read()
    if (done) break
    parts.push(value)
  }
  return { seen, parts }
}

const aimuxRun = (
  credentials: { clientEmail: string; privateKey: string; privateKeyId?: string },
  where: Where = here
) =>
  Effect.gen(function*() {
    const seen: Array<Seen> = []
    const client = HttpClient.make((request, url) =>
      Effect.sync(() => {
        const body = request.body
        const text = body._tag === "Uint8Array" ? new TextDecoder().decode(body.body) : ""
        seen.push({ url: url.toString(), headers: lower({ ...request.headers }), body: text })
        return HttpClientResponse.fromWeb(request, respond(url.toString()))
      })
    )
    const model = yield* Effect.provideService(
      GoogleVertex.model(where.modelId ?? "gemini-2.5-flash", {
        project: where.project,
        location: where.location,
        baseURL: where.baseURL,
        googleCredentials: credentials,
        generateId: makeCounter("id")
      }),
      HttpClient.HttpClient,
      client
    )
    const started = yield* model.stream(toAimux({ prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }] }))
    const parts: Array<unknown> = []
    const exit = yield* Effect.exit(Stream.runForEach(started.stream, (part) => Effect.sync(() => parts.push(part))))
    expect(Exit.isSuccess(exit)).toBe(true)
    return { seen, parts }
  })

describe("Vertex service-account auth: differential against @ai-sdk/google-vertex/edge", () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  for (const withKeyId of [true, false]) {
    it.effect(`token and model requests are identical (kid ${withKeyId ? "set" : "absent"})`, () =>
      Effect.gen(function*() {
        vi.spyOn(Date, "now").mockReturnValue(now)
        const { pem } = yield* Effect.promise(makeKey)
        const credentials = {
          clientEmail: "svc@my-project.iam.gserviceaccount.com",
          privateKey: pem,
          ...(withKeyId ? { privateKeyId: "key-1" } : {})
        }
        const upstream = yield* Effect.promise(() => upstreamRun(credentials))
        const ours = yield* aimuxRun(credentials)
        expect(ours.seen).toHaveLength(2)
        expect(ours.seen).toStrictEqual(upstream.seen)
        expect(partsView(ours.parts)).toStrictEqual(partsView(upstream.parts))
        expect(ours.seen[1].url).toBe(
          "https://us-central1-aiplatform.googleapis.com/v1beta1/projects/my-project/locations/us-central1/publishers/google/models/gemini-2.5-flash:streamGenerateContent?alt=sse"
        )
        expect(ours.seen[1].headers["authorization"]).toBe("Bearer ya29.test-token")
      }))
  }

  const places: ReadonlyArray<readonly [string, Where]> = [
    ["global", { project: "p", location: "global" }],
    ["eu multi-region", { project: "p", location: "eu" }],
    ["us multi-region", { project: "p", location: "us" }],
    ["tuned endpoint", { project: "p", location: "europe-west4", modelId: "endpoints/1234" }],
    ["custom base URL", { baseURL: "https://proxy.test/v1/" }]
  ]
  for (const [name, where] of places) {
    it.effect(`project/location URL: ${name}`, () =>
      Effect.gen(function*() {
        vi.spyOn(Date, "now").mockReturnValue(now)
        const { pem } = yield* Effect.promise(makeKey)
        const credentials = { clientEmail: "svc@p.iam.gserviceaccount.com", privateKey: pem }
        const upstream = yield* Effect.promise(() => upstreamRun(credentials, where))
        const ours = yield* aimuxRun(credentials, where)
        expect(ours.seen).toStrictEqual(upstream.seen)
      }))
  }

  it.effect("the JWT verifies with the public key and carries upstream's claims", () =>
    Effect.gen(function*() {
      const { pem, publicKey } = yield* Effect.promise(makeKey)
      const jwt = yield* buildJwt({ clientEmail: "svc@x", privateKey: pem, privateKeyId: "k" }, 1000)
      const [header, payload, signature] = jwt.split(".")
      const verified = yield* Effect.promise(() =>
        crypto.subtle.verify(
          "RSASSA-PKCS1-v1_5",
          publicKey,
          Buffer.from(signature, "base64url"),
          new TextEncoder().encode(`${header}.${payload}`)
        )
      )
      expect(verified).toBe(true)
      expect(JSON.parse(Buffer.from(header, "base64url").toString())).toStrictEqual({ alg: "RS256", typ: "JWT", kid: "k" })
      expect(JSON.parse(Buffer.from(payload, "base64url").toString())).toStrictEqual({
        iss: "svc@x",
        scope: "https://www.googleapis.com/auth/cloud-platform",
        aud: "https://oauth2.googleapis.com/token",
        exp: 4600,
        iat: 1000
      })
    }))

  it.effect("a bad key is a typed failure, not a defect", () =>
    Effect.gen(function*() {
      const exit = yield* Effect.exit(buildJwt({ clientEmail: "svc@x", privateKey: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----" }, 1))
      expect(Exit.isFailure(exit)).toBe(true)
      if (Exit.isFailure(exit)) {
        const reason = exit.cause.reasons[0]
        expect(reason?._tag).toBe("Fail")
      }
    }))
})
