/**
 * JSON values as the V4 contract uses them (`JSONValue`, `JSONObject`), and the JSON form of
 * values the contract leaves `unknown`.
 *
 * Upstream's `JSONObject` is `{ [key]: JSONValue | undefined }`: providers routinely put
 * `undefined` into provider metadata and options. These schemas accept that in memory; the JSON
 * form drops such keys, as `JSON.stringify` does.
 *
 * @since 0.1.0
 */
import { Schema, SchemaGetter } from "effect"

/**
 * Any JSON value (`JSONValue`): objects may hold `undefined` values, as upstream allows.
 *
 * @since 0.1.0
 * @category models
 */
export type JsonValue = null | string | number | boolean | JsonObject | JsonArray

/**
 * A JSON array.
 *
 * @since 0.1.0
 * @category models
 */
export interface JsonArray extends ReadonlyArray<JsonValue> {}

/**
 * A JSON object (`JSONObject`, `Record<string, JSONValue | undefined>`).
 *
 * @since 0.1.0
 * @category models
 */
export interface JsonObject {
  readonly [key: string]: JsonValue | undefined
}

/**
 * A JSON value other than `null` (`NonNullable<JSONValue>`, e.g. a provider tool result).
 *
 * @since 0.1.0
 * @category models
 */
export type NonNullJsonValue = string | number | boolean | JsonObject | JsonArray

const isPlainObject = (u: unknown): u is Readonly<Record<string, unknown>> => {
  if (typeof u !== "object" || u === null || Array.isArray(u)) return false
  const proto = Object.getPrototypeOf(u)
  return proto === Object.prototype || proto === null
}

/**
 * True for a JSON value as upstream types it (plain objects and arrays; `undefined` object values).
 *
 * @since 0.1.0
 * @category guards
 */
export const isJsonValue = (u: unknown): u is JsonValue => {
  // iterative: a value from the wire may nest 10^5 deep (issue 31)
  const pending: Array<unknown> = [u]
  while (pending.length > 0) {
    const v = pending.pop()
    switch (typeof v) {
      case "string":
      case "number":
      case "boolean":
        continue
      case "object": {
        if (v === null) continue
        if (Array.isArray(v)) {
          // forEach skips holes, as `every` did
          v.forEach((item) => pending.push(item))
          continue
        }
        if (!isPlainObject(v)) return false
        for (const key in v) {
          const item = v[key]
          if (item !== undefined) pending.push(item)
        }
        continue
      }
      default:
        return false
    }
  }
  return true
}

/**
 * True for a JSON object as upstream types it.
 *
 * @since 0.1.0
 * @category guards
 */
export const isJsonObject = (u: unknown): u is JsonObject => isPlainObject(u) && isJsonValue(u)

const bytesToBase64 = (bytes: Uint8Array): string => {
  let binary = ""
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  }
  return btoa(binary)
}

/**
 * The JSON form of any value: what `JSON.stringify` writes (objects drop `undefined`, functions
 * and symbols; `Date` and `URL` become strings through `toJSON`; non-finite numbers become
 * `null`), except that a `Uint8Array` becomes its base64 string, a `bigint` its decimal string,
 * and an `Error` the object `{ name, message, ...its own enumerable fields }` (no `stack`),
 * so error parts print as `{ name, message, statusCode, ... }`.
 *
 * @since 0.1.0
 * @category converting
 */
export const toJsonValue = (u: unknown): Schema.Json => {
  // iterative (a value from the wire may nest 10^5 deep, issue 31): each pending value has the
  // setter of its slot; object keys are reserved in order before their values are converted
  let result: Schema.Json = null
  const pending: Array<{ readonly value: unknown; readonly set: (json: Schema.Json) => void }> = [
    { value: u, set: (json) => (result = json) }
  ]
  const members = (out: Record<string, Schema.Json>, entries: ReadonlyArray<readonly [string, unknown]>): void => {
    for (const [key, v] of entries) {
      if (v === undefined || typeof v === "function" || typeof v === "symbol") continue
      out[key] = null
      pending.push({ value: v, set: (json) => (out[key] = json) })
    }
  }
  while (pending.length > 0) {
    const item = pending.pop()
    if (item === undefined) break
    const { set, value: v } = item
    switch (typeof v) {
      case "string":
      case "boolean":
        set(v)
        break
      case "number":
        set(Number.isFinite(v) ? v : null)
        break
      case "bigint":
        set(v.toString())
        break
      case "object": {
        if (v === null) set(null)
        else if (Array.isArray(v)) {
          const out: Array<Schema.Json> = v.map(() => null)
          set(out)
          v.forEach((x, i) => {
            if (x !== undefined && typeof x !== "function") pending.push({ value: x, set: (json) => (out[i] = json) })
          })
        } else if (v instanceof Uint8Array) set(bytesToBase64(v))
        else if (v instanceof Error) {
          const out: Record<string, Schema.Json> = { name: v.name, message: v.message }
          set(out)
          members(out, Object.entries(v).filter(([key]) => key !== "stack"))
        } else if ("toJSON" in v && typeof v.toJSON === "function") pending.push({ value: v.toJSON(), set })
        else {
          const out: Record<string, Schema.Json> = {}
          set(out)
          members(out, Object.entries(v))
        }
        break
      }
      default:
        set(null)
    }
  }
  return result
}

const jsonLink = <T>() =>
  Schema.link<T>()(Schema.Json, {
    decode: SchemaGetter.passthrough({ strict: false }),
    encode: SchemaGetter.transform(toJsonValue)
  })

/**
 * Schema of any JSON value (in memory objects may hold `undefined`; the JSON form drops those keys).
 *
 * @since 0.1.0
 * @category schemas
 */
export const JsonValue = Schema.declare(isJsonValue, {
  expected: "JSON value",
  toCodecJson: () => jsonLink<JsonValue>()
})

/**
 * Schema of a JSON value other than `null`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const NonNullJsonValue = Schema.declare(
  (u: unknown): u is NonNullJsonValue => u !== null && isJsonValue(u),
  { expected: "non-null JSON value", toCodecJson: () => jsonLink<NonNullJsonValue>() }
)

/**
 * Schema of a JSON object.
 *
 * @since 0.1.0
 * @category schemas
 */
export const JsonObject = Schema.declare(isJsonObject, {
  expected: "JSON object",
  toCodecJson: () => jsonLink<JsonObject>()
})

/**
 * Schema of a value the contract leaves `unknown` (raw chunks, error parts, request and response
 * bodies, prompt tool-call inputs). Any value decodes; the JSON form is {@link toJsonValue}.
 *
 * @since 0.1.0
 * @category schemas
 */
export const UnknownValue = Schema.declare((_u: unknown): _u is unknown => true, {
  expected: "unknown",
  toCodecJson: () => jsonLink<unknown>()
})

/**
 * Schema of an object with unknown values (`Record<string, unknown>`: JSON Schema documents,
 * provider tool args). The JSON form is {@link toJsonValue}.
 *
 * @since 0.1.0
 * @category schemas
 */
export const UnknownRecord = Schema.declare(
  (u: unknown): u is { readonly [key: string]: unknown } => isPlainObject(u),
  { expected: "object", toCodecJson: () => jsonLink<{ readonly [key: string]: unknown }>() }
)
