/**
 * Provider references of file parts (upstream provider-utils
 * `resolve-provider-reference.ts`).
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import { NoSuchProviderReferenceError } from "../contract/errors/NoSuchProviderReferenceError.ts"

/**
 * The id a provider reference maps `provider` to; `NoSuchProviderReferenceError`
 * when it has none. Only the reference's own keys count: upstream reads
 * `reference[provider]`, which for a provider named like an `Object.prototype`
 * member (`constructor`, `__proto__`) yields that member instead of failing.
 *
 * @since 0.1.0
 * @category getters
 */
export const resolveProviderReference = (
  reference: Readonly<Record<string, string>>,
  provider: string
): Effect.Effect<string, NoSuchProviderReferenceError> => {
  const id = Object.prototype.hasOwnProperty.call(reference, provider) ? reference[provider] : undefined
  return id != null ? Effect.succeed(id) : Effect.fail(new NoSuchProviderReferenceError({ provider, reference }))
}
