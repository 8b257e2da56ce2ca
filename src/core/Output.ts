/**
 * Structured output specifications (upstream `Output` of `ai/src/generate-text/output.ts`,
 * 7.0.173): `text`, `object`, `array`, `choice`, `json`. An output names the response format sent
 * to the model, parses the final text into the result's `output` (failing with
 * `NoObjectGeneratedError`) and parses partial text while streaming.
 *
 * Schemas are tool schemas (`Tool.InputSchema`): an Effect Schema (its JSON Schema derived as for
 * tool inputs) or a plain JSON Schema through `Tool.jsonSchema`. Partial parsing is incremental
 * (see `internal/partialJson.ts`): a fresh parser per step, each text character read once.
 *
 * @since 0.1.0
 */
import { Effect, Exit, Schema } from "effect"
import type { JsonSchema7, ResponseFormat } from "../contract/CallOptions.ts"
import { CoreInvalidArgumentError } from "../contract/errors/CoreInvalidArgumentError.ts"
import { NoObjectGeneratedError } from "../contract/errors/NoObjectGeneratedError.ts"
import { TypeValidationError } from "../contract/errors/TypeValidationError.ts"
import type { UnifiedFinishReason } from "../contract/FinishReason.ts"
import type { JsonValue } from "../contract/Json.ts"
import type { LanguageModelUsage } from "./CoreUsage.ts"
import { makeIncrementalParser } from "./internal/PartialJson.ts"
import { safeParseJson, safeValidate } from "./internal/ValidateJson.ts"
import { makeArrayStreamParser } from "./internal/ArrayOutputStream.ts"
import { type InputSchema, isJsonSchemaInput } from "./Tool.ts"
import { toolJsonSchema } from "./ToolJsonSchema.ts"
import * as WireJson from "../runtime/WireJson.ts"

const TypeId: unique symbol = Symbol.for("aimux/core/Output")

/**
 * What the final parse receives besides the text: the last step's response, usage and finish
 * reason (they go into `NoObjectGeneratedError`).
 *
 * @since 0.1.0
 * @category models
 */
export interface OutputContext {
  readonly response: unknown
  readonly usage: LanguageModelUsage
  readonly finishReason: UnifiedFinishReason
}

/**
 * A partial-output parser of one step: `push` takes a text delta and returns the partial output
 * to publish, or `undefined` when nothing changed (upstream publishes only changed values).
 *
 * @since 0.1.0
 * @category models
 */
export interface PartialParser<P> {
  readonly push: (delta: string) => { readonly partial: P } | undefined
}

/**
 * Emits the array elements of successive partial outputs once each (upstream
 * `createElementStreamTransform`); fails with a `TypeValidationError` past `maxItems`.
 *
 * @since 0.1.0
 * @category models
 */
export interface ElementPublisher<P, E> {
  // method syntax: bivariant in P, so that every output is assignable to `Any`
  next(partial: P): { readonly elements: ReadonlyArray<E>; readonly error?: TypeValidationError | undefined }
}

/**
 * An output specification: complete type `A`, partial type `P`, element type `E`.
 *
 * @since 0.1.0
 * @category models
 */
export interface Output<A, P = A, E = never> {
  readonly [TypeId]: typeof TypeId
  readonly name: "text" | "object" | "array" | "choice" | "json"
  /** The response format of every model call (upstream `responseFormat`). */
  readonly responseFormat: Effect.Effect<ResponseFormat, CoreInvalidArgumentError>
  /** Parses the final text (upstream `parseCompleteOutput`). */
  readonly parseCompleteOutput: (text: string, context: OutputContext) => Effect.Effect<A, NoObjectGeneratedError>
  /** A fresh partial parser (one per step: the partial output restarts at each step). */
  readonly makePartialParser: () => PartialParser<P>
  /** Element publishing, for `array` only (upstream throws for the other modes). */
  readonly makeElementPublisher: (() => ElementPublisher<P, E>) | undefined
}

/**
 * Any output specification.
 *
 * @since 0.1.0
 * @category models
 */
export type Any = Output<unknown, unknown, unknown>

/**
 * The complete output type of a specification.
 *
 * @since 0.1.0
 * @category models
 */
export type CompleteOf<O> = O extends Output<infer A, infer _P, infer _E> ? A : never

/**
 * The partial output type of a specification.
 *
 * @since 0.1.0
 * @category models
 */
export type PartialOf<O> = O extends Output<infer _A, infer P, infer _E> ? P : never

/**
 * The element type of an array specification.
 *
 * @since 0.1.0
 * @category models
 */
export type ElementOf<O> = O extends Output<infer _A, infer _P, infer E> ? E : never

/**
 * True for an output specification.
 *
 * @since 0.1.0
 * @category guards
 */
