/**
 * `TypeValidationError`: a value failed validation against a schema.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { getErrorMessage } from "./getErrorMessage.ts"
import { omitUndefined, type UpstreamLike } from "./internal/marker.ts"
import { UpstreamError } from "./internal/UpstreamError.ts"

const name = "AI_TypeValidationError"

/**
 * Where the failing value sits (upstream's `TypeValidationContext`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const TypeValidationContext = Schema.Struct({
  field: Schema.optional(Schema.String),
  entityName: Schema.optional(Schema.String),
  entityId: Schema.optional(Schema.String)
})

/**
 * Where the failing value sits: field path, entity name, entity id.
 *
 * @since 0.1.0
 * @category models
 */
export type TypeValidationContext = typeof TypeValidationContext.Type

/**
 * Constructor options, named as upstream's.
 *
 * @since 0.1.0
 * @category models
 */
export interface TypeValidationErrorOptions {
  readonly value: unknown
  readonly cause: unknown
  readonly context?: TypeValidationContext | undefined
}

const prefixOf = (context: TypeValidationContext | undefined): string => {
  let prefix = "Type validation failed"
  if (context?.field) prefix += ` for ${context.field}`
  if (context?.entityName || context?.entityId) {
    const parts: Array<string> = []
    if (context.entityName) parts.push(context.entityName)
    if (context.entityId) parts.push(`id: "${context.entityId}"`)
    prefix += ` (${parts.join(", ")})`
  }
  return prefix
}

/** The value as JSON for the message; a value too deep or too large to print gets a placeholder. */
const printed = (value: unknown): string => {
  try {
    return String(JSON.stringify(value))
  } catch {
    return "[value nested too deeply or too large to print]"
  }
}

/** Upstream's message: the context, the value as JSON and the cause's message. */
const render = (options: TypeValidationErrorOptions): string =>
  `${prefixOf(options.context)}: Value: ${printed(options.value)}.\n` +
  `Error message: ${getErrorMessage(options.cause)}`

/** Messages built so far (lazily, on first read). */
const messages = new WeakMap<object, string>()

/**
 * Type validation failed; the message embeds the context, the value (JSON)
 * and the cause's message exactly as upstream. It is built on first read, not
 * in the constructor: an error storm (a body of a million rejected events,
 * each an error part) must not pay the JSON of each value and the Schema
 * issue's formatting unless someone reads the message (issue 22, item 4).
 * Building it never throws: a value too deep or too large to print (upstream's
 * constructor throws a RangeError there) is printed as a placeholder; the
 * parsers (`src/runtime/ParseJson.ts`) give upstream's `JSONParseError` for
 * such a value themselves.
 *
 * @since 0.1.0
 * @category errors
 */
export class TypeValidationError extends UpstreamError<TypeValidationError>(name)("TypeValidationError", {
  value: Schema.optional(Schema.Unknown),
  context: Schema.optional(TypeValidationContext),
  cause: Schema.optional(Schema.Defect())
}) {
  constructor(options: TypeValidationErrorOptions, makeOptions?: Schema.MakeOptions) {
    super(omitUndefined({
      value: options.value,
      context: options.context,
      cause: options.cause
    }), makeOptions)
  }

  /**
   * Upstream's message (built on first read).
   *
   * @since 0.1.0
   */
  override get message(): string {
    let message = messages.get(this)
    if (message === undefined) {
      message = render({ value: this.value, cause: this.cause, context: this.context })
      messages.set(this, message)
    }
    return message
  }

  /**
   * Upstream's `wrap`: returns `cause` itself when it already is an aimux
   * TypeValidationError for the same value (by identity) and the same
   * context fields; otherwise a new error wrapping `cause`.
   *
   * An upstream instance that matches is wrapped rather than returned,
   * because the result must be an aimux instance (taggable, yieldable).
   *
   * @since 0.1.0
   */
  static wrap(options: TypeValidationErrorOptions): TypeValidationError {
    const { cause, context, value } = options
    if (
      cause instanceof TypeValidationError &&
      cause.value === value &&
      cause.context?.field === context?.field &&
      cause.context?.entityName === context?.entityName &&
      cause.context?.entityId === context?.entityId
    ) {
      return cause
    }
    return new TypeValidationError({ value, cause, context })
  }
}

/**
 * What `TypeValidationError.isInstance` narrows to.
 *
 * @since 0.1.0
 * @category models
 */
export type TypeValidationErrorLike = UpstreamLike<TypeValidationError>
