/**
 * JSON schemas for Anthropic's native structured outputs
 * (`output_config.format`): whether a schema can be sent natively
 * (upstream `supports-native-structured-output-schema.ts` and
 * `has-circular-schema-reference.ts`) and the schema relaxed to what the API
 * accepts (upstream `sanitize-json-schema.ts`).
 *
 * @since 0.1.0
 */
import { Predicate, Result } from "effect"
import { getConstraintDescription, supportedStringFormats } from "../SchemaConstraints.ts"

type SchemaRecord = { readonly [key: string]: unknown }

// Anthropic rejects schemas with more than 24 optional properties in total,
// and grammar compilation fails earlier as optional properties add up.
const MAX_OPTIONAL_PROPERTIES = 10

const SUBSCHEMA_KEYWORDS = ["additionalProperties", "contains", "else", "if", "items", "not", "then"]
const SUBSCHEMA_LIST_KEYWORDS = ["allOf", "anyOf", "oneOf", "prefixItems"]
const SUBSCHEMA_MAP_KEYWORDS = ["dependentSchemas", "patternProperties", "properties"]

// Keywords whose values are maps of name -> schema rather than a schema.
const SCHEMA_MAP_KEYWORDS = new Set(SUBSCHEMA_MAP_KEYWORDS)
// Keywords holding instance data, which can contain a literal `$ref` key.
const DATA_KEYWORDS = new Set(["const", "default", "enum", "examples"])

/**
 * The value a local JSON pointer (`#`, `#/definitions/Node`) designates in
 * the schema, or `undefined`.
 *
 * @since 0.1.0
 */
export const resolveSchemaPointer = (schema: SchemaRecord, pointer: string): unknown => {
  if (pointer === "#") return schema
  if (!pointer.startsWith("#/")) return undefined
  let decoded: string
  try {
    decoded = decodeURIComponent(pointer.slice(2))
  } catch {
    return undefined
  }
  let current: unknown = schema
  for (const rawSegment of decoded.split("/")) {
    const segment = rawSegment.replace(/~1/g, "/").replace(/~0/g, "~")
    if (Array.isArray(current)) current = current[Number(segment)]
    else if (Predicate.isObject(current)) current = current[segment]
    else return undefined
  }
  return current
}

const collectLocalRefs = (node: unknown, refs: Array<string> = []): Array<string> => {
  if (Array.isArray(node)) {
    for (const item of node) collectLocalRefs(item, refs)
    return refs
  }
  if (!Predicate.isObject(node)) return refs
  for (const [key, value] of Object.entries(node)) {
    if (key === "$ref") {
      if (typeof value === "string" && value.startsWith("#")) refs.push(value)
    } else if (SCHEMA_MAP_KEYWORDS.has(key) && Predicate.isObject(value)) {
      for (const subschema of Object.values(value)) collectLocalRefs(subschema, refs)
    } else if (key !== "$defs" && key !== "definitions" && !DATA_KEYWORDS.has(key)) {
      // definitions are only reached through a `$ref`
      collectLocalRefs(value, refs)
    }
  }
  return refs
}

/**
 * Whether the schema holds a cycle of local `$ref`s (a tree node whose
 * children reference the node): native structured outputs reject those.
 *
 * @since 0.1.0
 */
export const hasCircularSchemaReference = (schema: SchemaRecord): boolean => {
  const visiting = new Set<string>()
  const visited = new Set<string>()
  const visit = (pointer: string): boolean => {
    if (visiting.has(pointer)) return true
    if (visited.has(pointer)) return false
    const target = resolveSchemaPointer(schema, pointer)
    if (target === undefined) return false
    visiting.add(pointer)
    const isCircular = collectLocalRefs(target).some(visit)
    visiting.delete(pointer)
    visited.add(pointer)
    return isCircular
  }
  return visit("#")
}

interface SchemaStats {
  optionalProperties: number
  hasOpenObject: boolean
}

const isOpenObject = (node: SchemaRecord): boolean => {
  const { additionalProperties, patternProperties, properties, type } = node
  if (additionalProperties === true || Predicate.isObject(additionalProperties)) return true
  if (Predicate.isObject(patternProperties) && Object.keys(patternProperties).length > 0) return true
  const isObjectType = type === "object" || (Array.isArray(type) && type.includes("object"))
  return isObjectType && properties == null && additionalProperties !== false
}

const getSchemaStats = (node: unknown, root: SchemaRecord, refStats: Map<string, SchemaStats>): SchemaStats => {
  const stats: SchemaStats = { optionalProperties: 0, hasOpenObject: false }
  if (!Predicate.isObject(node)) return stats
  const add = (child: unknown): void => {
    const childStats = getSchemaStats(child, root, refStats)
    stats.optionalProperties += childStats.optionalProperties
    stats.hasOpenObject ||= childStats.hasOpenObject
  }
  // references are counted at every use; the schema has no cycles here
  const ref = node["$ref"]
  if (typeof ref === "string" && ref.startsWith("#")) {
    let resolved = refStats.get(ref)
    if (resolved == null) {
      resolved = getSchemaStats(resolveSchemaPointer(root, ref), root, refStats)
      refStats.set(ref, resolved)
    }
    stats.optionalProperties += resolved.optionalProperties
    stats.hasOpenObject ||= resolved.hasOpenObject
  }
  if (isOpenObject(node)) stats.hasOpenObject = true
  const properties = node["properties"]
  if (Predicate.isObject(properties)) {
    const requiredList = node["required"]
    const required = new Set<unknown>(Array.isArray(requiredList) ? requiredList : [])
    stats.optionalProperties += Object.keys(properties).filter((name) => !required.has(name)).length
  }
  for (const keyword of SUBSCHEMA_KEYWORDS) {
    const value = node[keyword]
    if (Array.isArray(value)) value.forEach(add)
    else add(value)
  }
  for (const keyword of SUBSCHEMA_LIST_KEYWORDS) {
    const value = node[keyword]
    if (Array.isArray(value)) value.forEach(add)
  }
  for (const keyword of SUBSCHEMA_MAP_KEYWORDS) {
    const value = node[keyword]
    if (Predicate.isObject(value)) Object.values(value).forEach(add)
  }
  return stats
}