export const isOutput = (u: unknown): u is Any => typeof u === "object" && u !== null && TypeId in u

/**
 * A partial value, one level deep (upstream `DeepPartial`, simplified to what a JSON prefix gives).
 *
 * @since 0.1.0
 * @category models
 */
export type DeepPartial<T> = T extends ReadonlyArray<infer U> ? ReadonlyArray<DeepPartial<U>>
  : T extends object ? { readonly [K in keyof T]?: DeepPartial<T[K]> }
  : T

/**
 * The one trust boundary of this module: a value the schema validated (typed `A` by the schema's
 * own contract, also for a JSON Schema without `validate`) or an unvalidated partial prefix
 * (typed `DeepPartial<A>` by upstream's contract: partials are never validated).
 */
const trusted = <T>(value: unknown): T => value as T

const nameAndDescription = (options: { readonly name?: string | undefined; readonly description?: string | undefined }) => ({
  ...(options.name != null ? { name: options.name } : {}),
  ...(options.description != null ? { description: options.description } : {})
})

const noObject = (text: string, context: OutputContext, message: string, cause: unknown) =>
  new NoObjectGeneratedError({
    message,
    cause,
    text,
    response: context.response,
    usage: context.usage,
    finishReason: context.finishReason
  })

const COULD_NOT_PARSE = "No object generated: could not parse the response."
const DID_NOT_MATCH = "No object generated: response did not match schema."

/** The secure parse of the final text, failing as upstream. */
const parseText = (text: string, context: OutputContext): Effect.Effect<unknown, NoObjectGeneratedError> => {
  const parsed = safeParseJson(text)
  return parsed.success ? Effect.succeed(parsed.value) : Effect.fail(noObject(text, context, COULD_NOT_PARSE, parsed.error))
}

const validateOrFail = (value: unknown, schema: InputSchema<unknown>, text: string, context: OutputContext) =>
  Effect.flatMap(safeValidate(value, schema), (result) =>
    result.success ? Effect.succeed(result.value) : Effect.fail(noObject(text, context, DID_NOT_MATCH, result.error)))

/**
 * A synchronous validation for partial elements (per completed element, never per delta). An
 * Effect Schema decodes synchronously; a JSON Schema's `validate` Effect must be synchronous too
 * (an asynchronous one counts as a failed validation).
 *
 * @internal
 */
const syncValidator = (schema: InputSchema<unknown>): (value: unknown) => { readonly ok: boolean; readonly value: unknown } => {
  if (isJsonSchemaInput(schema)) {
    const validate = schema.validate
    if (validate === undefined) return (value) => ({ ok: true, value })
    return (value) => {
      const exit = Effect.runSyncExit(Effect.suspend(() => validate(value)))
      return Exit.isSuccess(exit) ? { ok: true, value: exit.value } : { ok: false, value: undefined }
    }
  }
  const decode = Schema.decodeUnknownExit(schema)
  return (value) => {
    const exit = decode(value)
    return Exit.isSuccess(exit) ? { ok: true, value: exit.value } : { ok: false, value: undefined }
  }
}

/**
 * Plain text (the default): response format `{type: 'text'}`, the output is the text.
 *
 * @since 0.1.0
 * @category constructors
 */
export const text = (): Output<string, string, never> => ({
  [TypeId]: TypeId,
  name: "text",
  responseFormat: Effect.succeed({ type: "text" }),
  parseCompleteOutput: (text) => Effect.succeed(text),
  makePartialParser: () => {
    let acc = ""
    let published = false
    return {
      push: (delta) => {
        acc += delta
        // the text only grows: any non-empty delta changes it
        if (published && delta.length === 0) return undefined
        published = true
        return { partial: acc }
      }
    }
  },
  makeElementPublisher: undefined
})

/**
 * Options of {@link object}.
 *
 * @since 0.1.0
 * @category models
 */
export interface ObjectOptions<A> {
  readonly schema: InputSchema<A>
  readonly name?: string | undefined
  readonly description?: string | undefined
}

/**
 * A typed object: response format `{type: 'json', schema}`; the final text is parsed and
 * validated; partial outputs are the (unvalidated) repaired prefixes.
 *
 * @since 0.1.0
 * @category constructors
 */
export const object = <A>(options: ObjectOptions<A>): Output<A, DeepPartial<A>, never> => {
  const schema: InputSchema<unknown> = options.schema
  return {
    [TypeId]: TypeId,
    name: "object",
    responseFormat: Effect.map(toolJsonSchema(schema), (jsonSchema) => ({
      type: "json" as const,
      schema: jsonSchema,
      ...nameAndDescription(options)
    })),
    parseCompleteOutput: (text, context) =>
      Effect.map(
        Effect.flatMap(parseText(text, context), (value) => validateOrFail(value, schema, text, context)),
        trusted<A>
      ),
    makePartialParser: () => jsonPartialParser<DeepPartial<A>>(),
    makeElementPublisher: undefined
  }
}

