/**
 * Application Default Credentials (the optional peer `google-auth-library`) against upstream's
 * node path (`@ai-sdk/google-vertex`, which always authenticates with that library). The
 * credentials are a service-account JSON with a key generated here, named by
 * `GOOGLE_APPLICATION_CREDENTIALS`; the OAuth token endpoint is a loopback server (the library's
 * transport is pointed at it through `googleAuthOptions`, on both sides). No network.
 */
import { createGoogleVertex } from "@ai-sdk/google-vertex"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Effect, Exit, Redacted } from "effect"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import { OAuth2Client } from "google-auth-library"
import * as crypto from "node:crypto"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import * as ApplicationDefaultCredentials from "../../../src/providers/google-vertex/ApplicationDefaultCredentials.ts"
import * as GoogleVertex from "../../../src/providers/google-vertex/GoogleVertex.ts"
import { makeCounter } from "../../../src/runtime/IdGenerator.ts"
import { LoadSettingError } from "../../../src/contract/errors/LoadSettingError.ts"
import { errorJson, wireJson } from "../_kit/Wire.ts"
import * as L from "../../reliability/loopback.ts"
import { failureOf, toAimux } from "../google/harness.ts"

const generateJson = JSON.stringify({
  candidates: [{ content: { role: "model", parts: [{ text: "ok" }] }, finishReason: "STOP" }],
  usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 }
})
const prompt = { prompt: [{ role: "user" as const, content: [{ type: "text" as const, text: "hi" }] }] }
const where = { project: "adc-project", location: "us-central1" }
const googleTokenUrl = "https://oauth2.googleapis.com/token"

interface Seen {
  readonly url: string
  readonly headers: Record<string, string>
  readonly body: string
}

const lower = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([k]) => k.toLowerCase() !== "content-length").map(([k, v]) => [k.toLowerCase(), v]))

let server: L.Server
let dir = ""
let credentialsFile = ""
let publicKey: crypto.KeyObject
const keys = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 })
const serviceAccount = {
  type: "service_account",
  project_id: "adc-project",
  private_key_id: "adc-key-1",
  private_key: keys.privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
  client_email: "adc@adc-project.iam.gserviceaccount.com",
  client_id: "1234567890",
  token_uri: googleTokenUrl
}

beforeAll(async () => {
  publicKey = keys.publicKey
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "aimux-adc-"))
  credentialsFile = path.join(dir, "service-account.json")
  fs.writeFileSync(credentialsFile, JSON.stringify(serviceAccount))
  server = await L.start((_req, res) => L.json(res, 200, { access_token: "ya29.adc-token", expires_in: 3599, token_type: "Bearer" }))
})
afterAll(async () => {
  await server.stop()
  fs.rmSync(dir, { recursive: true, force: true })
})
beforeEach(() => {
  for (const name of ["GOOGLE_VERTEX_API_KEY", "GOOGLE_CLIENT_EMAIL", "GOOGLE_PRIVATE_KEY", "GOOGLE_PRIVATE_KEY_ID"]) delete process.env[name]
  process.env.GOOGLE_APPLICATION_CREDENTIALS = credentialsFile
  server.requests.length = 0
})

/** The library's transport: Google's token endpoint is served by the loopback server. */
const toLoopback: typeof globalThis.fetch = (input, init) => {
  const url = input instanceof Request ? input.url : String(input)
  if (!url.startsWith(googleTokenUrl)) return Promise.reject(new TypeError(`unexpected request to ${url}`))
  return globalThis.fetch(`http://127.0.0.1:${server.port}/token`, init)
}
const googleAuthOptions = { clientOptions: { transporterOptions: { fetchImplementation: toLoopback } } }

const respond = () => new Response(generateJson, { headers: { "content-type": "application/json" } })

const upstreamRun = async (options: { readonly googleAuthOptions?: object; readonly calls?: number } = {}) => {
  const seen: Array<Seen> = []
  const model = createGoogleVertex({
    ...where,
    googleAuthOptions: options.googleAuthOptions ?? googleAuthOptions,
    generateId: makeCounter("id"),
    fetch: async (url, init) => {
      const headers = init?.headers instanceof Headers ? Object.fromEntries(init.headers.entries()) : Object.fromEntries(Object.entries(init?.headers ?? {}))
      seen.push({ url: String(url), headers: lower(headers), body: String(init?.body) })
      return respond()
    }
  })("gemini-2.5-flash")
  try {
    const contents: Array<unknown> = []
    for (let i = 0; i < (options.calls ?? 1); i++) contents.push((await model.doGenerate(prompt)).content)
    return { seen, contents, failure: undefined }
  } catch (error) {
    return { seen, contents: [], failure: error }
  }
}

