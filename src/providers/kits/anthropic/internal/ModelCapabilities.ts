/**
 * Per-model request capabilities (upstream `anthropic-model-catalog.ts`,
 * `getAnthropicModelCapabilities`): max output tokens and which parameters a
 * model rejects, matched on the model id as upstream does.
 *
 * @since 0.1.0
 */

/**
 * What the request builder needs to know about a model.
 *
 * @since 0.1.0
 */
export interface ModelCapabilities {
  readonly maxOutputTokens: number
  readonly supportsStructuredOutput: boolean
  readonly supportsAdaptiveThinking: boolean
  readonly rejectsSamplingParameters: boolean
  readonly supportsXhighEffort: boolean
  readonly rejectsThinkingDisabledAboveHighEffort: boolean
  readonly rejectsThinkingDisabled: boolean
  readonly rejectsBudgetThinking: boolean
  readonly rejectsForcedToolUse: boolean
  readonly supportsBetweenToolsThinking: boolean
  readonly isKnownModel: boolean
}

interface Runtime {
  readonly maxOutputTokens: number
  readonly nativeStructuredOutput: boolean
  readonly adaptiveThinking: boolean
  readonly samplingParameters: boolean
  readonly xhighEffort: boolean
  readonly thinkingCanBeDisabledAboveHighEffort: boolean
  readonly thinkingCanBeDisabled: boolean
  readonly budgetThinking: boolean
  readonly forcedToolUse: boolean
  readonly betweenToolsThinking: boolean
  readonly knownModel: boolean
}

const define = (overrides: Partial<Runtime>): Runtime => ({
  maxOutputTokens: 4096,
  nativeStructuredOutput: false,
  adaptiveThinking: false,
  samplingParameters: true,
  xhighEffort: false,
  thinkingCanBeDisabledAboveHighEffort: true,
  thinkingCanBeDisabled: true,
  budgetThinking: true,
  forcedToolUse: true,
  betweenToolsThinking: false,
  knownModel: true,
  ...overrides
})

const currentClaude = define({ maxOutputTokens: 128000, nativeStructuredOutput: true, adaptiveThinking: true })
const currentClaudeWithoutSampling = define({ ...currentClaude, samplingParameters: false, xhighEffort: true })

const rules: ReadonlyArray<readonly [(modelId: string) => boolean, Runtime]> = [
  [(id) => id.includes("claude-sonnet-5-5"), define({
    ...currentClaudeWithoutSampling,
    thinkingCanBeDisabledAboveHighEffort: false,
    thinkingCanBeDisabled: false,
    budgetThinking: false,
    forcedToolUse: false,
    betweenToolsThinking: true
  })],
  [(id) => id.includes("claude-opus-5-5"), define({
    ...currentClaudeWithoutSampling,
    thinkingCanBeDisabledAboveHighEffort: false,
    thinkingCanBeDisabled: false,
    budgetThinking: false,
    forcedToolUse: false
  })],
  [(id) => id.includes("claude-haiku-5-5"), define({
    ...currentClaudeWithoutSampling,
    thinkingCanBeDisabledAboveHighEffort: false,
    budgetThinking: false
  })],
  [(id) => id.includes("claude-opus-5"), define({ ...currentClaudeWithoutSampling, thinkingCanBeDisabledAboveHighEffort: false })],
  [(id) => id.includes("claude-fable-5-2") || id.includes("claude-fable-5-1"), define({
    ...currentClaudeWithoutSampling,
    thinkingCanBeDisabled: false,
    budgetThinking: false,
    forcedToolUse: false
  })],
  [(id) => id.includes("claude-fable-5"), define({
    ...currentClaudeWithoutSampling,
    thinkingCanBeDisabled: false,
    budgetThinking: false
  })],
  [
    (id) => id.includes("claude-opus-4-8") || id.includes("claude-opus-4-7") || id.includes("claude-sonnet-5"),
    currentClaudeWithoutSampling
  ],
  [(id) => id.includes("claude-sonnet-4-6") || id.includes("claude-opus-4-6"), currentClaude],
  [
    (id) => id.includes("claude-sonnet-4-5") || id.includes("claude-opus-4-5") || id.includes("claude-haiku-4-5"),
    define({ maxOutputTokens: 64000, nativeStructuredOutput: true })
  ],
  [(id) => id.includes("claude-opus-4-1"), define({ maxOutputTokens: 32000, nativeStructuredOutput: true })],
  [(id) => /claude-sonnet-4(?:-|@)/.test(id), define({ maxOutputTokens: 64000 })],
  [(id) => /claude-opus-4(?:-|@)/.test(id), define({ maxOutputTokens: 32000 })],
  [(id) => id.includes("claude-3-haiku"), define({})],
  [(id) => /claude-(?:instant(?:-|$)|v?2(?=$|[-.:])|3(?=$|[-.]))/.test(id), define({ knownModel: false })]
]

const resolveRuntime = (modelId: string): Runtime => {
  for (const [matches, runtime] of rules) {
    if (matches(modelId)) return runtime
  }
  return modelId.includes("claude-")
    ? define({ ...currentClaudeWithoutSampling, thinkingCanBeDisabledAboveHighEffort: false, knownModel: false })
    : define({ knownModel: false })
}

/**
 * The capabilities of a model id.
 *
 * @since 0.1.0
 */
export const getModelCapabilities = (modelId: string): ModelCapabilities => {
  const runtime = resolveRuntime(modelId)
  return {
    maxOutputTokens: runtime.maxOutputTokens,
    supportsStructuredOutput: runtime.nativeStructuredOutput,
    supportsAdaptiveThinking: runtime.adaptiveThinking,
    rejectsSamplingParameters: !runtime.samplingParameters,
    supportsXhighEffort: runtime.xhighEffort,
    rejectsThinkingDisabledAboveHighEffort: !runtime.thinkingCanBeDisabledAboveHighEffort,
    rejectsThinkingDisabled: !runtime.thinkingCanBeDisabled,
    rejectsBudgetThinking: !runtime.budgetThinking,
    rejectsForcedToolUse: !runtime.forcedToolUse,
    supportsBetweenToolsThinking: runtime.betweenToolsThinking,
    isKnownModel: runtime.knownModel
  }
}
