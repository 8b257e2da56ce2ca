/**
 * Bridges between aimux models and upstream AI SDK `LanguageModelV4` objects. This is the only
 * part of aimux that refers to `@ai-sdk/provider` (types only; an optional peer dependency).
 *
 * @since 0.1.0
 */

/** @since 0.1.0 */
export * as FromLanguageModelV4 from "./FromLanguageModelV4.ts"
/** @since 0.1.0 */
export * as ToLanguageModelV4 from "./ToLanguageModelV4.ts"
/** @since 0.1.0 */
export * as UpstreamModelError from "./UpstreamModelError.ts"
/** @since 0.1.0 */
export { fromLanguageModelV4 } from "./FromLanguageModelV4.ts"
/** @since 0.1.0 */
export { type DisposableLanguageModelV4, toLanguageModelV4 } from "./ToLanguageModelV4.ts"