const aimuxRun = (settings: GoogleVertex.Settings = {}, calls = 1) =>
  Effect.gen(function*() {
    const seen: Array<Seen> = []
    const client = HttpClient.make((request, url) =>
      Effect.sync(() => {
        const body = request.body
        seen.push({ url: url.toString(), headers: lower({ ...request.headers }), body: body._tag === "Uint8Array" ? new TextDecoder().decode(body.body) : "" })
        return HttpClientResponse.fromWeb(request, url.toString() === googleTokenUrl
          ? new Response(JSON.stringify({ access_token: "ya29.service-account", expires_in: 3599 }), { headers: { "content-type": "application/json" } })
          : respond())
      })
    )
    const exit = yield* Effect.gen(function*() {
      const model = yield* GoogleVertex.model("gemini-2.5-flash", { ...where, googleAuthOptions, generateId: makeCounter("id"), ...settings })
      const contents: Array<unknown> = []
      for (let i = 0; i < calls; i++) contents.push((yield* model.generate(toAimux(prompt))).content)
      return contents
    }).pipe(
      Effect.provideService(HttpClient.HttpClient, client),
      // effect's env ConfigProvider reads a snapshot of process.env: each run takes a fresh one
      Effect.provide(ConfigProvider.layer(ConfigProvider.fromEnv())),
      Effect.exit
    )
    return { seen, contents: Exit.isSuccess(exit) ? exit.value : [], failure: failureOf(exit) }
  })

const tokenRequests = () => server.requests.filter((r) => r.path === "/token")

