/**
 * Provider options parsing as upstream `parseProviderOptions` /
 * `resolveProviderOptions`: the options under one (or several) namespaces,
 * validated by a Schema; a value that does not decode fails with
 * `InvalidArgumentError("invalid <provider> provider options")`.
 *
 * @since 0.1.0
 */
import { Effect, Schema } from "effect"
import { InvalidArgumentError } from "../../../spec/errors/InvalidArgumentError.ts"
import type { ProviderOptions } from "../../../spec/ProviderMetadata.ts"

/**
 * Parses `providerOptions[provider]` with `schema`; `undefined` when absent or null.
 *
 * @since 0.1.0
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
  return Schema.decodeUnknownEffect(schema)(value).pipe(
    Effect.mapError((cause) =>
      new InvalidArgumentError({
        argument: "providerOptions",
        message: `invalid ${provider} provider options`,
        cause
      })
    )
  )
}

/**
 * Parses every present namespace (in order, duplicates once) and merges them
 * key by key, later namespaces winning; also returns the namespaces that were
 * present (upstream `resolveProviderOptions` with `resolution: 'merge'`).
 *
 * @since 0.1.0
 */
export const resolveProviderOptionsMerged = <A extends object>(
  providerOptions: ProviderOptions | undefined,
  namespaces: ReadonlyArray<string>,
  schema: Schema.Decoder<A>
): Effect.Effect<{ readonly options: A | undefined; readonly namespaces: ReadonlyArray<string> }, InvalidArgumentError> =>
  Effect.gen(function*() {
    const parsed: Array<A> = []
    const matched: Array<string> = []
    for (const namespace of new Set(namespaces)) {
      const options = yield* parseProviderOptions(namespace, providerOptions, schema)
      if (options == null) {
        continue
      }
      parsed.push(options)
      matched.push(namespace)
    }
    if (parsed.length === 0) {
      return { options: undefined, namespaces: matched }
    }
    const merged: A = Object.assign({}, ...parsed)
    return { options: merged, namespaces: matched }
  })
