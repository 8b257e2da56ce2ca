/**
 * The reasoning efforts each chat model accepts (upstream
 * `getMistralLanguageModelEntry(modelId).capabilities.language.reasoning` of
 * `@ai-sdk/mistral` 4.0.87's `mistral-model-catalog.ts`): the model ids without
 * reasoning configuration, the GLM-5.3 (`low`/`high`/`max`) and Mistral Large 4
 * (`low`/`medium`/`high`) families; every other id, unknown ones included,
 * `none`/`high`.
 */
import type { ReasoningEffort } from "../MistralOptions.ts"

// Known non-reasoning models (upstream `modelsWithoutReasoningEffort`).
const withoutReasoningEffort: ReadonlySet<string> = new Set([
  "codestral-2508",
  "codestral-latest",
  "ministral-14b-2512",
  "ministral-14b-latest",
  "ministral-3b-2512",
  "ministral-3b-latest",
  "ministral-8b-2512",
  "ministral-8b-latest",
  "mistral-code-fim-latest",
  "mistral-code-latest",
  "mistral-large-latest",
  "mistral-large-2512",
  "voxtral-small-2507",
  "voxtral-small-latest"
])

// GLM-5.3: no `none` (upstream `modelsWithLowHighMaxReasoningEffort`).
const lowHighMax: ReadonlySet<string> = new Set(["zai-glm-5", "zai-glm-5-3", "zai-glm-5-3-flash", "zai-glm-latest"])

// Mistral Large 4 on the chat API (upstream `modelsWithLowMediumHighReasoningEffort`).
const lowMediumHigh: ReadonlySet<string> = new Set(["mistral-large-4", "mistral-large-4-0"])

/**
 * The efforts `modelId` accepts; empty: no reasoning configuration.
 *
 * @since 0.1.0
 */
export const reasoningEfforts = (modelId: string): ReadonlyArray<ReasoningEffort> =>
  withoutReasoningEffort.has(modelId)
    ? []
    : lowHighMax.has(modelId)
    ? ["low", "high", "max"]
    : lowMediumHigh.has(modelId)
    ? ["low", "medium", "high"]
    : ["none", "high"]
