/**
 * Upstream `createToolNameMapping` with the Responses provider tool names:
 * the name a provider tool has in the call options ⇄ its API name.
 *
 * @internal
 */
import type { CallTool } from "../../../../spec/CallOptions.ts"
import { providerToolNames } from "../../OpenAIResponsesTools.ts"

/** @internal */
export interface ToolNameMapping {
  readonly toProviderToolName: (customToolName: string) => string
  readonly toCustomToolName: (providerToolName: string) => string
}

/** @internal */
export const makeToolNameMapping = (tools: ReadonlyArray<CallTool> | undefined): ToolNameMapping => {
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
