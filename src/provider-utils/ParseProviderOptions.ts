/**
 * Provider options of one namespace, validated by a Schema (upstream
 * provider-utils `parse-provider-options.ts`).
 *
 * @since 0.1.0
 */
import { Effect, Result, Schema } from "effect"
import { InvalidArgumentError } from "../contract/errors/InvalidArgumentError.ts"
import { TypeValidationError } from "../contract/errors/TypeValidationError.ts"
import type { ProviderOptions } from "../contract/ProviderMetadata.ts"

/**
 * Decodes `providerOptions[provider]` with `schema`: `undefined` when the
 * namespace is absent or null; a value that does not decode fails with
 * `InvalidArgumentError("invalid <provider> provider options")` whose cause
 * is the `TypeValidationError` (as upstream's `safeValidateTypes` failure).
 *
 * @since 0.1.0
 * @category parsing
 */
export const parseProviderOptions = <A>(
  provider: string,
  providerOptions: ProviderOptions | undefined,
  schema: Schema.Decoder<A>
): Effect.Effect<A | undefined, InvalidArgumentError> => {
  const value = providerOptions?.[provider]
  if (value == null) {
    return Effect.succeed(undefined)
  }
  const decoded = Schema.decodeUnknownResult(schema)(value)
  return Result.isSuccess(decoded)
    ? Effect.succeed(decoded.success)
    : Effect.fail(
      new InvalidArgumentError({
        argument: "providerOptions",
        message: `invalid ${provider} provider options`,
        cause: new TypeValidationError({ value, cause: decoded.failure })
      })
    )
}
