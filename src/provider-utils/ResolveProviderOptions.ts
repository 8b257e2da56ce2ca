/**
 * Provider options a model accepts under several namespaces, e.g. a canonical
 * key plus an alias (upstream provider-utils `resolve-provider-options.ts`).
 *
 * @since 0.1.0
 */
import { Effect, type Schema } from "effect"
import type { InvalidArgumentError } from "../contract/errors/InvalidArgumentError.ts"
import type { ProviderOptions } from "../contract/ProviderMetadata.ts"
import { parseProviderOptions } from "./ParseProviderOptions.ts"

/**
 * How options found under several namespaces combine: `first`, the first
 * present namespace wins whole (aliases); `merge`, every present namespace is
 * parsed and merged in order, later keys winning.
 *
 * @since 0.1.0
 * @category models
 */
export type ProviderOptionsResolution = "first" | "merge"

/**
 * The resolved options (`undefined` when no namespace is present) and the
 * namespaces that contributed to them, in resolution order.
 *
 * @since 0.1.0
 * @category models
 */
export interface ResolvedProviderOptions<A> {
  readonly options: A | undefined
  readonly namespaces: ReadonlyArray<string>
}

/**
 * Parses the namespaces in order (duplicates once) exactly as
 * `parseProviderOptions` and combines them by `resolution`; an invalid
 * namespace fails the call when it is reached (with `first`, namespaces after
 * the winner are not read).
 *
 * @since 0.1.0
 * @category getters
 */
export const resolveProviderOptions = <A extends object>(
  providerOptions: ProviderOptions | undefined,
  namespaces: ReadonlyArray<string>,
  resolution: ProviderOptionsResolution,
  schema: Schema.Decoder<A>
): Effect.Effect<ResolvedProviderOptions<A>, InvalidArgumentError> =>
  Effect.gen(function*() {
    const parsed: Array<A> = []
    const matched: Array<string> = []
    for (const namespace of new Set(namespaces)) {
      const options = yield* parseProviderOptions(namespace, providerOptions, schema)
      if (options == null) {
        continue
      }
      if (resolution === "first") {
        return { options, namespaces: [namespace] }
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
