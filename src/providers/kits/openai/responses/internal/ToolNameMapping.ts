/**
 * Upstream `createToolNameMapping` with the Responses provider tool names:
 * the name a provider tool has in the call options ⇄ its API name.
 *
 * @internal
 */
import { createToolNameMapping, type ToolNameMapping as ProviderToolNameMapping } from "../../../../../provider-utils/ToolNameMapping.ts"
import type { CallTool } from "../../../../../contract/CallOptions.ts"
import { providerToolNames } from "../OpenAIResponsesTools.ts"

/** @internal */
export type ToolNameMapping = ProviderToolNameMapping

/** @internal */
export const makeToolNameMapping = (tools: ReadonlyArray<CallTool> | undefined): ToolNameMapping =>
  createToolNameMapping(tools, providerToolNames)
