/**
 * The request body of a chat call (upstream `getArgs` of `@ai-sdk/mistral`
 * 4.0.87), key by key in upstream's order so its JSON text is byte-identical:
 * the settings under Mistral's names (`random_seed`, `safe_prompt`, ...), the
 * reasoning effort the model accepts (from `providerOptions.mistral.reasoningEffort`
 * or the `reasoning` call option), JSON output as `json_schema` (structured
 * outputs on and a schema) or `json_object` with the JSON instruction in the
 * system message, the document limits and prompt cache key, the messages, tools
 * and tool choice, `parallel_tool_calls` only with tools.
 */
import { Effect } from "effect"
import { injectJsonInstructionIntoMessages } from "../../../provider-utils/InjectJsonInstruction.ts"
import { isCustomReasoning, mapReasoningToProviderEffort } from "../../../provider-utils/MapReasoningToProvider.ts"
import { parseProviderOptions } from "../../../provider-utils/ParseProviderOptions.ts"
import type { CallOptions } from "../../../contract/CallOptions.ts"
import type { Warning } from "../../../contract/Warning.ts"
import { ChatOptions, type ReasoningEffort } from "../MistralOptions.ts"
import { convertPrompt } from "./ConvertPrompt.ts"
import { reasoningEfforts } from "./ModelCatalog.ts"
import { prepareTools } from "./PrepareTools.ts"

const resolveReasoningEffort = (
  modelId: string,
  reasoning: CallOptions["reasoning"],
  option: ReasoningEffort | undefined,
  warnings: Array<Warning>
): ReasoningEffort | undefined => {
  const efforts = reasoningEfforts(modelId)
  if (efforts.length > 0) {
    // upstream's `providerOptionsEffort` short-cut: the option is sent as it is
    if (option != null) return option
    const effortMap: Partial<Record<string, ReasoningEffort>> = {}
    for (const effort of efforts) effortMap[effort] = effort
    return mapReasoningToProviderEffort(reasoning, effortMap, warnings)
  }
  if (isCustomReasoning(reasoning)) {
    warnings.push({ type: "unsupported", feature: "reasoning", details: "This model does not support reasoning configuration." })
  }
  return undefined
}

/**
 * The body (without `stream`) and its warnings.
 *
 * @since 0.1.0
 */
export const getArgs = Effect.fnUntraced(function*(modelId: string, options: CallOptions) {
  const warnings: Array<Warning> = []
  const mistralOptions = (yield* parseProviderOptions("mistral", options.providerOptions, ChatOptions)) ?? {}
  if (options.topK != null) warnings.push({ type: "unsupported", feature: "topK" })
  const reasoningEffort = resolveReasoningEffort(modelId, options.reasoning, mistralOptions.reasoningEffort, warnings)
  const structuredOutputs = mistralOptions.structuredOutputs ?? true
  const strictJsonSchema = mistralOptions.strictJsonSchema ?? false
  const format = options.responseFormat
  let prompt = options.prompt
  // Mistral's JSON object mode needs the instruction in the prompt
  if (format?.type === "json" && (!structuredOutputs || format.schema == null)) {
    prompt = yield* Effect.fromResult(injectJsonInstructionIntoMessages({ messages: prompt, schema: format.schema }))
  }
  const body: Record<string, unknown> = {
    model: modelId,
    safe_prompt: mistralOptions.safePrompt,
    max_tokens: options.maxOutputTokens,
    temperature: options.temperature,
    top_p: options.topP,
    ...(options.frequencyPenalty != null ? { frequency_penalty: options.frequencyPenalty } : {}),
    ...(options.presencePenalty != null ? { presence_penalty: options.presencePenalty } : {}),
    stop: options.stopSequences,
    random_seed: options.seed,
    reasoning_effort: reasoningEffort,
    response_format: format?.type === "json"
      ? structuredOutputs && format.schema != null
        ? {
          type: "json_schema",
          json_schema: {
            schema: format.schema,
            strict: strictJsonSchema,
            name: format.name ?? "response",
            description: format.description
          }
        }
        : { type: "json_object" }
      : undefined,
    document_image_limit: mistralOptions.documentImageLimit,
    document_page_limit: mistralOptions.documentPageLimit,
    ...(mistralOptions.promptCacheKey !== undefined ? { prompt_cache_key: mistralOptions.promptCacheKey } : {}),
    messages: yield* convertPrompt(prompt)
  }
  const prepared = prepareTools(options.tools, options.toolChoice)
  body.tools = prepared.tools
  body.tool_choice = prepared.toolChoice
  if (prepared.tools != null && mistralOptions.parallelToolCalls !== undefined) {
    body.parallel_tool_calls = mistralOptions.parallelToolCalls
  }
  warnings.push(...prepared.warnings)
  return { body, warnings }
})
