/**
 * Call options → the request body and warnings of the OpenAI-compatible chat
 * model (upstream `OpenAICompatibleChatLanguageModel.getArgs`), keys in
 * upstream's order.
 *
 * @since 0.1.0
 */
import { Effect, Schema } from "effect"
import type { CallOptions, ReasoningLevel } from "../../../contract/CallOptions.ts"
import type { ProviderOptions } from "../../../contract/ProviderMetadata.ts"
import type { Warning } from "../../../contract/Warning.ts"
import { type EffortLevel, isCustomReasoning } from "../../../provider-utils/MapReasoningToProvider.ts"
import { resolveProviderOptions } from "../../../provider-utils/ResolveProviderOptions.ts"
import { prepareTools } from "../../kits/openai/Tools.ts"
import { responseFormatBody } from "../../kits/openai/ResponseFormatBody.ts"
import { convertToChatMessages } from "./ConvertPrompt.ts"
import { ChatOptions } from "../OpenAICompatibleOptions.ts"

const chatOptionKeys: ReadonlyArray<string> = ["user", "reasoningEffort", "textVerbosity", "strictJsonSchema"]

/**
 * `snake_case` / `kebab-case` → `camelCase` as upstream `toCamelCase`.
 *
 * @since 0.1.0
 */
export const toCamelCase = (str: string): string => str.replace(/[_-]([a-z])/g, (g) => g[1].toUpperCase())

/**
 * The providerMetadata key: the camelCase name when the caller used it, else the raw name.
 *
 * @since 0.1.0
 */
export const resolveProviderOptionsKey = (rawName: string, providerOptions: ProviderOptions | undefined): string => {
  const camelName = toCamelCase(rawName)
  return camelName !== rawName && providerOptions?.[camelName] != null ? camelName : rawName
}

/**
 * What `getArgs` needs of the model configuration.
 *
 * @since 0.1.0
 */
export interface ArgsConfig {
  readonly modelId: string
  /** The provider options name (`provider.split('.')[0].trim()`). */
  readonly providerOptionsName: string
  readonly supportsStructuredOutputs: boolean
  readonly supportsMultiPartToolContent: boolean
  readonly mapReasoning?:
    | ((options: { readonly reasoning: EffortLevel | "none"; readonly warnings: Array<Warning> }) => string | undefined)
    | undefined
}

/**
 * The request body (without stream fields), the warnings and the metadata key.
 *
 * @since 0.1.0
 */
export const getArgs = Effect.fnUntraced(function*(options: CallOptions, config: ArgsConfig) {
  const warnings: Array<Warning> = []
  const name = config.providerOptionsName
  const camelName = toCamelCase(name)
  const providerOptions = options.providerOptions

  const resolved = yield* resolveProviderOptions(
    providerOptions,
    ["openai-compatible", "openaiCompatible", name, camelName],
    "merge",
    ChatOptions
  )
  if (resolved.namespaces.includes("openai-compatible")) {
    warnings.push({
      type: "deprecated",
      setting: "providerOptions key 'openai-compatible'",
      message: "Use 'openaiCompatible' instead."
    })
  }
  if (camelName !== name && providerOptions?.[name] != null) {
    warnings.push({
      type: "deprecated",
      setting: `providerOptions key '${name}'`,
      message: `Use '${camelName}' instead.`
    })
  }
  const compatibleOptions: ChatOptions = resolved.options ?? {}
  const strictJsonSchema = compatibleOptions.strictJsonSchema ?? true

  if (options.topK != null) {
    warnings.push({ type: "unsupported", feature: "topK" })
  }
  const responseFormat = options.responseFormat
  if (responseFormat?.type === "json" && responseFormat.schema != null && !config.supportsStructuredOutputs) {
    warnings.push({
      type: "unsupported",
      feature: "responseFormat",
      details: "JSON response format schema is only supported with structuredOutputs"
    })
  }

  const { toolChoice, toolWarnings, tools } = prepareTools(options.tools, options.toolChoice)
  const metadataKey = resolveProviderOptionsKey(name, providerOptions)

  const reasoning: ReasoningLevel | undefined = options.reasoning
  const reasoningEffort = compatibleOptions.reasoningEffort !== undefined
    ? compatibleOptions.reasoningEffort
    : isCustomReasoning(reasoning)
    ? config.mapReasoning != null ? config.mapReasoning({ reasoning, warnings }) : reasoning
    : undefined

  const passthrough = Object.fromEntries(
    Object.entries({ ...providerOptions?.[name], ...providerOptions?.[camelName] }).filter(
      ([key]) => !chatOptionKeys.includes(key)
    )
  )

  const messages = yield* convertToChatMessages(options.prompt, {
    provider: name,
    providerOptionsKey: metadataKey,
    supportsMultiPartToolContent: config.supportsMultiPartToolContent
  })

  const args: Record<string, unknown> = {
    model: config.modelId,
    user: compatibleOptions.user,
    max_tokens: options.maxOutputTokens,
    temperature: options.temperature,
    top_p: options.topP,
    frequency_penalty: options.frequencyPenalty,
    presence_penalty: options.presencePenalty,
    response_format: responseFormatBody(responseFormat, {
      structuredOutputs: config.supportsStructuredOutputs,
      strict: strictJsonSchema
    }),
    stop: options.stopSequences,
    seed: options.seed,
    ...passthrough,
    ...(reasoningEffort !== undefined ? { reasoning_effort: reasoningEffort } : {}),
    ...(compatibleOptions.textVerbosity !== undefined ? { verbosity: compatibleOptions.textVerbosity } : {}),
    messages,
    tools,
    tool_choice: toolChoice
  }

  return { args, warnings: [...warnings, ...toolWarnings], metadataKey }
})