/** Publishes every changed repaired prefix (object and json modes). */
const jsonPartialParser = <P>(): PartialParser<P> => {
  const parser = makeIncrementalParser()
  return {
    push: (delta) => {
      const result = parser.push(delta)
      if (result.value === undefined || !result.changed) return undefined
      return { partial: trusted<P>(result.value) }
    }
  }
}

/**
 * Options of {@link array}.
 *
 * @since 0.1.0
 * @category models
 */
export interface ArrayOptions<E> {
  readonly element: InputSchema<E>
  readonly minItems?: number | undefined
  readonly maxItems?: number | undefined
  readonly name?: string | undefined
  readonly description?: string | undefined
}

const boundError = (name: "minItems" | "maxItems", value: number | undefined): CoreInvalidArgumentError | undefined => {
  if (value == null) return undefined
  if (!Number.isInteger(value)) return new CoreInvalidArgumentError({ parameter: name, value, message: `${name} must be an integer` })
  if (value < 0) {
    return new CoreInvalidArgumentError({ parameter: name, value, message: `${name} must be greater than or equal to 0` })
  }
  return undefined
}

const lengthError = (value: ReadonlyArray<unknown>, minItems: number | undefined, maxItems: number | undefined) => {
  if (minItems != null && value.length < minItems) {
    return new TypeValidationError({ value, cause: `elements array must contain at least ${minItems} items` })
  }
  if (maxItems != null && value.length > maxItems) {
    return new TypeValidationError({ value, cause: `elements array must contain at most ${maxItems} items` })
  }
  return undefined
}

const hasArrayElements = (u: unknown): u is { readonly elements: ReadonlyArray<unknown> } =>
  u != null && typeof u === "object" && "elements" in u && Array.isArray(u.elements)

/**
 * An array of elements: response format `{type: 'json'}` with the schema
 * `{elements: Array<element>}` (root definitions kept, as upstream). Invalid `minItems` /
 * `maxItems` fail the response format with upstream's `CoreInvalidArgumentError` (upstream
 * throws at construction).
 *
 * @since 0.1.0
 * @category constructors
 */
export const array = <E>(options: ArrayOptions<E>): Output<Array<E>, Array<E>, E> => {
  const { maxItems, minItems } = options
  const elementSchema: InputSchema<unknown> = options.element
  const invalid = boundError("minItems", minItems) ?? boundError("maxItems", maxItems) ??
    (minItems != null && maxItems != null && minItems > maxItems
      ? new CoreInvalidArgumentError({ parameter: "minItems", value: minItems, message: "minItems must be less than or equal to maxItems" })
      : undefined)
  const validateElement = syncValidator(elementSchema)
  const responseFormat = invalid !== undefined ? Effect.fail(invalid) : Effect.map(toolJsonSchema(elementSchema), (jsonSchema) => {
    const { $schema: _schema, definitions, $defs, ...itemSchema } = jsonSchema
    const schema: JsonSchema7 = {
      $schema: "http://json-schema.org/draft-07/schema#",
      ...(definitions != null ? { definitions } : {}),
      ...($defs != null ? { $defs } : {}),
      type: "object",
      properties: {
        elements: {
          type: "array",
          items: itemSchema,
          ...(minItems != null ? { minItems } : {}),
          ...(maxItems != null ? { maxItems } : {})
        }
      },
      required: ["elements"],
      additionalProperties: false
    }
    return { type: "json" as const, schema, ...nameAndDescription(options) }
  })
  return {
    [TypeId]: TypeId,
    name: "array",
    responseFormat,
    parseCompleteOutput: (text, context) =>
      Effect.gen(function*() {
        const outer = yield* parseText(text, context)
        if (!hasArrayElements(outer)) {
          return yield* Effect.fail(noObject(text, context, DID_NOT_MATCH, new TypeValidationError({
            value: outer,
            cause: "response must be an object with an elements array"
          })))
        }
        const lengthProblem = lengthError(outer.elements, minItems, maxItems)
        if (lengthProblem !== undefined) return yield* Effect.fail(noObject(text, context, DID_NOT_MATCH, lengthProblem))
        const out: Array<E> = []
        for (const element of outer.elements) out.push(trusted<E>(yield* validateOrFail(element, elementSchema, text, context)))
        return out
      }),
    makePartialParser: () => {
      // the linear element scanner first; the generic repaired-prefix parse when it gives up
      let streamParser: ReturnType<typeof makeArrayStreamParser> | undefined = makeArrayStreamParser(validateElement)
      let generic: ReturnType<typeof makeIncrementalParser> | undefined = undefined
      let text = ""
      let lastJson: string | undefined = undefined
      return {
        push: (delta) => {
          text += delta
          if (streamParser !== undefined) {
            const result = streamParser.push(delta)
            if (result !== "fallback") {
              if (result === undefined) return undefined
              lastJson = undefined
              return { partial: trusted<Array<E>>(result) }
            }
            const last = streamParser.lastPartial()
            streamParser = undefined
            if (last !== undefined) lastJson = WireJson.render(last)
            generic = makeIncrementalParser()
            delta = text
          }
          const parsed = (generic ??= makeIncrementalParser()).push(delta)
          if (parsed.value === undefined || !hasArrayElements(parsed.value)) return undefined
          const raw = parsed.state === "repaired-parse" && parsed.value.elements.length > 0
            ? parsed.value.elements.slice(0, -1)
            : parsed.value.elements
          const partial: Array<E> = []
          for (const element of raw) {
            const validated = validateElement(element)
            if (validated.ok) partial.push(trusted<E>(validated.value))
          }
          const json = WireJson.render(partial)
          if (json === lastJson) return undefined
          lastJson = json
          return { partial }
        }
      }
    },
    makeElementPublisher: () => {
      let published = 0
      return {
        next: (partial) => {
          const elements: Array<E> = []
          for (; published < partial.length; published++) {
            if (maxItems != null && published >= maxItems) {
              return { elements, error: lengthError(partial, undefined, maxItems) }
            }
            elements.push(partial[published]!)
          }
          return { elements }
        }
      }
    }
  }
}

