/**
 * Model-id rules of the Bedrock provider (upstream
 * `amazon-bedrock-anthropic-model-support.ts`, `normalize-tool-call-id.ts`).
 *
 * @internal
 */

/** Whether the model is an Anthropic model (by family, id, or an inference profile with a thinking budget). */
export const isAnthropicModel = (options: {
  readonly modelId: string
  readonly modelFamily?: "anthropic" | undefined
  readonly reasoningBudgetTokens?: number | undefined
}): boolean =>
  options.modelFamily === "anthropic" ||
  options.modelId.includes("anthropic") ||
  (options.modelId.includes(":application-inference-profile/") && options.reasoningBudgetTokens != null)

// Bedrock validates against its own copy of the Messages schema, which rejects
// `output_config.format` and tool `strict` for the newest Claude models.
const MODELS_WITHOUT_STRICT_TOOL_SUPPORT = [
  "claude-opus-4-7",
  "claude-opus-4-8",
  "claude-opus-5",
  "claude-fable-5",
  "claude-sonnet-5"
]

const MODELS_WITHOUT_RELIABLE_NATIVE_STRUCTURED_OUTPUT = [
  ...MODELS_WITHOUT_STRICT_TOOL_SUPPORT,
  "claude-sonnet-4-6",
  "claude-haiku-4-5"
]

const matchesModel = (modelId: string, models: ReadonlyArray<string>): boolean =>
  models.some((model) => modelId.includes(model))

/** Whether tool `strict` may be sent. */
export const supportsStrictTools = (modelId: string): boolean => !matchesModel(modelId, MODELS_WITHOUT_STRICT_TOOL_SUPPORT)

/** Whether `output_config.format` is reliable for the model. */
export const supportsNativeStructuredOutput = (modelId: string): boolean =>
  !matchesModel(modelId, MODELS_WITHOUT_RELIABLE_NATIVE_STRUCTURED_OUTPUT)

/** Mistral models (`mistral.` anywhere in the id). */
export const isMistralModel = (modelId: string): boolean => modelId.includes("mistral.")

/** Nova 2 Lite, the Nova reasoning model. */
export const isNova2ReasoningModel = (modelId: string): boolean => modelId.includes("amazon.nova-2-lite-v1:0")

const base62Characters = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
const base62Length = BigInt(base62Characters.length)
const normalizedToolCallIdLength = 9
const normalizedToolCallIdSpace = base62Length ** BigInt(normalizedToolCallIdLength)
const fnvOffsetBasis64 = BigInt("14695981039346656037")
const fnvPrime64 = BigInt("1099511628211")
const fnv64BitMask = BigInt("18446744073709551615")

// FNV-1a 64-bit over UTF-16 code units, then 9 base62 digits (upstream `convertToBase62Hash`).
const convertToBase62Hash = (value: string): string => {
  let hash = fnvOffsetBasis64
  for (let i = 0; i < value.length; i++) {
    hash ^= BigInt(value.charCodeAt(i))
    hash = (hash * fnvPrime64) & fnv64BitMask
  }
  let rest = hash % normalizedToolCallIdSpace
  let result = ""
  for (let i = 0; i < normalizedToolCallIdLength; i++) {
    result = base62Characters[Number(rest % base62Length)] + result
    rest /= base62Length
  }
  return result
}

/** Mistral needs 9 alphanumeric characters; other ids pass unchanged. */
export const normalizeToolCallId = (toolCallId: string, isMistral: boolean): string => {
  if (!isMistral) return toolCallId
  if (/^[a-zA-Z0-9]{9}$/.test(toolCallId)) return toolCallId
  return convertToBase62Hash(toolCallId)
}
