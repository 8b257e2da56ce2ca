/**
 * The JSON Schema sent to providers for a tool input, derived from an Effect Schema so that it
 * matches what upstream sends for the equivalent Zod schema (`asSchema(zodSchema).jsonSchema`,
 * zod 4 `toJSONSchema` with target draft-7).
 *
 * Derivation: `Schema.toRepresentation` (the schema's encoded side, i.e. the JSON the model must
 * produce) compiled by effect's JSON Schema compiler with `onExcessProperty: "error"` (zod objects
 * are closed), then normalized to zod's draft-7 shape:
 * - optional keys (`Schema.optional`) lose the `undefined` member that effect renders as `null`;
 * - plain numbers lose the `"NaN" | "Infinity" | "-Infinity"` string branch effect adds;
 * - `nullable` of a simple type becomes `type: [T, "null"]`, as zod writes it;
 * - one-value enums become `const`; records get `propertyNames: {type: "string"}`;
 * - tuples use draft-7 `items: [...]`; the root gets `$schema` draft-07.
 * Remaining differences are listed in `docs/divergences.md`.
 *
 * @since 0.1.0
 */
import { Effect, JsonSchema, Schema, SchemaRepresentation } from "effect"
import type { JsonSchema7 } from "../contract/CallOptions.ts"
import type { InputSchema } from "./Tool.ts"
import { isJsonSchemaInput } from "./Tool.ts"

/**
 * Upstream's schema for a tool without an input schema (`asSchema(undefined)`).
 *
 * @since 0.1.0
 * @category constructors
 */
export const emptyObjectJsonSchema: JsonSchema7 = { type: "object", properties: {}, additionalProperties: false }

const DRAFT_07 = "http://json-schema.org/draft-07/schema#"

type Json = JsonSchema.JsonSchema

const isRecord = (u: unknown): u is Record<string, unknown> =>
  typeof u === "object" && u !== null && !Array.isArray(u)

// -- representation pass: drop the `undefined` member of optional keys -----------------------

const withoutUndefined = (
  rep: SchemaRepresentation.Representation
): SchemaRepresentation.Representation => {
  if (rep._tag !== "Union") return rep
  const types = rep.types.filter((t) => t._tag !== "Undefined")
  if (types.length === rep.types.length) return rep
  const [first] = types
  if (types.length === 1 && first !== undefined && rep.checks.length === 0 && rep.annotations === undefined) {
    return first
  }
  return { ...rep, types }
}

const normalizeRepresentation = (
  rep: SchemaRepresentation.Representation,
  seen: Map<SchemaRepresentation.Representation, SchemaRepresentation.Representation>
): SchemaRepresentation.Representation => {
  const cached = seen.get(rep)
  if (cached !== undefined) return cached
  switch (rep._tag) {
    case "Objects": {
      const out: SchemaRepresentation.Objects = {
        ...rep,
        propertySignatures: rep.propertySignatures.map((ps) => ({
          ...ps,
          type: normalizeRepresentation(ps.isOptional ? withoutUndefined(ps.type) : ps.type, seen)
        })),
        indexSignatures: rep.indexSignatures.map((is) => ({
          parameter: is.parameter,
          type: normalizeRepresentation(is.type, seen)
        }))
      }
      seen.set(rep, out)
      return out
    }
    case "Arrays": {
      const out: SchemaRepresentation.Arrays = {
        ...rep,
        elements: rep.elements.map((e) => ({
          ...e,
          type: normalizeRepresentation(e.isOptional ? withoutUndefined(e.type) : e.type, seen)
        })),
        rest: rep.rest.map((r) => normalizeRepresentation(r, seen))
      }
      seen.set(rep, out)
      return out
    }
    case "Union": {
      const out: SchemaRepresentation.Union = { ...rep, types: rep.types.map((t) => normalizeRepresentation(t, seen)) }
      seen.set(rep, out)
      return out
    }
    default:
      return rep
  }
}

// -- JSON Schema pass: zod draft-7 shape -----------------------------------------------------

const isNonFiniteNumberBranch = (u: unknown): boolean =>
  isRecord(u) && u.type === "string" && Array.isArray(u.enum) && u.enum.length === 3 &&
  u.enum.includes("NaN") && u.enum.includes("Infinity") && u.enum.includes("-Infinity") &&
  Object.keys(u).length === 2

const isSimpleType = (u: unknown): u is { type: string } =>
  isRecord(u) && typeof u.type === "string" && Object.keys(u).length === 1

