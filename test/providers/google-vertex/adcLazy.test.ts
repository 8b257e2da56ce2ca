/**
 * The default Vertex paths load no Google auth library: express mode (API key) and service account
 * credentials (WebCrypto) run without `google-auth-library` being loaded; only Application Default
 * Credentials load it, on first use. (This file imports neither upstream's node entry, which loads
 * the library statically, nor anything else that does.)
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit } from "effect"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import { createRequire } from "node:module"
import * as path from "node:path"
import * as ApplicationDefaultCredentials from "../../../src/providers/google-vertex/ApplicationDefaultCredentials.ts"
import * as GoogleVertex from "../../../src/providers/google-vertex/GoogleVertex.ts"
import { CallOptions } from "../../../src/contract/CallOptions.ts"
import { Schema } from "effect"

const loaded = () => Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes(`${path.sep}google-auth-library${path.sep}`))

const json = (value: unknown) => new Response(JSON.stringify(value), { headers: { "content-type": "application/json" } })
const client = HttpClient.make((request, url) =>
  Effect.sync(() =>
    HttpClientResponse.fromWeb(request, url.toString().startsWith("https://oauth2.googleapis.com/")
      ? json({ access_token: "ya29.sa" })
      : json({ candidates: [{ content: { role: "model", parts: [{ text: "ok" }] }, finishReason: "STOP" }] }))
  )
)
const call = Schema.decodeUnknownSync(CallOptions)({ prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }] })

const generate = (settings: GoogleVertex.Settings) =>
  Effect.flatMap(GoogleVertex.model("gemini-2.5-flash", settings), (model) => model.generate(call)).pipe(
    Effect.provideService(HttpClient.HttpClient, client)
  )

describe("Vertex: google-auth-library stays unloaded on the default paths", () => {
  it.effect("express mode and service account credentials do not load it; Application Default Credentials do", () =>
    Effect.gen(function*() {
      expect(loaded()).toBe(false)
      yield* generate({ apiKey: "k" })
      const { privateKey } = yield* Effect.promise(() =>
        crypto.subtle.generateKey(
          { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
          true,
          ["sign", "verify"]
        )
      )
      const der = Buffer.from(yield* Effect.promise(() => crypto.subtle.exportKey("pkcs8", privateKey))).toString("base64")
      const pem = `-----BEGIN PRIVATE KEY-----\n${der}\n-----END PRIVATE KEY-----\n`
      yield* generate({ project: "p", location: "us-central1", googleCredentials: { clientEmail: "svc@p", privateKey: pem } })
      expect(loaded()).toBe(false)
      // the check can fail: a token source's first use loads the library (here it finds no credentials file)
      const token = yield* ApplicationDefaultCredentials.make({ googleAuthOptions: { keyFilename: path.join(import.meta.dirname, "no-such-file.json") } })
      expect(loaded()).toBe(false)
      const exit = yield* Effect.exit(token)
      expect(Exit.isFailure(exit)).toBe(true)
      expect(loaded()).toBe(true)
    }))
})
