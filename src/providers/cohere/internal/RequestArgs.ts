/**
 * The request body of a chat call (upstream `getArgs` of
 * `@ai-sdk/cohere` 4.0.52): the settings under Cohere's names (`p`, `k`,
 * `max_tokens`, ...), JSON output as `json_object` with the schema, the
 * messages, tools and tool choice, the RAG documents from file parts, and
 * `thinking` from the provider options or the `reasoning` call option.
 *
 * `reasoning` maps through the pin's nested provider-utils 5.0.51, whose
 * budget table has no `max` level: `reasoning: "max"` is warned as
 * unsupported and sends no `thinking`, as the pin does.
 */
import { Effect } from "effect"
import { isCustomReasoning, mapReasoningToProviderBudget } from "../../../provider-utils/MapReasoningToProvider.ts"
import { parseProviderOptions } from "../../../provider-utils/ParseProviderOptions.ts"
import type { CallOptions } from "../../../contract/CallOptions.ts"
import type { Warning } from "../../../contract/Warning.ts"
import { ChatOptions } from "../CohereOptions.ts"
import { convertPrompt } from "./ConvertPrompt.ts"
import { prepareTools } from "./PrepareTools.ts"

type Thinking = { readonly thinking?: { readonly type: string; readonly token_budget?: number | undefined } }

// upstream `resolveCohereThinking`
const resolveThinking = (
  reasoning: CallOptions["reasoning"],
  options: ChatOptions,
  warnings: Array<Warning>
): Thinking => {
  if (options.thinking) {
    return { thinking: { type: options.thinking.type ?? "enabled", token_budget: options.thinking.tokenBudget } }
  }
  if (!isCustomReasoning(reasoning)) return {}
  if (reasoning === "none") return { thinking: { type: "disabled" } }
  if (reasoning === "max") {
    warnings.push({ type: "unsupported", feature: "reasoning", details: `reasoning "max" is not supported by this model.` })
    return {}
  }
  const tokenBudget = mapReasoningToProviderBudget({ reasoning, maxOutputTokens: 32768, maxReasoningBudget: 32768, warnings })
  return { thinking: { type: "enabled", token_budget: tokenBudget } }
}

/**
 * The body (without `stream`) and its warnings.
 *
 * @since 0.1.0
 */
export const getArgs = Effect.fnUntraced(function*(modelId: string, options: CallOptions) {
  const warnings: Array<Warning> = []
  const cohereOptions = (yield* parseProviderOptions("cohere", options.providerOptions, ChatOptions)) ?? {}
  const converted = yield* convertPrompt(options.prompt)
  const prepared = prepareTools(options.tools, options.toolChoice)
  warnings.push(...prepared.warnings, ...converted.warnings)
  const format = options.responseFormat
  const body: Record<string, unknown> = {
    model: modelId,
    frequency_penalty: options.frequencyPenalty,
    presence_penalty: options.presencePenalty,
    max_tokens: options.maxOutputTokens,
    temperature: options.temperature,
    p: options.topP,
    k: options.topK,
    seed: options.seed,
    stop_sequences: options.stopSequences,
    response_format: format?.type === "json" ? { type: "json_object", json_schema: format.schema } : undefined,
    messages: converted.messages,
    tools: prepared.tools,
    tool_choice: prepared.toolChoice,
    ...(converted.documents.length > 0 && { documents: converted.documents }),
    ...resolveThinking(options.reasoning, cohereOptions, warnings)
  }
  return { body, warnings }
})
