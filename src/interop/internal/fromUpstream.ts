/**
 * Upstream `LanguageModelV4*` values → aimux values. Upstream values already have the aimux
 * types; only what aimux models do not take is dropped.
 *
 * @internal
 */
import type { LanguageModelV4CallOptions } from "@ai-sdk/provider"
import type { CallOptions } from "../../contract/CallOptions.ts"

/**
 * Upstream call options → aimux call options: everything but `abortSignal`, which the bridge
 * turns into fiber interruption.
 *
 * @internal
 */
export const callOptionsFromUpstream = (options: LanguageModelV4CallOptions): CallOptions => {
  const { abortSignal: _abortSignal, ...rest } = options
  return rest
}
