/**
 * The request body fields of the Anthropic provider options (output config, MCP servers,
 * container and skills, safeguards, compaction, context management) and the betas they need
 * (upstream `AnthropicLanguageModel.prepareRequest`).
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import type { CallTool } from "../../../../contract/CallOptions.ts"
import type { Warning } from "../../../../contract/Warning.ts"
import { resolveProviderReference } from "../../../../provider-utils/ResolveProviderReference.ts"
import type { LanguageModelOptions } from "../AnthropicOptions.ts"
import type { ThinkingSettings } from "./Thinking.ts"

/**
 * The body's `output_config` field: effort, task budget and structured output format.
 *
 * @since 0.1.0
 */
export const outputConfigArgs = (
  options: LanguageModelOptions,
  outputFormat: { readonly [key: string]: unknown } | undefined
) => {
  const taskBudget = options.taskBudget
  return (options.effort || taskBudget || outputFormat) && {
    output_config: {
      ...(options.effort && { effort: options.effort }),
      ...(taskBudget && {
        task_budget: {
          type: taskBudget.type,
          total: taskBudget.total,
          ...(taskBudget.remaining != null && { remaining: taskBudget.remaining })
        }
      }),
      ...(outputFormat && { format: outputFormat })
    }
  }
}

/**
 * The body's `mcp_servers` field.
 *
 * @since 0.1.0
 */
export const mcpServersArgs = (options: LanguageModelOptions) =>
  options.mcpServers && options.mcpServers.length > 0 && {
    mcp_servers: options.mcpServers.map((server) => ({
      type: server.type,
      name: server.name,
      url: server.url,
      authorization_token: server.authorizationToken,
      tool_configuration: server.toolConfiguration
        ? { allowed_tools: server.toolConfiguration.allowedTools, enabled: server.toolConfiguration.enabled }
        : undefined
    }))
  }

/**
 * The body's `container` field: the container id, or the id with its skills (custom skills by
 * their provider reference).
 *
 * @since 0.1.0
 */
export const containerArgs = Effect.fnUntraced(function*(options: LanguageModelOptions) {
  const skills: Array<{ type: string; skill_id: string; version: string | undefined }> = []
  for (const skill of options.container?.skills ?? []) {
    skills.push({
      type: skill.type,
      skill_id: skill.type === "custom"
        ? yield* resolveProviderReference(skill.providerReference, "anthropic")
        : skill.skillId,
      version: skill.version
    })
  }
  return options.container && {
    container: options.container.skills && options.container.skills.length > 0
      ? { id: options.container.id, skills }
      : options.container.id
  }
})

/**
 * The body's `safeguards` field.
 *
 * @since 0.1.0
 */
export const safeguardsArgs = (options: LanguageModelOptions) =>
  options.safeguards && options.safeguards.length > 0 && {
    safeguards: options.safeguards.map((safeguard) => ({
      type: safeguard.type,
      ...(safeguard.classifierContext !== undefined && { classifier_context: safeguard.classifierContext })
    }))
  }

type ContextEdit = NonNullable<LanguageModelOptions["contextManagement"]>["edits"][number]

const contextEditArgs = (edit: ContextEdit) => {
  switch (edit.type) {
    case "clear_tool_uses_20250919":
      return {
        type: edit.type,
        ...(edit.trigger !== undefined && { trigger: edit.trigger }),
        ...(edit.keep !== undefined && { keep: edit.keep }),
        ...(edit.clearAtLeast !== undefined && { clear_at_least: edit.clearAtLeast }),
        ...(edit.clearToolInputs !== undefined && { clear_tool_inputs: edit.clearToolInputs }),
        ...(edit.excludeTools !== undefined && { exclude_tools: edit.excludeTools })
      }
    case "clear_thinking_20251015":
      return { type: edit.type, ...(edit.keep !== undefined && { keep: edit.keep }) }
    case "compact_20260112":
      return {
        type: edit.type,
        ...(edit.trigger !== undefined && { trigger: edit.trigger }),
        ...(edit.pauseAfterCompaction !== undefined && { pause_after_compaction: edit.pauseAfterCompaction }),
        ...(edit.instructions !== undefined && { instructions: edit.instructions })
      }
  }
}

/**
 * The body's `compaction` and `context_management` fields (the two exclude each other).
 *
 * @since 0.1.0
 */
export const contextArgs = (options: LanguageModelOptions) => {
  const { compaction, contextManagement } = options
  return {
    ...(compaction && {
      compaction: { type: compaction.type, ...(compaction.instructions !== undefined && { instructions: compaction.instructions }) }
    }),
    ...(contextManagement && { context_management: { edits: contextManagement.edits.map(contextEditArgs) } })
  }
}

/**
 * Adds the betas the provider options and thinking settings need; skills without a code
 * execution tool get a warning.
 *
 * @since 0.1.0
 */
export const addOptionBetas = (
  betas: Set<string>,
  options: LanguageModelOptions,
  thinking: ThinkingSettings,
  tools: ReadonlyArray<CallTool> | undefined,
  warnings: Array<Warning>
): void => {
  if (options.mcpServers && options.mcpServers.length > 0) betas.add("mcp-client-2025-04-04")
  if (options.safeguards && options.safeguards.length > 0) betas.add("dangerous-tool-use-2026-09-03")
  if (options.compaction) betas.add("compact-2026-09-04")
  if (options.contextManagement) {
    betas.add("context-management-2025-06-27")
    if (options.contextManagement.edits.some((e) => e.type === "compact_20260112")) betas.add("compact-2026-01-12")
  }
  if (options.container?.skills && options.container.skills.length > 0) {
    betas.add("code-execution-2025-08-25")
    betas.add("skills-2025-10-02")
    betas.add("files-api-2025-04-14")
    if (
      !tools?.some((tool) =>
        tool.type === "provider" &&
        (tool.id === "anthropic.code_execution_20250825" || tool.id === "anthropic.code_execution_20260120")
      )
    ) {
      warnings.push({ type: "other", message: "code execution tool is required when using skills" })
    }
  }
  if (options.taskBudget) betas.add("task-budgets-2026-03-13")
  if (options.speed === "fast") betas.add("fast-mode-2026-02-01")
  if (thinking.display === "updates") betas.add("thinking-display-updates-2026-08-18")
  if (thinking.blockBinding != null) betas.add("thinking-binding-controls-2026-08-01")
  if (options.fallbacks === "default") betas.add("server-side-fallback-2026-07-01")
  else if (options.fallbacks && options.fallbacks.length > 0) {
    betas.add("server-side-fallback-2026-06-01")
  }
}
