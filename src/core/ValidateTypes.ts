/**
 * Validation against a tool's input schema for the layers above core (upstream
 * `safeValidateTypes`): the UI message validation checks stored tool inputs with it.
 *
 * @since 0.3.0
 */
import type { Effect } from "effect"
import type { TypeValidationContext } from "../contract/errors/TypeValidationError.ts"
import type { InputSchema } from "./internal/JsonSchemaInput.ts"
import { type ParseResult, safeValidate as validate } from "./internal/ValidateJson.ts"

/**
 * The outcome of a validation (upstream `ParseResult`).
 *
 * @since 0.3.0
 * @category models
 */
export type Result<A> = ParseResult<A>

/**
 * Validates a value against a tool schema (an Effect Schema decodes it; a JSON Schema input runs
 * its `validate`); a failure is a `TypeValidationError` in the result, never in the error channel.
 *
 * @since 0.3.0
 * @category validation
 */
export const safeValidate: (
  value: unknown,
  schema: InputSchema<unknown> | undefined,
  text?: string,
  context?: TypeValidationContext
) => Effect.Effect<Result<unknown>> = validate
