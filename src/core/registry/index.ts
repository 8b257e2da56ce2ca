/**
 * Providers as values, custom providers and the provider registry.
 *
 * @since 0.1.0
 */

/** @since 0.1.0 */
export * as Provider from "./Provider.ts"
/** @since 0.1.0 */
export * as CustomProvider from "./CustomProvider.ts"
/** @since 0.1.0 */
export * as ProviderRegistry from "./ProviderRegistry.ts"
