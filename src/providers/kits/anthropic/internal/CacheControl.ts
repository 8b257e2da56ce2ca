/**
 * Cache-control breakpoints from provider options, with upstream's limit of
 * four per request and its warnings (upstream `get-cache-control.ts`).
 *
 * @since 0.1.0
 */
import type { ProviderOptions } from "../../../../contract/ProviderMetadata.ts"
import type { Warning } from "../../../../contract/Warning.ts"

const MAX_CACHE_BREAKPOINTS = 4

/**
 * Tracks cache breakpoints across tools and messages of one request.
 *
 * @since 0.1.0
 */
export interface CacheControlValidator {
  readonly get: (
    providerOptions: ProviderOptions | undefined,
    context: { readonly type: string; readonly canCache: boolean }
  ) => unknown
  readonly warnings: Array<Warning>
}

/**
 * A fresh validator. The value is passed through unchecked, as upstream does:
 * the API validates it.
 *
 * @since 0.1.0
 */
export const makeCacheControlValidator = (providerOptionsName = "anthropic"): CacheControlValidator => {
  let breakpointCount = 0
  const warnings: Array<Warning> = []
  return {
    warnings,
    get: (providerOptions, context) => {
      const custom = providerOptions?.[providerOptionsName]
      const anthropic = providerOptions?.["anthropic"]
      const value = custom?.["cacheControl"] ?? custom?.["cache_control"] ?? anthropic?.["cacheControl"] ??
        anthropic?.["cache_control"]
      if (!value) return undefined
      if (!context.canCache) {
        warnings.push({
          type: "unsupported",
          feature: "cache_control on non-cacheable context",
          details: `cache_control cannot be set on ${context.type}. It will be ignored.`
        })
        return undefined
      }
      breakpointCount++
      if (breakpointCount > MAX_CACHE_BREAKPOINTS) {
        warnings.push({
          type: "unsupported",
          feature: "cacheControl breakpoint limit",
          details:
            `Maximum ${MAX_CACHE_BREAKPOINTS} cache breakpoints exceeded (found ${breakpointCount}). This breakpoint will be ignored.`
        })
        return undefined
      }
      return value
    }
  }
}