/**
 * Options of {@link choice}.
 *
 * @since 0.1.0
 * @category models
 */
export interface ChoiceOptions<C extends string> {
  readonly options: ReadonlyArray<C>
  readonly name?: string | undefined
  readonly description?: string | undefined
}

const isChoiceOf = <C extends string>(options: ReadonlyArray<C>, value: unknown): value is C =>
  typeof value === "string" && options.some((option) => option === value)

const resultOf = (u: unknown): string | undefined =>
  u != null && typeof u === "object" && "result" in u && typeof u.result === "string" ? u.result : undefined

/**
 * One of the given strings: response format `{type: 'json'}` with the schema
 * `{result: enum}`; while streaming, a prefix is published once it matches one option only.
 *
 * @since 0.1.0
 * @category constructors
 */
export const choice = <const C extends string>(options: ChoiceOptions<C>): Output<C, C, never> => {
  const choices = options.options
  return {
    [TypeId]: TypeId,
    name: "choice",
    responseFormat: Effect.succeed({
      type: "json",
      schema: {
        $schema: "http://json-schema.org/draft-07/schema#",
        type: "object",
        properties: { result: { type: "string", enum: [...choices] } },
        required: ["result"],
        additionalProperties: false
      },
      ...nameAndDescription(options)
    }),
    parseCompleteOutput: (text, context) =>
      Effect.flatMap(parseText(text, context), (outer) => {
        const result = resultOf(outer)
        return isChoiceOf(choices, result)
          ? Effect.succeed(result)
          : Effect.fail(noObject(text, context, DID_NOT_MATCH, new TypeValidationError({
            value: outer,
            cause: "response must be an object that contains a choice value."
          })))
      }),
    makePartialParser: () => {
      const parser = makeIncrementalParser()
      let published = false
      let last: string | undefined = undefined
      return {
        push: (delta) => {
          const parsed = parser.push(delta)
          if (parsed.value === undefined) return undefined
          const result = resultOf(parsed.value)
          if (result === undefined) return undefined
          const matches = choices.filter((option) => option.startsWith(result))
          const partial = parsed.state === "successful-parse"
            ? matches.find((option) => option === result)
            : matches.length === 1
            ? matches[0]
            : undefined
          if (partial === undefined || (published && partial === last)) return undefined
          published = true
          last = partial
          return { partial }
        }
      }
    },
    makeElementPublisher: undefined
  }
}

/**
 * Options of {@link json}.
 *
 * @since 0.1.0
 * @category models
 */
export interface JsonOptions {
  readonly name?: string | undefined
  readonly description?: string | undefined
}

/**
 * Any JSON value: response format `{type: 'json'}` without a schema; the final text must parse.
 *
 * @since 0.1.0
 * @category constructors
 */
export const json = (options: JsonOptions = {}): Output<JsonValue, JsonValue, never> => ({
  [TypeId]: TypeId,
  name: "json",
  responseFormat: Effect.succeed({ type: "json", ...nameAndDescription(options) }),
  parseCompleteOutput: (text, context) => Effect.map(parseText(text, context), trusted<JsonValue>),
  makePartialParser: () => jsonPartialParser<JsonValue>(),
  makeElementPublisher: undefined
})
