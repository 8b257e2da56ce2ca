/**
 * The test suite's own serializer for differential comparisons. It shares no code with `src/`
 * (no import from it, on purpose): a bug in aimux's wire helpers (`src/cli/internal/wire.ts`,
 * `toJsonValue`) must not be able to change both sides of a comparison at once.
 *
 * - plain data becomes JSON data: `undefined` values and functions dropped (as `JSON.stringify`),
 *   `Date` as its ISO string, `URL` as its href, `Uint8Array` as `{ $bytes: <base64> }`, bigint as
 *   a decimal string, non-finite numbers as `null`;
 * - an error becomes `{ name, message, ...every own enumerable field it sets }` (Effect's `_tag` and
 *   `stack` left out), its `cause` serialized the same way, recursively.
 *
 * Documented divergence kept here and nowhere else: a `AI_TypeValidationError`'s message is cut at
 * `"\nError message:"` and its cause reduced to its presence, because zod and Effect Schema word
 * validation issues differently (docs/divergences.md, "Validation messages").
 */

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null

const isErrorLike = (u: unknown): u is Record<string, unknown> =>
  u instanceof Error || (isRecord(u) && typeof u.message === "string" && typeof u.name === "string")

const bytes = (u: Uint8Array): { readonly $bytes: string } => ({ $bytes: Buffer.from(u).toString("base64") })

/** Any value as comparable JSON data (see the module comment). */
export const wireJson = (value: unknown, seen: Set<object> = new Set()): unknown => {
  switch (typeof value) {
    case "string":
    case "boolean":
      return value
    case "number":
      return Number.isFinite(value) ? value : null
    case "bigint":
      return value.toString()
    case "undefined":
    case "function":
    case "symbol":
      return undefined
  }
  if (value === null) return null
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString()
  if (value instanceof URL) return value.href
  if (value instanceof Uint8Array) return bytes(value)
  if (value instanceof ArrayBuffer) return bytes(new Uint8Array(value))
  if (Array.isArray(value)) {
    if (seen.has(value)) return "[Circular]"
    seen.add(value)
    try {
      return value.map((v: unknown) => wireJson(v, seen) ?? null)
    } finally {
      seen.delete(value)
    }
  }
  if (!isRecord(value)) return String(value)
  if (seen.has(value)) return "[Circular]"
  seen.add(value)
  try {
    if (isErrorLike(value)) return errorJson(value, seen)
    const out: Record<string, unknown> = {}
    for (const [key, v] of Object.entries(value)) {
      const json = wireJson(v, seen)
      if (json !== undefined) out[key] = json
    }
    return out
  } finally {
    seen.delete(value)
  }
}

const skippedErrorKeys = new Set(["_tag", "stack", "name", "message", "cause"])

/** An error as `{ name, message, ...own enumerable fields, cause? }`, every field it sets. */
export const errorJson = (error: unknown, seen: Set<object> = new Set()): unknown => {
  if (!isErrorLike(error)) return wireJson(error, seen)
  const name = String(Reflect.get(error, "name"))
  let message = String(Reflect.get(error, "message"))
  const out: Record<string, unknown> = { name, message }
  for (const [key, v] of Object.entries(error)) {
    if (skippedErrorKeys.has(key)) continue
    const json = wireJson(v, seen)
    if (json !== undefined) out[key] = json
  }
  const cause: unknown = Reflect.get(error, "cause")
  if (name === "AI_TypeValidationError") {
    const cut = message.indexOf("\nError message:")
    if (cut >= 0) message = message.slice(0, cut)
    out.message = message
    if (cause !== undefined) out.cause = "<validator issue>"
  } else if (cause !== undefined) {
    out.cause = seen.has(error) ? wireJson(cause, seen) : errorJson(cause, seen)
  }
  return out
}

/**
 * A V4 or core stream part (or any result object) as comparable JSON; error parts carry
 * {@link errorJson} of their error.
 */
export const partJson = (part: unknown): unknown => wireJson(part)

/** Every part of a list through {@link partJson}. */
export const partsJson = (parts: ReadonlyArray<unknown>): Array<unknown> => parts.map(partJson)

const cliErrorFields = ["statusCode", "isRetryable", "code", "type"] as const

/**
 * The error form the `aimux stream` contract prints (DESIGN.md): `{name, message}` plus any of
 * `statusCode`, `isRetryable`, `code`, `type` the error sets; a non-error payload (a provider's raw
 * error frame) as `{name: "ProviderStreamError" | "Error", message}`. Written from the contract, not
 * from the CLI's code.
 */
export const cliErrorJson = (error: unknown): Record<string, unknown> => {
  if (!isRecord(error)) return { name: "Error", message: String(error) }
  const name: unknown = Reflect.get(error, "name")
  const message: unknown = Reflect.get(error, "message")
  const out: Record<string, unknown> = {
    name: typeof name === "string"
      ? name
      : Reflect.get(error, Symbol.for("vercel.ai.providerStreamError")) === true
      ? "ProviderStreamError"
      : "Error",
    message: typeof message === "string" ? message : JSON.stringify(error)
  }
  for (const field of cliErrorFields) {
    const value: unknown = Reflect.get(error, field)
    if (value !== undefined) out[field] = value
  }
  return out
}

/** A V4 part as the `aimux stream` contract prints it (one JSON line per part). */
export const cliPartJson = (part: unknown): unknown =>
  isRecord(part) && part.type === "error" ? { type: "error", error: cliErrorJson(part.error) } : wireJson(part)
