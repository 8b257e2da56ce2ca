/**
 * Service-account authentication for Vertex (upstream
 * `edge/google-vertex-auth-edge.ts`): an RS256 JWT signed with WebCrypto
 * (no Google auth library), exchanged at Google's OAuth token endpoint for
 * an access token. Like upstream's edge path, a token is fetched per request.
 *
 * @since 0.1.0
 */
import { Config, Effect, Option, Redacted, Schema } from "effect"
import * as HttpBody from "effect/http/HttpBody"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as RequestHeaders from "../../provider-utils/RequestHeaders.ts"
import { APICallError } from "../../contract/errors/APICallError.ts"
import { LoadSettingError } from "../../contract/errors/LoadSettingError.ts"
import * as WireJson from "../../runtime/WireJson.ts"

/**
 * A service account's credentials (default: `GOOGLE_CLIENT_EMAIL`,
 * `GOOGLE_PRIVATE_KEY`, `GOOGLE_PRIVATE_KEY_ID`).
 *
 * @since 0.1.0
 * @category models
 */
export interface GoogleCredentials {
  readonly clientEmail: string
  /** PKCS#8 PEM (`-----BEGIN PRIVATE KEY-----`). */
  readonly privateKey: string | Redacted.Redacted<string>
  readonly privateKeyId?: string | undefined
}

/**
 * The OAuth token endpoint (the JWT's audience).
 *
 * @since 0.1.0
 * @category constants
 */
export const tokenUrl = "https://oauth2.googleapis.com/token"

const base64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString("base64url")
const base64urlText = (text: string): string => base64url(new TextEncoder().encode(text))

const setting = (name: string, variable: string, description: string) =>
  Effect.flatMap(
    Effect.orElseSucceed(Config.option(Config.String(variable)), () => Option.none<string>()),
    (value) =>
      Option.isSome(value) ? Effect.succeed(value.value) : Effect.fail(
        new LoadSettingError({
          message: `Failed to load Google credentials: ${description} setting is missing. ` +
            `Pass it using the '${name}' parameter or the ${variable} environment variable.`
        })
      )
  )

/**
 * The credentials from the environment, as upstream's `loadCredentials`.
 *
 * @since 0.1.0
 * @category utils
 */
export const loadCredentials: Effect.Effect<GoogleCredentials, LoadSettingError> = Effect.gen(function*() {
  const clientEmail = yield* setting("clientEmail", "GOOGLE_CLIENT_EMAIL", "Google client email")
  const privateKey = yield* setting("privateKey", "GOOGLE_PRIVATE_KEY", "Google private key")
  const privateKeyId = Option.getOrUndefined(
    yield* Effect.orElseSucceed(Config.option(Config.String("GOOGLE_PRIVATE_KEY_ID")), () => Option.none<string>())
  )
  return { clientEmail, privateKey: Redacted.make(privateKey), privateKeyId }
})

const signingError = (cause: unknown) =>
  new LoadSettingError({
    message: `Failed to sign the Google service account JWT: ${cause instanceof Error ? cause.message : String(cause)}`
  })

/**
 * The signed JWT assertion (header `{alg, typ, kid?}`, payload `{iss, scope, aud, exp, iat}`), as upstream's `buildJwt`.
 *
 * @since 0.1.0
 * @category utils
 */
export const buildJwt = (
  credentials: GoogleCredentials,
  nowSeconds: number
): Effect.Effect<string, LoadSettingError> =>
  Effect.tryPromise({
    try: async () => {
      const header = { alg: "RS256", typ: "JWT", ...(credentials.privateKeyId ? { kid: credentials.privateKeyId } : {}) }
      const payload = {
        iss: credentials.clientEmail,
        scope: "https://www.googleapis.com/auth/cloud-platform",
        aud: tokenUrl,
        exp: nowSeconds + 3600,
        iat: nowSeconds
      }
      const pem = typeof credentials.privateKey === "string" ? credentials.privateKey : Redacted.value(credentials.privateKey)
      const der = Buffer.from(
        pem.replace("-----BEGIN PRIVATE KEY-----", "").replace("-----END PRIVATE KEY-----", "").replace(/\s/g, ""),
        "base64"
      )
      const key = await crypto.subtle.importKey("pkcs8", der, { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" }, false, [
        "sign"
      ])
      const signingInput = `${base64urlText(WireJson.render(header))}.${base64urlText(WireJson.render(payload))}`
      const signature = await crypto.subtle.sign("RSASSA-PKCS1-v1_5", key, new TextEncoder().encode(signingInput))
      return `${signingInput}.${base64url(new Uint8Array(signature))}`
    },
    catch: signingError
  })

const TokenResponse = Schema.Struct({ access_token: Schema.String })

/**
 * An access token for the credentials (environment credentials when none are given).
 *
 * @since 0.1.0
 * @category utils
 */
export const generateAuthToken = (
  credentials: GoogleCredentials | undefined,
  userAgentSuffix: string
): Effect.Effect<Redacted.Redacted<string>, LoadSettingError | APICallError, HttpClient.HttpClient> =>
  Effect.gen(function*() {
    const creds = credentials ?? (yield* loadCredentials)
    const jwt = yield* buildJwt(creds, Math.floor(Date.now() / 1000))
    const form = new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion: jwt })
    const failure = (message: string, cause?: unknown, statusCode?: number) =>
      new APICallError({ message, url: tokenUrl, requestBodyValues: {}, cause, statusCode, isRetryable: false })
    const client = yield* HttpClient.HttpClient
    const headers = RequestHeaders.withUserAgentSuffix(
      { "Content-Type": "application/x-www-form-urlencoded" },
      userAgentSuffix,
      RequestHeaders.runtimeUserAgent()
    )
    const request = HttpClientRequest.post(tokenUrl).pipe(
      HttpClientRequest.setBody(HttpBody.text(form.toString(), "application/x-www-form-urlencoded")),
      HttpClientRequest.setHeaders(RequestHeaders.reveal(headers))
    )
    // no trace headers (b3 / traceparent), as upstream sends none
    const execute = Effect.provideService(client.execute(request), HttpClient.TracerPropagationEnabled, false)
    const response = yield* Effect.mapError(execute, (error) => failure("Token request failed", error))
    if (response.status < 200 || response.status > 299) {
      return yield* failure(`Token request failed: ${response.status}`, undefined, response.status)
    }
    const json = yield* Effect.mapError(response.json, (error) => failure("Token request failed", error))
    const decoded = yield* Effect.mapError(
      Schema.decodeUnknownEffect(TokenResponse)(json),
      (error) => failure("Token request failed: no access_token", error)
    )
    return Redacted.make(decoded.access_token)
  })