/**
 * Whether native structured outputs can represent the schema without
 * rejecting it or losing data: no `$ref` cycles, no open objects (maps and
 * free-form objects, which the API closes), at most 10 optional properties.
 *
 * @since 0.1.0
 */
export const supportsNativeStructuredOutputSchema = (schema: SchemaRecord): boolean => {
  if (hasCircularSchemaReference(schema)) return false
  const { hasOpenObject, optionalProperties } = getSchemaStats(schema, schema, new Map())
  return !hasOpenObject && optionalProperties <= MAX_OPTIONAL_PROPERTIES
}

// Upstream calls `.map` on the combinator keywords: a non-array there throws
// a TypeError. The first such keyword is recorded and the sanitized schema
// is discarded, so the caller can fail the request instead.
interface Context {
  malformed: string | undefined
}

const mapList = (value: unknown, keyword: string, ctx: Context): Array<unknown> => {
  if (Array.isArray(value)) return value.map((definition) => sanitizeDefinition(definition, ctx))
  ctx.malformed ??= `schema.${keyword}.map is not a function`
  return []
}

const sanitizeAll = (definitions: unknown, ctx: Context): { [key: string]: unknown } =>
  Object.fromEntries(
    Object.entries(Object(definitions)).map(([name, definition]) => [name, sanitizeDefinition(definition, ctx)])
  )

const sanitizeSchemaDefinitions = (schema: SchemaRecord, ctx: Context): { [key: string]: unknown } => ({
  ...(schema["definitions"] != null && { definitions: sanitizeAll(schema["definitions"], ctx) }),
  ...(schema["$defs"] != null && { $defs: sanitizeAll(schema["$defs"], ctx) })
})

const sanitizeDefinition = (definition: unknown, ctx: Context): unknown =>
  typeof definition === "boolean" || !Predicate.isObject(definition) ? definition : sanitizeSchema(definition, ctx)

const sanitizeSchema = (schema: SchemaRecord, ctx: Context): { [key: string]: unknown } => {
  // keep the definitions next to a `$ref` so a top-level reference still resolves
  if (schema["$ref"] != null) return { $ref: schema["$ref"], ...sanitizeSchemaDefinitions(schema, ctx) }
  const result: { [key: string]: unknown } = {}
  if (schema["$schema"] != null) result["$schema"] = schema["$schema"]
  if (schema["$id"] != null) result["$id"] = schema["$id"]
  if (schema["title"] != null) result["title"] = schema["title"]
  if (schema["description"] != null) result["description"] = schema["description"]
  if (schema["default"] !== undefined) result["default"] = schema["default"]
  if (schema["const"] !== undefined) result["const"] = schema["const"]
  if (schema["enum"] != null) result["enum"] = schema["enum"]
  if (schema["type"] != null) result["type"] = schema["type"]
  if (schema["anyOf"] != null) result["anyOf"] = mapList(schema["anyOf"], "anyOf", ctx)
  else if (schema["oneOf"] != null) result["anyOf"] = mapList(schema["oneOf"], "oneOf", ctx)
  if (schema["allOf"] != null) result["allOf"] = mapList(schema["allOf"], "allOf", ctx)
  Object.assign(result, sanitizeSchemaDefinitions(schema, ctx))
  if (schema["type"] === "object" || schema["properties"] != null) {
    if (schema["properties"] != null) result["properties"] = sanitizeAll(schema["properties"], ctx)
    result["additionalProperties"] = false
    if (schema["required"] != null) result["required"] = schema["required"]
  }
  const items = schema["items"]
  if (items != null) {
    result["items"] = Array.isArray(items)
      ? items.map((definition) => sanitizeDefinition(definition, ctx))
      : sanitizeDefinition(items, ctx)
  }
  const format = schema["format"]
  if (typeof format === "string" && supportedStringFormats.has(format)) result["format"] = format
  const constraintDescription = getConstraintDescription(schema)
  if (constraintDescription != null) {
    const description = result["description"]
    result["description"] = description == null ? constraintDescription : `${String(description)}\n${constraintDescription}`
  }
  return result
}

/**
 * The schema without the keywords Anthropic rejects in
 * `output_config.format.schema`: objects closed (`additionalProperties:
 * false`), `oneOf` sent as `anyOf`, unsupported string formats and numeric,
 * length and count constraints moved into the `description`. The original
 * schema still validates the result; this only relaxes what the API's
 * constrained decoder sees. A combinator keyword (`anyOf`, `oneOf`, `allOf`)
 * that is not an array is a failure (upstream's TypeError message).
 *
 * @since 0.1.0
 */
export const sanitizeJsonSchema = (schema: SchemaRecord): Result.Result<{ [key: string]: unknown }, string> => {
  const ctx: Context = { malformed: undefined }
  const sanitized = sanitizeSchema(schema, ctx)
  return ctx.malformed === undefined ? Result.succeed(sanitized) : Result.fail(ctx.malformed)
}
