/**
 * HMAC signatures of tool approval requests (upstream `ai` 7.0.173 `tool-approval-signature.ts`
 * and `util/canonical-hash.ts`), with WebCrypto.
 *
 * With a secret (the generation's `experimental_toolApprovalSecret`), every approval request is
 * signed when it is issued: HMAC-SHA-256 over the JSON array
 * `["ai-sdk-tool-approval-v1", approvalId, toolCallId, toolName, digest]`, where `digest` is the
 * base64url SHA-256 of the input's canonical JSON (object keys sorted). When the approval comes
 * back in the history, the signature is verified against the call found there, so a client
 * cannot forge an approval nor change the approved call's id, name or arguments. Signatures of
 * the older newline-joined payload verify too when no field holds a newline (upstream's
 * backwards compatibility). Signatures are base64url without padding, byte for byte upstream's.
 *
 * @since 0.1.0
 */
import { Effect, Result } from "effect"
import * as Base64Url from "effect/encoding/Base64Url"
import * as WireJson from "../../runtime/WireJson.ts"

/**
 * The secret: its UTF-8 bytes when a string, else the bytes themselves (upstream).
 *
 * @since 0.1.0
 * @category models
 */
export type Secret = string | Uint8Array

/**
 * What a signature covers.
 *
 * @since 0.1.0
 * @category models
 */
export interface Signed {
  readonly approvalId: string
  readonly toolCallId: string
  readonly toolName: string
  readonly input: unknown
}

const encoder = new TextEncoder()

/**
 * Deterministic JSON (upstream `canonicalJSON`): object keys sorted, `undefined` array elements
 * as `null`; everything else as `JSON.stringify` writes it.
 *
 * @since 0.1.0
 * @category approval
 */
export const canonicalJson = (value: unknown): string => {
  // iterative (a tool input from the wire may nest 10^5 deep): a stack of values to print and of
  // literal text to emit between them, in the order upstream's recursion writes them
  const out: Array<string> = []
  const work: Array<{ readonly text: string } | { readonly value: unknown; readonly element: boolean }> = [
    { value, element: false }
  ]
  while (work.length > 0) {
    const item = work.pop()
    if (item === undefined) break
    if ("text" in item) {
      out.push(item.text)
      continue
    }
    const current = item.value
    if (current === undefined && item.element) {
      out.push("null")
    } else if (current === null || current === undefined || typeof current !== "object") {
      out.push(String(WireJson.render(current)))
    } else if (Array.isArray(current)) {
      const items: ReadonlyArray<unknown> = current
      work.push({ text: "]" })
      for (let i = items.length - 1; i >= 0; i--) {
        work.push({ value: items[i], element: true })
        if (i > 0) work.push({ text: "," })
      }
      work.push({ text: "[" })
    } else {
      const keys = Object.keys(current).sort()
      work.push({ text: "}" })
      for (let i = keys.length - 1; i >= 0; i--) {
        work.push({ value: Reflect.get(current, keys[i]), element: false })
        work.push({ text: `${i > 0 ? "," : ""}${WireJson.render(keys[i])}:` })
      }
      work.push({ text: "{" })
    }
  }
  return out.join("")
}

const bytesOf = (data: string | Uint8Array): Uint8Array<ArrayBuffer> => {
  const source = typeof data === "string" ? encoder.encode(data) : data
  // WebCrypto takes ArrayBuffer-backed views: a copy of the caller's bytes
  const out = new Uint8Array(new ArrayBuffer(source.byteLength))
  out.set(source)
  return out
}

/**
 * The canonical SHA-256 digest of a value, base64url (upstream `hashCanonical`).
 *
 * @since 0.1.0
 * @category approval
 */
export const hashCanonical = (value: unknown): Effect.Effect<string> =>
  Effect.map(
    Effect.promise(() => crypto.subtle.digest("SHA-256", bytesOf(canonicalJson(value)))),
    (digest) => Base64Url.encode(new Uint8Array(digest))
  )

const importKey = (secret: Secret): Effect.Effect<CryptoKey> =>
  Effect.promise(() => crypto.subtle.importKey("raw", bytesOf(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]))

const payloadOf = (signed: Signed, digest: string): Uint8Array<ArrayBuffer> =>
  bytesOf(WireJson.render(["ai-sdk-tool-approval-v1", signed.approvalId, signed.toolCallId, signed.toolName, digest]))

// upstream's pre-JSON payload, accepted at verification only (its TODO(#17494))
const legacyPayloadOf = (signed: Signed, digest: string): Uint8Array<ArrayBuffer> =>
  bytesOf(`${signed.approvalId}\n${signed.toolCallId}\n${signed.toolName}\n${digest}`)

/**
 * Signs an approval request (upstream `signToolApproval`).
 *
 * @since 0.1.0
 * @category approval
 */
export const sign = Effect.fnUntraced(function*(secret: Secret, signed: Signed) {
  const key = yield* importKey(secret)
  const digest = yield* hashCanonical(signed.input)
  const signature = yield* Effect.promise(() => crypto.subtle.sign("HMAC", key, payloadOf(signed, digest)))
  return Base64Url.encode(new Uint8Array(signature))
})

/**
 * The signature of a request when a secret is configured (upstream `maybeSignApproval`).
 *
 * @since 0.1.0
 * @category approval
 */
export const maybeSign = (secret: Secret | undefined, signed: Signed): Effect.Effect<string | undefined> =>
  secret == null ? Effect.succeed(undefined) : sign(secret, signed)

/**
 * Verifies a signature (upstream `verifyToolApprovalSignature`). A signature that is not base64
 * does not verify (upstream's `atob` throws there; see docs/divergences.md).
 *
 * @since 0.1.0
 * @category approval
 */
export const verify = Effect.fnUntraced(function*(secret: Secret, signature: string, signed: Signed) {
  // upstream decodes with `atob` after mapping the URL alphabet: both alphabets are accepted
  const decoded = Base64Url.decode(signature.replace(/\+/g, "-").replace(/\//g, "_"))
  if (Result.isFailure(decoded)) return false
  const bytes = bytesOf(decoded.success)
  const key = yield* importKey(secret)
  const digest = yield* hashCanonical(signed.input)
  if (yield* Effect.promise(() => crypto.subtle.verify("HMAC", key, bytes, payloadOf(signed, digest)))) return true
  if (signed.approvalId.includes("\n") || signed.toolCallId.includes("\n") || signed.toolName.includes("\n")) return false
  return yield* Effect.promise(() => crypto.subtle.verify("HMAC", key, bytes, legacyPayloadOf(signed, digest)))
})
