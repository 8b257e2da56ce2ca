/**
 * What the Converse request builder reads of an Anthropic model's
 * capabilities and the JSON Schema sanitizer of native structured output:
 * ports of `getModelCapabilities` and `sanitizeJsonSchema` of the
 * `@ai-sdk/anthropic` 4.0.68 that `@ai-sdk/amazon-bedrock` 5.0.101 nests.
 * That version differs from the 4.0.105 the Anthropic provider ports (model
 * table, `$ref` handling), and a provider may not import another provider,
 * so Bedrock keeps its own copy of the version it runs; the format and
 * constraint tables, the same in both, come from the kit's
 * `SchemaConstraints`.
 *
 * @internal
 */
import { Predicate } from "effect"
import { getConstraintDescription, supportedStringFormats } from "../../kits/anthropic/SchemaConstraints.ts"

/** The capabilities the Bedrock request builder reads. */
export interface Capabilities {
  readonly maxOutputTokens: number
  readonly supportsStructuredOutput: boolean
  readonly supportsAdaptiveThinking: boolean
  readonly rejectsSamplingParameters: boolean
  readonly rejectsForcedToolUse: boolean
}

const caps = (
  maxOutputTokens: number,
  supportsStructuredOutput: boolean,
  supportsAdaptiveThinking: boolean,
  rejectsSamplingParameters: boolean,
  rejectsForcedToolUse: boolean
): Capabilities => ({
  maxOutputTokens,
  supportsStructuredOutput,
  supportsAdaptiveThinking,
  rejectsSamplingParameters,
  rejectsForcedToolUse
})

// In upstream's order: the first matching rule wins.
const rules: ReadonlyArray<readonly [(modelId: string) => boolean, Capabilities]> = [
  [(id) => id.includes("claude-sonnet-5-5"), caps(128000, true, true, true, true)],
  [(id) => id.includes("claude-opus-5-5"), caps(128000, true, true, true, true)],
  [(id) => id.includes("claude-opus-5"), caps(128000, true, true, true, false)],
  [(id) => id.includes("claude-fable-5-1"), caps(128000, true, true, true, true)],
  [(id) => id.includes("claude-fable-5"), caps(128000, true, true, true, false)],
  [
    (id) => id.includes("claude-opus-4-8") || id.includes("claude-opus-4-7") || id.includes("claude-sonnet-5"),
    caps(128000, true, true, true, false)
  ],
  [(id) => id.includes("claude-sonnet-4-6") || id.includes("claude-opus-4-6"), caps(128000, true, true, false, false)],
  [
    (id) => id.includes("claude-sonnet-4-5") || id.includes("claude-opus-4-5") || id.includes("claude-haiku-4-5"),
    caps(64000, true, false, false, false)
  ],
  [(id) => id.includes("claude-opus-4-1"), caps(32000, true, false, false, false)],
  [(id) => /claude-sonnet-4(?:-|@)/.test(id), caps(64000, false, false, false, false)],
  [(id) => /claude-opus-4(?:-|@)/.test(id), caps(32000, false, false, false, false)],
  [(id) => id.includes("claude-3-haiku"), caps(4096, false, false, false, false)],
  [(id) => /claude-(?:instant(?:-|$)|v?2(?=$|[-.:])|3(?=$|[-.]))/.test(id), caps(4096, false, false, false, false)],
  [(id) => id.includes("claude-"), caps(128000, true, true, true, false)]
]

const fallback = caps(4096, false, false, false, false)

/** Upstream `getModelCapabilities` (4.0.68), the fields Bedrock reads. */
export const getModelCapabilities = (modelId: string): Capabilities => {
  for (const [matches, capabilities] of rules) if (matches(modelId)) return capabilities
  return fallback
}

type Schema = Record<string, unknown>

const sanitizeDefinition = (definition: unknown): unknown =>
  typeof definition === "boolean" || !Predicate.isObject(definition) || Array.isArray(definition)
    ? definition
    : sanitizeSchema(definition)

const mapValues = (record: unknown): Schema =>
  Object.fromEntries(
    Object.entries(Predicate.isObject(record) ? record : {}).map(([name, definition]) => [
      name,
      sanitizeDefinition(definition)
    ])
  )

const sanitizeSchema = (schema: Schema): Schema => {
  if (schema["$ref"] != null) return { $ref: schema["$ref"] }
  const result: Schema = {}
  for (const key of ["$schema", "$id", "title", "description"]) if (schema[key] != null) result[key] = schema[key]
  if (schema["default"] !== undefined) result["default"] = schema["default"]
  if (schema["const"] !== undefined) result["const"] = schema["const"]
  if (schema["enum"] != null) result["enum"] = schema["enum"]
  if (schema["type"] != null) result["type"] = schema["type"]
  const anyOf = schema["anyOf"]
  const oneOf = schema["oneOf"]
  if (anyOf != null) result["anyOf"] = Array.isArray(anyOf) ? anyOf.map(sanitizeDefinition) : anyOf
  else if (oneOf != null) result["anyOf"] = Array.isArray(oneOf) ? oneOf.map(sanitizeDefinition) : oneOf
  const allOf = schema["allOf"]
  if (allOf != null) result["allOf"] = Array.isArray(allOf) ? allOf.map(sanitizeDefinition) : allOf
  if (schema["definitions"] != null) result["definitions"] = mapValues(schema["definitions"])
  if (schema["$defs"] != null) result["$defs"] = mapValues(schema["$defs"])
  if (schema["type"] === "object" || schema["properties"] != null) {
    if (schema["properties"] != null) result["properties"] = mapValues(schema["properties"])
    result["additionalProperties"] = false
    if (schema["required"] != null) result["required"] = schema["required"]
  }
  const items = schema["items"]
  if (items != null) result["items"] = Array.isArray(items) ? items.map(sanitizeDefinition) : sanitizeDefinition(items)
  if (typeof schema["format"] === "string" && supportedStringFormats.has(schema["format"])) {
    result["format"] = schema["format"]
  }
  const constraints = getConstraintDescription(schema)
  if (constraints !== undefined) {
    const description = result["description"]
    result["description"] = description == null ? constraints : `${String(description)}\n${constraints}`
  }
  return result
}

/** Upstream `sanitizeJsonSchema` (4.0.68): drops keywords Anthropic's constrained decoder rejects. */
export const sanitizeJsonSchema = (schema: Schema): Schema => sanitizeSchema(schema)
