/**
 * The request body of a Responses call (upstream
 * `XaiResponsesLanguageModel.prepareRequest`): provider options, input,
 * tools, include list, reasoning effort and sampling settings, plus the
 * names the caller gave the server-side tools (the stream and the
 * generate mapping report calls under these names).
 */
import { Effect } from "effect"
import { isCustomReasoning } from "../../../provider-utils/MapReasoningToProvider.ts"
import { parseProviderOptions } from "../../../provider-utils/ParseProviderOptions.ts"
import type { CallOptions, ReasoningLevel } from "../../../contract/CallOptions.ts"
import type { Warning } from "../../../contract/Warning.ts"
import { ResponsesOptions } from "../XAIOptions.ts"
import { convertToInput } from "./ConvertPrompt.ts"
import { prepareTools } from "./PrepareTools.ts"

/**
 * The names of the server-side tools in the call (by upstream tool id).
  *
  * @since 0.1.0
 */
export interface ToolNames {
  readonly webSearch: string | undefined
  readonly xSearch: string | undefined
  readonly codeExecution: string | undefined
  readonly mcp: string | undefined
  readonly fileSearch: string | undefined
  readonly imageGeneration: string | undefined
}

// The grok-4.20 models reject every reasoning effort (upstream `supportsReasoningEffort`).
const modelsWithoutReasoningEffort = /^grok-4\.20(-\d{4})?-(non-)?reasoning$/

type Effort = "none" | "low" | "medium" | "high" | "xhigh"

// The nested provider-utils 5.0.51 `mapReasoningToProviderEffort` that
// `@ai-sdk/xai` 5.0.12 runs on: a direct map lookup, no fallback to a
// neighbouring level (so `max`, absent from the map, is unsupported).
const mapEffort = (
  reasoning: Exclude<ReasoningLevel, "provider-default" | "none">,
  effortMap: Partial<Record<string, Effort>>,
  warnings: Array<Warning>
): Effort | undefined => {
  const mapped = effortMap[reasoning]
  if (mapped == null) {
    warnings.push({ type: "unsupported", feature: "reasoning", details: `reasoning "${reasoning}" is not supported by this model.` })
    return undefined
  }
  if (mapped !== reasoning) {
    warnings.push({
      type: "compatibility",
      feature: "reasoning",
      details: `reasoning "${reasoning}" is not directly supported by this model. mapped to effort "${mapped}".`
    })
  }
  return mapped
}

const toolName = (options: CallOptions, id: string): string | undefined =>
  options.tools?.find((tool) => tool.type === "provider" && tool.id === id)?.name

/**
 * The body (without `stream`), its warnings and the server tool names.
  *
  * @since 0.1.0
 */
export const prepareRequest = Effect.fnUntraced(function*(modelId: string, options: CallOptions) {
  const warnings: Array<Warning> = []
  const xai = (yield* parseProviderOptions("xai", options.providerOptions, ResponsesOptions)) ?? {}
  if (options.frequencyPenalty != null) warnings.push({ type: "unsupported", feature: "frequencyPenalty" })
  if (options.presencePenalty != null) warnings.push({ type: "unsupported", feature: "presencePenalty" })
  if (options.stopSequences != null) warnings.push({ type: "unsupported", feature: "stopSequences" })
  const toolNames: ToolNames = {
    webSearch: toolName(options, "xai.web_search"),
    xSearch: toolName(options, "xai.x_search"),
    codeExecution: toolName(options, "xai.code_execution"),
    mcp: toolName(options, "xai.mcp"),
    fileSearch: toolName(options, "xai.file_search"),
    imageGeneration: toolName(options, "xai.image_generation")
  }
  const converted = yield* convertToInput(options.prompt)
  warnings.push(...converted.warnings)
  const prepared = yield* prepareTools(options.tools, options.toolChoice)
  warnings.push(...prepared.warnings)

  let include: Array<string> | undefined = xai.include ? [...xai.include] : undefined
  // Without storage, encrypted reasoning is what carries reasoning to the next turn.
  if (xai.store === false) include = include == null ? ["reasoning.encrypted_content"] : [...include, "reasoning.encrypted_content"]

  let effort: Effort | undefined = xai.reasoningEffort
  const reasoning = options.reasoning
  if (effort == null && isCustomReasoning(reasoning)) {
    if (modelsWithoutReasoningEffort.test(modelId)) {
      warnings.push({ type: "unsupported", feature: "reasoning", details: `reasoning "${reasoning}" is not supported by this model.` })
    } else if (reasoning === "none") {
      effort = "none"
    } else {
      effort = mapEffort(reasoning, {
        minimal: "low",
        low: "low",
        medium: "medium",
        high: "high",
        xhigh: modelId === "grok-4.6" ? "xhigh" : "high"
      }, warnings)
    }
  }

  const format = options.responseFormat
  const body: Record<string, unknown> = {
    model: modelId,
    input: converted.input,
    logprobs: xai.logprobs === true || xai.topLogprobs != null ? true : undefined,
    top_logprobs: xai.topLogprobs,
    max_output_tokens: options.maxOutputTokens,
    temperature: options.temperature,
    top_p: options.topP,
    top_k: options.topK,
    min_p: xai.minP,
    seed: options.seed,
    ...(format?.type === "json" && {
      text: {
        format: format.schema != null
          ? {
            type: "json_schema",
            strict: true,
            name: format.name ?? "response",
            description: format.description,
            schema: format.schema
          }
          : { type: "json_object" }
      }
    }),
    ...(effort != null && { reasoning: { effort } }),
    ...(xai.store === false && { store: xai.store }),
    ...(include != null && { include }),
    ...(xai.previousResponseId != null && { previous_response_id: xai.previousResponseId }),
    ...(xai.maxTurns != null && { max_turns: xai.maxTurns }),
    ...(xai.parallelToolCalls != null && { parallel_tool_calls: xai.parallelToolCalls }),
    ...(xai.promptCacheKey != null && { prompt_cache_key: xai.promptCacheKey }),
    ...(xai.safetyIdentifier != null && { safety_identifier: xai.safetyIdentifier }),
    ...(xai.serviceTier != null && { service_tier: xai.serviceTier }),
    ...(xai.user != null && { user: xai.user })
  }
  if (prepared.tools && prepared.tools.length > 0) body["tools"] = prepared.tools
  if (prepared.toolChoice != null) body["tool_choice"] = prepared.toolChoice
  return { body, warnings, toolNames }
})