describe("Vertex Application Default Credentials (differential against the node path)", () => {
  it.live("the model request is identical, bearer token from the credentials file (one token for two calls)", () =>
    Effect.gen(function*() {
      const upstream = yield* Effect.promise(() => upstreamRun({ calls: 2 }))
      expect(upstream.failure).toBeUndefined()
      const upstreamTokens = tokenRequests().length
      server.requests.length = 0
      const ours = yield* aimuxRun({}, 2)
      expect(ours.failure).toBeUndefined()
      expect(ours.seen).toStrictEqual(upstream.seen)
      expect(wireJson(ours.contents)).toStrictEqual(wireJson(upstream.contents))
      expect(ours.seen.map((s) => s.headers["authorization"])).toStrictEqual(["Bearer ya29.adc-token", "Bearer ya29.adc-token"])
      expect(ours.seen[0].url).toBe(
        "https://us-central1-aiplatform.googleapis.com/v1beta1/projects/adc-project/locations/us-central1/publishers/google/models/gemini-2.5-flash:generateContent"
      )
      // the library caches the token: one token request per model, on both sides
      expect([tokenRequests().length, upstreamTokens]).toStrictEqual([1, 1])
    }))

  it.live("the token request is the library's signed JWT grant for the file's service account", () =>
    Effect.gen(function*() {
      yield* aimuxRun()
      const [request] = tokenRequests()
      const form = new URLSearchParams(request.body)
      expect(form.get("grant_type")).toBe("urn:ietf:params:oauth:grant-type:jwt-bearer")
      const [header, payload, signature] = (form.get("assertion") ?? "").split(".")
      expect(crypto.verify("RSA-SHA256", Buffer.from(`${header}.${payload}`), publicKey, Buffer.from(signature, "base64url"))).toBe(true)
      expect(JSON.parse(Buffer.from(header, "base64url").toString())).toMatchObject({ alg: "RS256" })
      expect(JSON.parse(Buffer.from(payload, "base64url").toString())).toMatchObject({
        iss: serviceAccount.client_email,
        scope: "https://www.googleapis.com/auth/cloud-platform",
        aud: googleTokenUrl
      })
    }))

  it.live("an API key (express mode) wins: no token is requested", () =>
    Effect.gen(function*() {
      const ours = yield* aimuxRun({ apiKey: "express-key" })
      expect(ours.failure).toBeUndefined()
      expect(ours.seen.map((s) => [s.headers["authorization"], s.headers["x-goog-api-key"]])).toStrictEqual([[undefined, "express-key"]])
      expect(tokenRequests()).toStrictEqual([])
    }))

  it.live("given service account credentials win: the WebCrypto path, not the library", () =>
    Effect.gen(function*() {
      const ours = yield* aimuxRun({
        googleCredentials: { clientEmail: serviceAccount.client_email, privateKey: serviceAccount.private_key }
      })
      expect(ours.failure).toBeUndefined()
      expect(ours.seen.map((s) => s.url)[0]).toBe(googleTokenUrl)
      expect(ours.seen[1]?.headers["authorization"]).toBe("Bearer ya29.service-account")
      expect(tokenRequests()).toStrictEqual([])
    }))

  it.live("service account variables in the environment win too (a missing half is reported as before)", () =>
    Effect.gen(function*() {
      process.env.GOOGLE_CLIENT_EMAIL = serviceAccount.client_email
      const ours = yield* aimuxRun()
      expect(ours.failure).toBeInstanceOf(LoadSettingError)
      expect(ours.failure instanceof LoadSettingError && ours.failure.message).toBe(
        "Failed to load Google credentials: Google private key setting is missing. Pass it using the 'privateKey' parameter or the GOOGLE_PRIVATE_KEY environment variable."
      )
      expect(tokenRequests()).toStrictEqual([])
    }))

  it.live("credentials the library cannot find: a typed error carrying the library's message", () =>
    Effect.gen(function*() {
      process.env.GOOGLE_APPLICATION_CREDENTIALS = path.join(dir, "missing.json")
      const upstream = yield* Effect.promise(() => upstreamRun())
      const ours = yield* aimuxRun()
      expect(upstream.failure).toBeInstanceOf(Error)
      expect(errorJson(ours.failure)).toStrictEqual(errorJson(
        new LoadSettingError({
          message: `Failed to load Google Application Default Credentials: ${upstream.failure instanceof Error ? upstream.failure.message : ""}`
        })
      ))
      expect([ours.seen, upstream.seen]).toStrictEqual([[], []])
    }))

  // Divergence (docs/divergences.md): upstream sends `Authorization: Bearer null` when the library
  // yields no token; aimux fails with a typed error and sends nothing.
  it.live("a client that yields no token: upstream sends `Bearer null`, aimux fails typed", () =>
    Effect.gen(function*() {
      const authClient = Object.assign(new OAuth2Client(), { getAccessToken: async () => ({ token: null }) })
      const upstream = yield* Effect.promise(() => upstreamRun({ googleAuthOptions: { authClient } }))
      expect(upstream.seen.map((s) => s.headers["authorization"])).toStrictEqual(["Bearer null"])
      const ours = yield* aimuxRun({ googleAuthOptions: { authClient } })
      expect(ours.seen).toStrictEqual([])
      expect(ours.failure instanceof LoadSettingError && ours.failure.message).toBe(
        "Failed to load Google Application Default Credentials: google-auth-library returned no access token"
      )
    }))
})

describe("Vertex Application Default Credentials: the optional peer", () => {
  it.effect("a missing google-auth-library is a typed error that says what to do", () =>
    Effect.gen(function*() {
      const missing = Object.assign(new Error("Cannot find package 'google-auth-library'"), { code: "ERR_MODULE_NOT_FOUND" })
      const token = yield* ApplicationDefaultCredentials.make({}, () => Promise.reject(missing))
      const error = yield* Effect.flip(token)
      expect(error).toBeInstanceOf(LoadSettingError)
      expect(error.message).toBe(
        "Google Vertex authentication: no API key and no service account credentials were given, and Application Default " +
          "Credentials need the optional peer dependency 'google-auth-library', which could not be loaded (Cannot find " +
          "package 'google-auth-library'). Install google-auth-library, or pass 'apiKey' or 'googleCredentials'."
      )
    }))

  it.effect("the library is loaded once per token source, on its first use, not when it is made", () =>
    Effect.gen(function*() {
      let loads = 0
      const token = yield* ApplicationDefaultCredentials.make({}, () => {
        loads++
        return Promise.resolve({
          GoogleAuth: class {
            getClient() {
              return Promise.resolve({ getAccessToken: () => Promise.resolve({ token: "t" }) })
            }
          }
        })
      })
      expect(loads).toBe(0)
      const first = yield* token
      const second = yield* token
      expect([Redacted.value(first), Redacted.value(second), loads]).toStrictEqual(["t", "t", 1])
    }))
})
