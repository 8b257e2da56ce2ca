/**
 * The request body of a Responses call (upstream `getArgs`,
 * `convertToHuggingFaceResponsesMessages` and `prepareResponsesTools` of
 * `@ai-sdk/huggingface` 2.0.48): unsupported settings warned, the prompt as
 * `input` (images only; tool messages are not sent), function tools, tool
 * choice (`none` dropped), JSON schema output and reasoning effort.
 */
import { Effect } from "effect"
import { parseProviderOptions } from "../../../provider-utils/ParseProviderOptions.ts"
import type { CallOptions } from "../../../contract/CallOptions.ts"
import type { Warning } from "../../../contract/Warning.ts"
import { ResponsesOptions } from "../HuggingFaceOptions.ts"
import { convertMessages } from "./ConvertPrompt.ts"
import { prepareTools } from "./PrepareTools.ts"

/**
 * The body (without `stream`) and its warnings.
  *
  * @since 0.1.0
 */
export const getArgs = Effect.fnUntraced(function*(modelId: string, options: CallOptions) {
  const warnings: Array<Warning> = []
  if (options.topK != null) warnings.push({ type: "unsupported", feature: "topK" })
  if (options.seed != null) warnings.push({ type: "unsupported", feature: "seed" })
  if (options.presencePenalty != null) warnings.push({ type: "unsupported", feature: "presencePenalty" })
  if (options.frequencyPenalty != null) warnings.push({ type: "unsupported", feature: "frequencyPenalty" })
  if (options.stopSequences != null) warnings.push({ type: "unsupported", feature: "stopSequences" })
  const converted = yield* convertMessages(options.prompt)
  warnings.push(...converted.warnings)
  const hf = yield* parseProviderOptions("huggingface", options.providerOptions, ResponsesOptions)
  const prepared = prepareTools(options.tools, options.toolChoice)
  warnings.push(...prepared.warnings)
  const format = options.responseFormat
  const body: Record<string, unknown> = {
    model: modelId,
    input: converted.input,
    temperature: options.temperature,
    top_p: options.topP,
    max_output_tokens: options.maxOutputTokens,
    ...(format?.type === "json" && format.schema && {
      text: {
        format: {
          type: "json_schema",
          strict: hf?.strictJsonSchema ?? false,
          name: format.name ?? "response",
          description: format.description,
          schema: format.schema
        }
      }
    }),
    metadata: hf?.metadata,
    instructions: hf?.instructions,
    ...(prepared.tools && { tools: prepared.tools }),
    ...(prepared.toolChoice && { tool_choice: prepared.toolChoice }),
    ...(hf?.reasoningEffort != null && { reasoning: { effort: hf.reasoningEffort } })
  }
  return { body, warnings }
})
