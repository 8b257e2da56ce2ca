/**
 * Provider metadata (output) and provider options (input): `Record<providerName, JSONObject>`.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { JsonObject } from "./Json.ts"

/**
 * Provider-specific data returned by a provider, keyed by provider name.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ProviderMetadata = Schema.Record(Schema.String, JsonObject)

/**
 * Provider-specific data returned by a provider, keyed by provider name.
 *
 * @since 0.1.0
 * @category models
 */
export type ProviderMetadata = typeof ProviderMetadata.Type

/**
 * Provider-specific settings passed to a provider, keyed by provider name.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ProviderOptions = Schema.Record(Schema.String, JsonObject)

/**
 * Provider-specific settings passed to a provider, keyed by provider name.
 *
 * @since 0.1.0
 * @category models
 */
export type ProviderOptions = typeof ProviderOptions.Type

/**
 * HTTP headers as the contract reports them (`Record<string, string>`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const Headers = Schema.Record(Schema.String, Schema.String)

/**
 * HTTP headers as the contract reports them.
 *
 * @since 0.1.0
 * @category models
 */
export type Headers = typeof Headers.Type
