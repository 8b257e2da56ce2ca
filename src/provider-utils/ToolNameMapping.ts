/**
 * Upstream `createToolNameMapping`: between the names provider tools have in
 * the call options and the fixed names a provider's API gives them, from the
 * provider's table of tool id → API name.
 *
 * @since 0.1.0
 */
import type { CallTool } from "../contract/CallOptions.ts"

/**
 * Two-way tool name mapping; a name with no entry maps to itself.
 *
 * @since 0.1.0
 * @category models
 */
export interface ToolNameMapping {
  readonly toProviderToolName: (customToolName: string) => string
  readonly toCustomToolName: (providerToolName: string) => string
}

/**
 * The mapping for the tools of a call: each provider tool whose id is in
 * `providerToolNames` (own keys only); later tools win on collisions.
 *
 * @since 0.1.0
 * @category constructors
 */
export const createToolNameMapping = (
  tools: ReadonlyArray<CallTool> | undefined,
  providerToolNames: Readonly<Record<string, string>>
): ToolNameMapping => {
  const toProvider = new Map<string, string>()
  const toCustom = new Map<string, string>()
  for (const tool of tools ?? []) {
    if (tool.type === "provider" && Object.hasOwn(providerToolNames, tool.id)) {
      const providerName = providerToolNames[tool.id]
      if (providerName !== undefined) {
        toProvider.set(tool.name, providerName)
        toCustom.set(providerName, tool.name)
      }
    }
  }
  return {
    toProviderToolName: (name) => toProvider.get(name) ?? name,
    toCustomToolName: (name) => toCustom.get(name) ?? name
  }
}
