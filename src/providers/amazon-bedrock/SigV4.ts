/**
 * `SigV4`: AWS Signature Version 4 for Bedrock requests with `aws4fetch`'s
 * `AwsV4Signer`, the signer upstream's `createSigV4FetchFunction` uses. The
 * signing instant comes from effect's `Clock` (a `TestClock` signs a fixed
 * instant), where upstream reads `Date`. `aws4fetch` is an optional peer
 * dependency, imported on the first signed request: without it that request
 * fails with `LoadSettingError` (a bearer API key needs no signer).
 *
 * @since 0.1.0
 */
import type { AwsV4Signer } from "aws4fetch"
import { Clock, Effect, Redacted } from "effect"
import { LoadSettingError } from "../../contract/errors/LoadSettingError.ts"
import * as OptionalPeer from "../../provider-utils/OptionalPeer.ts"

const loadSigner: Effect.Effect<typeof AwsV4Signer, LoadSettingError> = OptionalPeer.make({
  packageName: "aws4fetch",
  feature: "Amazon Bedrock SigV4 signing",
  load: async () => (await import("aws4fetch")).AwsV4Signer
})

/**
 * AWS credentials (upstream `AmazonBedrockCredentials` without `region`).
 *
 * @since 0.1.0
 * @category models
 */
export interface Credentials {
  readonly accessKeyId: string
  readonly secretAccessKey: string | Redacted.Redacted<string>
  readonly sessionToken?: string | Redacted.Redacted<string> | undefined
}

/**
 * What is signed: the URL, the headers as sent (names in any case) and the
 * exact body text.
 *
 * @since 0.1.0
 * @category models
 */
export interface SignRequest {
  readonly url: string
  readonly headers: Readonly<Record<string, string>>
  readonly body: string
  readonly region: string
  readonly service?: string | undefined
}

const reveal = (value: string | Redacted.Redacted<string> | undefined): string | undefined =>
  value === undefined ? undefined : typeof value === "string" ? value : Redacted.value(value)

/**
 * The SigV4 date-time of an instant (`YYYYMMDDTHHMMSSZ`), as aws4fetch
 * derives it from `new Date()`.
 *
 * @since 0.1.0
 * @category utils
 */
export const amzDate = (millis: number): string => new Date(millis).toISOString().replace(/[:-]|\.\d{3}/g, "")

/**
 * Signs a POST: the headers aws4fetch adds or sets (`x-amz-date`,
 * `x-amz-security-token` with a session token, `authorization`), by
 * lower-case name. The signature covers every header given except the ones
 * SigV4 never signs (user agent, content type, ...). The secret and the
 * authorization stay `Redacted`.
 *
 * @since 0.1.0
 * @category utils
 */
export const sign = Effect.fnUntraced(function*(request: SignRequest, credentials: Credentials) {
  const Signer = yield* loadSigner
  const millis = yield* Clock.currentTimeMillis
  const sessionToken = reveal(credentials.sessionToken)
  const signed = yield* Effect.tryPromise({
    try: () =>
      new Signer({
        url: request.url,
        method: "POST",
        headers: Object.entries(request.headers),
        body: request.body,
        region: request.region,
        accessKeyId: credentials.accessKeyId,
        secretAccessKey: reveal(credentials.secretAccessKey) ?? "",
        ...(sessionToken !== undefined && { sessionToken }),
        service: request.service ?? "bedrock",
        datetime: amzDate(millis)
      }).sign(),
    catch: (error) =>
      new LoadSettingError({ message: `AWS SigV4 signing failed: ${error instanceof Error ? error.message : String(error)}` })
  })
  const out: Record<string, string | Redacted.Redacted<string>> = {}
  const date = signed.headers.get("x-amz-date")
  if (date !== null) out["x-amz-date"] = date
  const token = signed.headers.get("x-amz-security-token")
  if (token !== null) out["x-amz-security-token"] = Redacted.make(token)
  const authorization = signed.headers.get("authorization")
  if (authorization !== null) out["authorization"] = Redacted.make(authorization)
  return out
})
