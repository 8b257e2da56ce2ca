/**
 * The JSON form `aimux stream` prints: a V4 part as its wire JSON, with an
 * `error` part's error (and a failure) as `{name, message, ...}` carrying any
 * `statusCode`, `isRetryable`, `code`, `type`.
 *
 * @internal
 */
import { isProviderStreamError } from "../../contract/errors/ProviderStreamError.ts"
import type { StreamPart } from "../../contract/StreamPart.ts"

const errorFields = ["statusCode", "isRetryable", "code", "type"] as const

/**
 * An error as a JSON object: `name` (`ProviderStreamError` for provider
 * stream payloads), `message`, then the defined fields of `errorFields`.
 *
 * @internal
 */
export const errorToJson = (error: unknown): Record<string, unknown> => {
  if (typeof error !== "object" || error === null) return { name: "Error", message: String(error) }
  const name: unknown = Reflect.get(error, "name")
  const message: unknown = Reflect.get(error, "message")
  const out: Record<string, unknown> = {
    name: typeof name === "string" ? name : isProviderStreamError(error) ? "ProviderStreamError" : "Error",
    message: typeof message === "string" ? message : JSON.stringify(error)
  }
  for (const field of errorFields) {
    const value: unknown = Reflect.get(error, field)
    if (value !== undefined) out[field] = value
  }
  return out
}

/**
 * A part as wire JSON (Dates become ISO strings through `JSON.stringify`).
 *
 * @internal
 */
export const partToJson = (part: StreamPart): unknown =>
  JSON.parse(JSON.stringify(part.type === "error" ? { type: "error", error: errorToJson(part.error) } : part))
