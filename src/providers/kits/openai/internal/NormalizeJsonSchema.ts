/**
 * Port of upstream `normalizeOpenAIJsonSchema`: removes `propertyNames` and
 * lookaround `pattern`s (with compatibility warnings) and rewrites singleton
 * `allOf` references, keeping every other key and its order.
 *
 * @internal
 */
import { Result } from "effect"
import { UnsupportedFunctionalityError } from "../../../../contract/errors/UnsupportedFunctionalityError.ts"
import type { Warning } from "../../../../contract/Warning.ts"

type JsonSchema = { [key: string]: unknown }

const isSchemaObject = (u: unknown): u is JsonSchema => typeof u === "object" && u !== null && !Array.isArray(u)

const containsRegexLookaround = (pattern: string): boolean => {
  let escaped = false
  let inCharacterClass = false
  for (let index = 0; index < pattern.length; index++) {
    const character = pattern[index]
    if (escaped) {
      escaped = false
      continue
    }
    if (character === "\\") {
      escaped = true
      continue
    }
    if (character === "[") {
      inCharacterClass = true
      continue
    }
    if (character === "]") {
      inCharacterClass = false
      continue
    }
    if (!inCharacterClass && character === "(" && pattern[index + 1] === "?") {
      const prefix = pattern[index + 2]
      if (prefix === "=" || prefix === "!") return true
      if (prefix === "<" && (pattern[index + 3] === "=" || pattern[index + 3] === "!")) return true
    }
  }
  return false
}

class Unsupported {
  readonly error: UnsupportedFunctionalityError
  constructor(error: UnsupportedFunctionalityError) {
    this.error = error
  }
}

/**
 * Normalizes a JSON Schema for OpenAI structured outputs.
 *
 * @internal
 */
export const normalizeOpenAIJsonSchema = (
  schema: JsonSchema
): Result.Result<{ readonly schema: JsonSchema; readonly warnings: Array<Warning> }, UnsupportedFunctionalityError> => {
  let removedPropertyNames = false
  let removedLookaroundPattern = false
  let failure: Unsupported | undefined

  const normalizeDefinition = (definition: unknown): unknown =>
    isSchemaObject(definition) ? normalizeSchema(definition, false) : definition

  const normalizeRecord = (record: unknown): unknown =>
    isSchemaObject(record)
      ? Object.fromEntries(Object.entries(record).map(([key, value]) => [key, normalizeDefinition(value)]))
      : record

  const getSingletonReference = (s: JsonSchema): string | undefined => {
    const allOf = s.allOf
    if (!Array.isArray(allOf) || allOf.length !== 1) return undefined
    const [first] = allOf
    return isSchemaObject(first) && Object.keys(first).length === 1 && typeof first.$ref === "string"
      ? first.$ref
      : undefined
  }

  const getLocalReferenceSchema = (reference: string, s: JsonSchema): JsonSchema | undefined => {
    const match = /^#\/(definitions|\$defs)\/(.+)$/.exec(reference)
    if (match == null) return undefined
    const name = match[2].replace(/~1/g, "/").replace(/~0/g, "~")
    const container = match[1] === "definitions" ? s.definitions : s.$defs
    const definition = isSchemaObject(container) ? container[name] : undefined
    return isSchemaObject(definition) ? definition : undefined
  }

  const normalizeSchema = (s: JsonSchema, isRoot: boolean): JsonSchema => {
    const propertyNames = s.propertyNames
    if (propertyNames != null) {
      if (
        typeof propertyNames === "boolean" ||
        (isSchemaObject(propertyNames) && propertyNames.type != null && propertyNames.type !== "string")
      ) {
        failure ??= new Unsupported(
          new UnsupportedFunctionalityError({
            functionality: "JSON Schema propertyNames that does not use a string schema"
          })
        )
        return s
      }
      removedPropertyNames = true
    }
    const normalized: JsonSchema = { ...s }
    delete normalized.propertyNames
    if (typeof normalized.pattern === "string" && containsRegexLookaround(normalized.pattern)) {
      delete normalized.pattern
      removedLookaroundPattern = true
    }
    for (const key of ["properties", "patternProperties"] as const) {
      if (normalized[key] != null) normalized[key] = normalizeRecord(normalized[key])
    }
    for (const key of ["additionalProperties", "additionalItems"] as const) {
      if (normalized[key] != null) normalized[key] = normalizeDefinition(normalized[key])
    }
    if (normalized.items != null) {
      normalized.items = Array.isArray(normalized.items)
        ? normalized.items.map(normalizeDefinition)
        : normalizeDefinition(normalized.items)
    }
    for (const key of ["contains", "not"] as const) {
      if (normalized[key] != null) normalized[key] = normalizeDefinition(normalized[key])
    }
    for (const key of ["allOf", "anyOf", "oneOf"] as const) {
      const value = normalized[key]
      if (Array.isArray(value)) normalized[key] = value.map(normalizeDefinition)
    }
    for (const key of ["definitions", "$defs"] as const) {
      if (normalized[key] != null) normalized[key] = normalizeRecord(normalized[key])
    }
    const dependencies = normalized.dependencies
    if (isSchemaObject(dependencies)) {
      normalized.dependencies = Object.fromEntries(
        Object.entries(dependencies).map((
          [key, dependency]
        ) => [key, Array.isArray(dependency) ? dependency : normalizeDefinition(dependency)])
      )
    }
    for (const key of ["if", "then", "else"] as const) {
      if (normalized[key] != null) normalized[key] = normalizeDefinition(normalized[key])
    }
    const reference = getSingletonReference(normalized)
    if (reference == null) return normalized
    const { allOf: _allOf, ...withoutAllOf } = normalized
    if (!isRoot) return { ...withoutAllOf, $ref: reference }
    const referenced = getLocalReferenceSchema(reference, normalized)
    return referenced == null ? normalized : { ...referenced, ...withoutAllOf }
  }

  const normalizedSchema = normalizeSchema(schema, true)
  if (failure !== undefined) return Result.fail(failure.error)

  const warnings: Array<Warning> = []
  if (removedPropertyNames) {
    warnings.push({
      type: "compatibility",
      feature: "JSON Schema propertyNames",
      details:
        "OpenAI does not support JSON Schema propertyNames. It was removed before sending the schema, so OpenAI will not enforce property-name constraints."
    })
  }
  if (removedLookaroundPattern) {
    warnings.push({
      type: "compatibility",
      feature: "JSON Schema pattern with regex lookaround",
      details:
        "OpenAI does not support regex lookaround in JSON Schema patterns. The pattern was removed before sending the schema, so OpenAI will not enforce that constraint."
    })
  }
  return Result.succeed({ schema: normalizedSchema, warnings })
}
