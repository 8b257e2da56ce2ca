/**
 * The Anthropic tool preparation as a host other than the Messages API uses it: Bedrock's
 * Converse API sends Anthropic provider tools on Anthropic models and takes their tool choice,
 * warnings and betas from the Anthropic package (upstream `prepareAnthropicTools` with no
 * structured output and no strict tools).
 *
 * @since 0.1.0
 */
import type { CallTool, ToolChoice } from "../../../contract/CallOptions.ts"
import type { Warning } from "../../../contract/Warning.ts"
import type { RequestBlock } from "./AnthropicApi.ts"
import { makeCacheControlValidator } from "./internal/CacheControl.ts"
import { prepareTools } from "./internal/PrepareTools.ts"

/**
 * The tool choice, warnings and betas Anthropic's preparation gives these tools.
 *
 * @since 0.1.0
 * @category tools
 */
export interface HostedToolPreparation {
  readonly toolChoice: RequestBlock | undefined
  readonly toolWarnings: ReadonlyArray<Warning>
  readonly betas: ReadonlySet<string>
}

/**
 * Prepares provider tools for a host that sends their definitions itself.
 *
 * @since 0.1.0
 * @category tools
 */
export const prepareHostedTools = (options: {
  readonly tools: ReadonlyArray<CallTool>
  readonly toolChoice: ToolChoice | undefined
  readonly disableParallelToolUse: boolean | undefined
  readonly rejectsForcedToolUse: boolean
}): HostedToolPreparation => {
  const prepared = prepareTools({
    tools: options.tools,
    toolChoice: options.toolChoice,
    disableParallelToolUse: options.disableParallelToolUse,
    cacheControl: makeCacheControlValidator(),
    supportsStructuredOutput: false,
    supportsStrictTools: false,
    rejectsForcedToolUse: options.rejectsForcedToolUse
  })
  return { toolChoice: prepared.toolChoice, toolWarnings: prepared.toolWarnings, betas: prepared.betas }
}
