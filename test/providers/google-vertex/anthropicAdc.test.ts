/**
 * Anthropic on Vertex with Application Default Credentials (the optional peer
 * `google-auth-library`), differential against upstream's node entry
 * (`@ai-sdk/google-vertex/anthropic`, which always authenticates with that
 * library): a service-account JSON named by `GOOGLE_APPLICATION_CREDENTIALS`,
 * the OAuth token endpoint a loopback server (the library's transport pointed
 * at it through `googleAuthOptions` on both sides). The model requests are
 * byte-identical, bearer token included. No network.
 */
import { createGoogleVertexAnthropic } from "@ai-sdk/google-vertex/anthropic"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Effect } from "effect"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as crypto from "node:crypto"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import * as GoogleVertexAnthropic from "../../../src/providers/google-vertex/GoogleVertexAnthropic.ts"
import * as L from "../../reliability/loopback.ts"
import { toAimux } from "../anthropic/harness.ts"
import { headersView } from "../anthropic/hostHarness.ts"

const json = JSON.stringify({
  type: "message",
  id: "m",
  model: "claude-sonnet-4-5",
  content: [{ type: "text", text: "ok" }],
  stop_reason: "end_turn",
  usage: { input_tokens: 1, output_tokens: 1 }
})
const prompt = { prompt: [{ role: "user" as const, content: [{ type: "text" as const, text: "hi" }] }] }
const where = { project: "adc-project", location: "us-east5" }
const googleTokenUrl = "https://oauth2.googleapis.com/token"
const MODEL = "claude-sonnet-4-5@20250929"

let server: L.Server
let dir = ""
const keys = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 })

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "aimux-vertex-anthropic-adc-"))
  const file = path.join(dir, "service-account.json")
  fs.writeFileSync(file, JSON.stringify({
    type: "service_account",
    project_id: "adc-project",
    private_key_id: "adc-key-1",
    private_key: keys.privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    client_email: "adc@adc-project.iam.gserviceaccount.com",
    client_id: "1234567890",
    token_uri: googleTokenUrl
  }))
  process.env.GOOGLE_APPLICATION_CREDENTIALS = file
  server = await L.start((_req, res) => L.json(res, 200, { access_token: "ya29.adc-token", expires_in: 3599, token_type: "Bearer" }))
})
afterAll(async () => {
  await server.stop()
  fs.rmSync(dir, { recursive: true, force: true })
})
beforeEach(() => {
  for (const name of ["GOOGLE_CLIENT_EMAIL", "GOOGLE_PRIVATE_KEY", "GOOGLE_PRIVATE_KEY_ID", "GOOGLE_VERTEX_LOCATION", "GOOGLE_VERTEX_PROJECT"]) {
    delete process.env[name]
  }
})

const toLoopback: typeof globalThis.fetch = (input, init) => {
  const url = input instanceof Request ? input.url : String(input)
  if (!url.startsWith(googleTokenUrl)) return Promise.reject(new TypeError(`unexpected request to ${url}`))
  return globalThis.fetch(`http://127.0.0.1:${server.port}/token`, init)
}
const googleAuthOptions = { clientOptions: { transporterOptions: { fetchImplementation: toLoopback } } }

interface Seen {
  readonly url: string
  readonly headers: Record<string, string>
  readonly body: string
}

describe("Anthropic on Vertex: Application Default Credentials (differential against the node entry)", () => {
  it.effect("the model request is identical, the library's token as bearer", () =>
    Effect.gen(function*() {
      const upstreamSeen: Array<Seen> = []
      const upstream = createGoogleVertexAnthropic({
        ...where,
        googleAuthOptions,
        fetch: async (url, init) => {
          const headers = init?.headers instanceof Headers
            ? Object.fromEntries(init.headers.entries())
            : Object.fromEntries(Object.entries(init?.headers ?? {}))
          upstreamSeen.push({ url: String(url), headers: headersView(headers), body: String(init?.body) })
          return new Response(json, { headers: { "content-type": "application/json" } })
        }
      })(MODEL)
      yield* Effect.promise(() => upstream.doGenerate(prompt))
      const ourSeen: Array<Seen> = []
      const client = HttpClient.make((request, url) =>
        Effect.sync(() => {
          const body = request.body
          ourSeen.push({
            url: url.toString(),
            headers: headersView({ ...request.headers }),
            body: body._tag === "Uint8Array" ? new TextDecoder().decode(body.body) : ""
          })
          return HttpClientResponse.fromWeb(request, new Response(json, { headers: { "content-type": "application/json" } }))
        })
      )
      yield* Effect.gen(function*() {
        const model = yield* GoogleVertexAnthropic.model(MODEL, { ...where, googleAuthOptions })
        yield* model.generate(toAimux(prompt))
      }).pipe(
        Effect.provideService(HttpClient.HttpClient, client),
        Effect.provide(ConfigProvider.layer(ConfigProvider.fromEnv()))
      )
      expect(upstreamSeen).toHaveLength(1)
      expect(ourSeen).toStrictEqual(upstreamSeen)
      expect(ourSeen[0].headers["authorization"]).toBe("Bearer ya29.adc-token")
    }))
})