const normalizeJson = (schema: unknown): unknown => {
  if (Array.isArray(schema)) return schema.map(normalizeJson)
  if (!isRecord(schema)) return schema
  let out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(schema)) {
    if (key === "properties" || key === "$defs" || key === "definitions" || key === "patternProperties") {
      out[key] = isRecord(value)
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalizeJson(v)]))
        : value
    } else if (key === "enum" || key === "const" || key === "default" || key === "examples" || key === "required") {
      out[key] = value
    } else {
      out[key] = normalizeJson(value)
    }
  }
  if (Array.isArray(out.anyOf)) {
    const branches = out.anyOf.filter((b) => !isNonFiniteNumberBranch(b))
    const { anyOf: _, ...rest } = out
    const [only] = branches
    if (branches.length === 1 && isRecord(only) && Object.keys(only).every((k) => !(k in rest))) {
      out = { ...only, ...rest }
    } else if (branches.length > 1 && branches.every(isSimpleType) && !("type" in rest)) {
      // zod writes unions of bare primitive types (incl. nullable) as a type list
      const types = branches.map((b) => b.type)
      out = new Set(types).size === types.length ? { type: types, ...rest } : { anyOf: branches, ...rest }
    } else {
      out = { anyOf: branches, ...rest }
    }
  }
  if (Array.isArray(out.enum) && out.enum.length === 1 && !("const" in out)) {
    const { enum: values, ...rest } = out
    out = { ...rest, const: values[0] }
  }
  // `Schema.Struct({})` compiles to "anything but null"; zod's `z.object({})` is a closed empty object
  if (Object.keys(out).length === 1 && isRecord(out.not) && Object.keys(out.not).length === 1 && out.not.type === "null") {
    out = { type: "object", properties: {}, additionalProperties: false }
  }
  // draft-7 tuples: zod closes them with `additionalItems: false`
  if (Array.isArray(out.items) && out.maxItems === out.items.length && !("additionalItems" in out)) {
    out = { ...out, additionalItems: false }
  }
  if (out.type === "object" && out.properties === undefined && isRecord(out.additionalProperties)) {
    if (!("propertyNames" in out)) out = { ...out, propertyNames: { type: "string" } }
  }
  return orderKeys(out)
}

// zod's key order for the keywords whose position differs in effect's output (providers send
// the schema as JSON text, so the order is visible on the wire)
const keyOrder = [
  "$schema",
  "type",
  "properties",
  "required",
  "description",
  "definitions",
  "propertyNames",
  "additionalProperties",
  "items",
  "additionalItems",
  "minItems",
  "maxItems"
]

const orderKeys = (schema: Record<string, unknown>): Record<string, unknown> => {
  const out: Record<string, unknown> = {}
  for (const key of keyOrder) if (key in schema) out[key] = schema[key]
  for (const [key, value] of Object.entries(schema)) if (!(key in out)) out[key] = value
  return out
}

const renameRefs = (u: unknown, names: ReadonlyMap<string, string>): unknown => {
  if (Array.isArray(u)) return u.map((v) => renameRefs(v, names))
  if (!isRecord(u)) return u
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(u)) {
    if (key === "$ref" && typeof value === "string" && value.startsWith("#/definitions/")) {
      const name = value.slice("#/definitions/".length)
      out[key] = `#/definitions/${names.get(name) ?? name}`
    } else if (key === "enum" || key === "const" || key === "default" || key === "examples") {
      out[key] = value
    } else {
      out[key] = renameRefs(value, names)
    }
  }
  return out
}

const fromEffectSchema = (schema: Schema.Decoder<unknown>): JsonSchema7 => {
  // zod inlines every non-recursive schema (upstream does not extract `$ref`s for reuse)
  const representation = Schema.toRepresentation(schema, { referencePolicy: () => undefined })
  const seen = new Map<SchemaRepresentation.Representation, SchemaRepresentation.Representation>()
  const references: Record<string, SchemaRepresentation.Representation> = {}
  for (const [ref, rep] of Object.entries(representation.references)) {
    references[ref] = normalizeRepresentation(rep, seen)
  }
  const document = SchemaRepresentation.toJsonSchemaDocument(
    { representation: normalizeRepresentation(representation.representation, seen), references },
    { onExcessProperty: "error" }
  )
  const draft07 = JsonSchema.toDocumentDraft07(document)
  // recursive schemas are the only definitions left; zod names them `__schema<n>`
  const names = new Map(Object.keys(draft07.definitions).map((name, i) => [name, `__schema${i}`]))
  const renamed = (u: unknown): unknown => renameRefs(u, names)
  const root = renamed(normalizeJson(draft07.schema))
  const out: Record<string, unknown> = { $schema: DRAFT_07, ...(isRecord(root) ? root : {}) }
  if (names.size > 0) {
    const definitions: Record<string, unknown> = {}
    for (const [name, schema] of Object.entries(draft07.definitions)) {
      definitions[names.get(name) ?? name] = renamed(normalizeJson(schema))
    }
    out.definitions = definitions
  }
  return orderKeys(out)
}

/**
 * The JSON Schema of a tool input schema (upstream `asSchema(tool.inputSchema).jsonSchema`); an
 * absent schema gives {@link emptyObjectJsonSchema}. Fails only with a defect, for a schema
 * effect cannot represent as JSON Schema (upstream throws there too).
 *
 * @since 0.1.0
 * @category utils
 */
export const toolJsonSchema = (schema: InputSchema<unknown> | undefined): Effect.Effect<JsonSchema7> => {
  if (schema === undefined) return Effect.succeed(emptyObjectJsonSchema)
  if (isJsonSchemaInput(schema)) return Effect.succeed(schema.jsonSchema)
  return Effect.sync(() => fromEffectSchema(schema))
}
