/**
 * Span attributes as upstream's `@ai-sdk/otel` `LegacyOpenTelemetry` selects them
 * (`selectAttributes`, `sanitizeAttributeValue`, `assembleOperationName`,
 * `getBaseTelemetryAttributes`): inputs and outputs are lazy and kept only when recorded,
 * `null`/`undefined` and non-finite numbers are dropped, arrays must be of one primitive type.
 *
 * @internal
 */

/** What a recorded span keeps (upstream `TelemetryOptions` after the defaults). @internal */
export interface Recording {
  readonly recordInputs: boolean
  readonly recordOutputs: boolean
  readonly functionId: string | undefined
}

/** A value computed only when inputs are recorded. @internal */
export interface InputValue {
  readonly _tag: "Input"
  readonly get: () => unknown
}

/** A value computed only when outputs are recorded. @internal */
export interface OutputValue {
  readonly _tag: "Output"
  readonly get: () => unknown
}

/** An attribute as the span builders give it. @internal */
export type AttributeSpec = string | number | boolean | ReadonlyArray<unknown> | InputValue | OutputValue | null | undefined

/** A lazy input attribute. @internal */
export const input = (get: () => unknown): InputValue => ({ _tag: "Input", get })

/** A lazy output attribute. @internal */
export const output = (get: () => unknown): OutputValue => ({ _tag: "Output", get })

/** An OpenTelemetry attribute value. @internal */
export type AttributeValue = string | number | boolean | ReadonlyArray<string> | ReadonlyArray<number> | ReadonlyArray<boolean>

const isPrimitive = (value: unknown): value is string | number | boolean =>
  typeof value === "string" || typeof value === "number" || typeof value === "boolean"

/** Upstream `sanitizeAttributeValue`: one primitive type per array, finite numbers. @internal */
export const sanitize = (value: unknown): AttributeValue | undefined => {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined
  if (typeof value === "string" || typeof value === "boolean") return value
  if (!Array.isArray(value)) return undefined
  const primitives = value.filter(isPrimitive)
  const types = new Set(primitives.map((item) => typeof item))
  if (types.size !== 1) return undefined
  const strings = primitives.filter((item): item is string => typeof item === "string")
  if (strings.length > 0) return strings
  const numbers = primitives.filter((item): item is number => typeof item === "number")
  if (numbers.length > 0) return numbers.every(Number.isFinite) ? numbers : undefined
  return primitives.filter((item): item is boolean => typeof item === "boolean")
}

const isLazy = (value: AttributeSpec): value is InputValue | OutputValue =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** Upstream `selectAttributes`: the attributes a span records. @internal */
export const select = (recording: Recording, specs: Readonly<Record<string, AttributeSpec>>): Record<string, AttributeValue> => {
  const out: Record<string, AttributeValue> = {}
  for (const key in specs) {
    const spec = specs[key]
    if (spec == null) continue
    let value: unknown = spec
    if (isLazy(spec)) {
      if (spec._tag === "Input" ? !recording.recordInputs : !recording.recordOutputs) continue
      value = spec.get()
      if (value == null) continue
    }
    const sanitized = sanitize(value)
    if (sanitized !== undefined) out[key] = sanitized
  }
  return out
}

/** Upstream `assembleOperationName`. @internal */
export const operationName = (operationId: string, recording: Recording): Record<string, AttributeSpec> => ({
  "operation.name": recording.functionId != null ? `${operationId} ${recording.functionId}` : operationId,
  "resource.name": recording.functionId,
  "ai.operationId": operationId,
  "ai.telemetry.functionId": recording.functionId
})

/** Upstream `getRuntimeContextAttributes`: nested objects flatten to dotted keys, arrays stay. @internal */
export const runtimeContextAttributes = (
  context: Readonly<Record<string, unknown>> | undefined
): Record<string, AttributeSpec> => {
  const out: Record<string, AttributeSpec> = {}
  const add = (key: string, value: unknown): void => {
    if (value == null) return
    if (Array.isArray(value)) {
      out[key] = value
      return
    }
    if (typeof value === "object") {
      for (const [nested, nestedValue] of Object.entries(value)) add(`${key}.${nested}`, nestedValue)
      return
    }
    if (isPrimitive(value)) out[key] = value
  }
  for (const [key, value] of Object.entries(context ?? {})) add(`ai.settings.context.${key}`, value)
  return out
}

/**
 * A request header that carries a credential (upstream records every header; aimux never records
 * these: docs/divergences.md, "Telemetry"). @internal
 */
export const isCredentialHeader = (name: string): boolean =>
  /authorization|api[-_]?key|token|secret|password|cookie|signature|credential/i.test(name)

/**
 * Upstream `getBaseTelemetryAttributes`: model, settings, runtime context, request headers
 * (without credential headers). @internal
 */
export const baseAttributes = (options: {
  readonly provider: string
  readonly modelId: string
  readonly settings: Readonly<Record<string, unknown>>
  readonly headers: Readonly<Record<string, string | undefined>> | undefined
  readonly runtimeContext: Readonly<Record<string, unknown>> | undefined
}): Record<string, AttributeSpec> => {
  const out: Record<string, AttributeSpec> = { "ai.model.provider": options.provider, "ai.model.id": options.modelId }
  for (const [key, value] of Object.entries(options.settings)) {
    if (value === undefined || value === null) continue
    if (isPrimitive(value) || Array.isArray(value)) out[`ai.settings.${key}`] = value
  }
  Object.assign(out, runtimeContextAttributes(options.runtimeContext))
  for (const [key, value] of Object.entries(options.headers ?? {})) {
    if (value !== undefined && !isCredentialHeader(key)) out[`ai.request.headers.${key}`] = value
  }
  return out
}

/** The runtime context keys marked `true` (upstream `filterIncludedContext`). @internal */
export const includedContext = (
  context: Readonly<Record<string, unknown>> | undefined,
  include: Readonly<Record<string, boolean | undefined>> | undefined
): Record<string, unknown> => {
  const out: Record<string, unknown> = {}
  if (context == null || include == null) return out
  for (const [key, value] of Object.entries(context)) if (include[key] === true) out[key] = value
  return out
}
