/**
 * Call options → the Groq request body and warnings (upstream
 * `GroqChatLanguageModel.getArgs` and `groq-prepare-tools.ts`), including the
 * JSON response tool Groq needs when a JSON schema meets function tools.
 *
 * @since 0.1.0
 */
import { Effect, Schema } from "effect"
import type { CallOptions, FunctionTool } from "../../../contract/CallOptions.ts"
import type { Warning } from "../../../contract/Warning.ts"
import { isCustomReasoning, mapReasoningToProviderEffort } from "../../../provider-utils/MapReasoningToProvider.ts"
import {
  prepareTools,
  type ProviderToolHandler,
  unsupportedProviderTool
} from "../../kits/openai/Tools.ts"
import { parseProviderOptions } from "../../../provider-utils/ParseProviderOptions.ts"
import { responseFormatBody } from "../../kits/openai/ResponseFormatBody.ts"
import { convertToGroqMessages } from "./ConvertPrompt.ts"
import { languageEntry } from "./ModelCatalog.ts"
import { GroqChatOptions } from "../GroqOptions.ts"

// Groq sends its browser search tool unless the catalog says the model lacks it.
const browserSearchTool = (modelId: string): ProviderToolHandler<{ readonly type: "browser_search" }> =>
(tool, warnings) => {
  if (tool.id !== "groq.browser_search") return unsupportedProviderTool(tool, warnings)
  if (languageEntry(modelId).browserSearch === false) {
    warnings.push({
      type: "unsupported",
      feature: `provider-defined tool ${tool.id}`,
      details: `Browser search is not supported on model ${modelId}.`
    })
    return undefined
  }
  return { type: "browser_search" }
}

/**
 * The request body (without `stream`), the warnings and the JSON response tool name.
 *
 * @since 0.1.0
 */
export const getArgs = Effect.fnUntraced(function*(options: CallOptions, modelId: string) {
  const warnings: Array<Warning> = []
  const entry = languageEntry(modelId)
  const groqOptions = yield* parseProviderOptions("groq", options.providerOptions, GroqChatOptions)
  const { responseFormat, tools } = options

  let jsonResponseTool: FunctionTool | undefined
  if (
    responseFormat?.type === "json" && responseFormat.schema != null && tools?.some((tool) => tool.type === "function")
  ) {
    let name = "json"
    for (let suffix = 1; tools.some((tool) => tool.name === name); suffix++) {
      name = `json_${suffix}`
    }
    jsonResponseTool = {
      type: "function",
      name,
      description: responseFormat.description ?? "Respond with a JSON object.",
      inputSchema: responseFormat.schema
    }
  }

  const structuredOutputs = groqOptions?.structuredOutputs ?? true
  const strictJsonSchema = groqOptions?.strictJsonSchema ?? true

  if (options.topK != null) {
    warnings.push({ type: "unsupported", feature: "topK" })
  }
  if (
    responseFormat?.type === "json" && responseFormat.schema != null && !structuredOutputs &&
    jsonResponseTool == null
  ) {
    warnings.push({
      type: "unsupported",
      feature: "responseFormat",
      details: "JSON response format schema is only supported with structuredOutputs"
    })
  }

  const toolChoice = options.toolChoice
  const prepared = prepareTools(
    jsonResponseTool != null ? [...(tools ?? []), jsonResponseTool] : tools,
    jsonResponseTool == null
      ? toolChoice
      : toolChoice?.type === "tool"
      ? toolChoice
      : toolChoice?.type === "none"
      ? { type: "tool", toolName: jsonResponseTool.name }
      : { type: "required" },
    browserSearchTool(modelId)
  )

  let reasoningEffort: string | undefined = groqOptions?.reasoningEffort
  const reasoning = options.reasoning
  if (reasoningEffort == null && isCustomReasoning(reasoning)) {
    if (reasoning === "none" && !entry.reasoningDisable && !entry.reasoningAlways) {
      warnings.push({
        type: "unsupported",
        feature: "reasoning",
        details: `reasoning "${reasoning}" is not supported by this model.`
      })
    } else {
      reasoningEffort = mapReasoningToProviderEffort(
        reasoning,
        { ...(entry.reasoningDisable ? { none: "none" } : {}), low: "low", medium: "medium", high: "high" },
        warnings
      )
    }
  }

  const messages = yield* convertToGroqMessages(options.prompt)

  const args: Record<string, unknown> = {
    model: modelId,
    user: groqOptions?.user,
    parallel_tool_calls: jsonResponseTool != null ? false : groqOptions?.parallelToolCalls,
    max_tokens: options.maxOutputTokens,
    temperature: options.temperature,
    top_p: options.topP,
    frequency_penalty: options.frequencyPenalty,
    presence_penalty: options.presencePenalty,
    stop: options.stopSequences,
    seed: options.seed,
    // With the JSON response tool the schema travels as a tool, not as response_format.
    response_format: jsonResponseTool == null
      ? responseFormatBody(responseFormat, { structuredOutputs, strict: strictJsonSchema })
      : undefined,
    reasoning_format: groqOptions?.reasoningFormat,
    reasoning_effort: reasoningEffort,
    service_tier: groqOptions?.serviceTier,
    messages,
    tools: prepared.tools,
    tool_choice: prepared.toolChoice
  }

  return {
    args,
    warnings: [...warnings, ...prepared.toolWarnings],
    jsonResponseToolName: jsonResponseTool?.name
  }
})
