import * as WireJson from "../../../runtime/WireJson.ts"
/**
 * What Anthropic's constrained decoder accepts of a JSON Schema's string
 * formats and constraints, and the description sentence the rest becomes:
 * the tables and `getConstraintDescription` of upstream
 * `sanitize-json-schema.ts`, the same in the 4.0.105 the kit ports and the
 * 4.0.68 that Bedrock's Converse provider runs (their sanitizers differ
 * elsewhere, so each keeps its own).
 *
 * @since 0.1.0
 */

/**
 * The string `format`s kept in the sanitized schema.
 *
 * @since 0.1.0
 * @category constants
 */
export const supportedStringFormats: ReadonlySet<string> = new Set([
  "date-time",
  "time",
  "date",
  "duration",
  "email",
  "hostname",
  "uri",
  "ipv4",
  "ipv6",
  "uuid"
])

/**
 * The keywords moved from the schema into its description, in that order.
 *
 * @since 0.1.0
 * @category constants
 */
export const descriptionConstraintKeys: ReadonlyArray<string> = [
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minLength",
  "maxLength",
  "pattern",
  "minItems",
  "maxItems",
  "uniqueItems",
  "minProperties",
  "maxProperties",
  "not"
]

const formatConstraintName = (key: string): string => key.replace(/[A-Z]/g, (match) => ` ${match.toLowerCase()}`)

const formatConstraintValue = (value: unknown): string => typeof value === "string" ? value : String(WireJson.render(value))

/**
 * The schema's constraints and unsupported format as one sentence
 * (`"minimum: 1; format: int32."`), or `undefined` when it has none.
 *
 * @since 0.1.0
 * @category getters
 */
export const getConstraintDescription = (schema: { readonly [key: string]: unknown }): string | undefined => {
  const descriptions: Array<string> = []
  for (const key of descriptionConstraintKeys) {
    const value = schema[key]
    if (value == null || value === false) continue
    descriptions.push(`${formatConstraintName(key)}: ${formatConstraintValue(value)}`)
  }
  const format = schema["format"]
  if (typeof format === "string" && !supportedStringFormats.has(format)) descriptions.push(`format: ${format}`)
  return descriptions.length === 0 ? undefined : `${descriptions.join("; ")}.`
}
