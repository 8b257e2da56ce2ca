/**
 * JSON values as the V4 contract uses them (`JSONValue`, `JSONObject`).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"

/**
 * Any JSON value.
 *
 * @since 0.1.0
 */
export type JsonValue = Schema.Json

/**
 * A JSON object (`Record<string, JSONValue>`).
 *
 * @since 0.1.0
 */
export type JsonObject = Schema.JsonObject

/**
 * Schema of any JSON value.
 *
 * @since 0.1.0
 */
export const JsonValue: Schema.Codec<Schema.Json> = Schema.Json

/**
 * Schema of a JSON object.
 *
 * @since 0.1.0
 */
export const JsonObject = Schema.JsonObject
