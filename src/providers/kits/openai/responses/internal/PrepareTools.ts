/**
 * Port of upstream `prepareResponsesTools` (`responses/openai-responses-prepare-tools.ts`):
 * call tools → the Responses `tools` array and `tool_choice`, provider tool
 * args decoded with their Schemas and written in upstream's key order.
 *
 * @internal
 */
import { Effect, Result } from "effect"
import { resolveProviderReference } from "../../../../../provider-utils/ResolveProviderReference.ts"
import type { CallTool, FunctionTool, ToolChoice } from "../../../../../contract/CallOptions.ts"
import { UnsupportedFunctionalityError } from "../../../../../contract/errors/UnsupportedFunctionalityError.ts"
import type { Warning } from "../../../../../contract/Warning.ts"
import * as Tools from "../OpenAIResponsesTools.ts"
import { normalizeOpenAIJsonSchema } from "../../internal/NormalizeJsonSchema.ts"
import { validate } from "./InputContext.ts"
import type { ToolNameMapping } from "./ToolNameMapping.ts"

type Json = Record<string, unknown>
type AllowedEntry = { type: string; name?: string; server_label?: string }
type Resolution = { supported: true; entry: AllowedEntry } | { supported: false; reason: string }

const validateFileSearch = validate(Tools.FileSearchArgs)
const validateShell = validate(Tools.ShellArgs)
const validateWebSearchPreview = validate(Tools.WebSearchPreviewArgs)
const validateWebSearch = validate(Tools.WebSearchArgs)
const validateCodeInterpreter = validate(Tools.CodeInterpreterArgs)
const validateImageGeneration = validate(Tools.ImageGenerationArgs)
const validateMcp = validate(Tools.McpArgs)
const validateCustom = validate(Tools.CustomArgs)
const validateToolSearch = validate(Tools.ToolSearchArgs)

/** @internal */
export interface PrepareToolsOptions {
  readonly tools: ReadonlyArray<CallTool> | undefined
  readonly toolChoice: ToolChoice | undefined
  readonly allowedTools: { readonly toolNames: ReadonlyArray<string>; readonly mode?: "auto" | "required" | undefined } | undefined
  readonly toolNameMapping: ToolNameMapping
  readonly customProviderToolNames: Set<string>
  readonly outputSchemaToolNames: Set<string>
  readonly supportsAsyncToolCalling: boolean
  readonly providerOptionsName: string
}

const asRecord = (u: unknown): Json | undefined =>
  typeof u === "object" && u !== null && !Array.isArray(u) ? { ...u } : undefined

const resolveAsync = (value: unknown, supports: boolean, toolName: string, warnings: Array<Warning>) => {
  const flag = typeof value === "boolean" ? value : undefined
  if (flag !== true || supports) return flag
  warnings.push({
    type: "unsupported",
    feature: `async tool calling for "${toolName}"`,
    details: "Async tool calling is only supported by GPT-6 and later models."
  })
  return undefined
}

const functionTool = (tool: FunctionTool, options: Json | undefined, warnings: Array<Warning>, async: boolean | undefined) =>
  Effect.gen(function*() {
    const input = normalizeOpenAIJsonSchema({ ...tool.inputSchema })
    if (Result.isFailure(input)) return yield* input.failure
    const outputSchema = asRecord(options?.["outputSchema"])
    const output = outputSchema != null ? normalizeOpenAIJsonSchema(outputSchema) : undefined
    if (output !== undefined && Result.isFailure(output)) return yield* output.failure
    warnings.push(...input.success.warnings, ...(output?.success.warnings ?? []))
    const deferLoading = options?.["deferLoading"]
    const allowedCallers = options?.["allowedCallers"]
    return {
      type: "function",
      name: tool.name,
      description: tool.description,
      parameters: input.success.schema,
      ...(async != null ? { async } : {}),
      strict: tool.strict ?? false,
      ...(deferLoading != null ? { defer_loading: deferLoading } : {}),
      ...(allowedCallers != null ? { allowed_callers: allowedCallers } : {}),
      ...(options?.["outputSchema"] != null ? { output_schema: output?.success.schema } : {})
    }
  })

const mapNetworkPolicy = (
  policy:
    | { readonly type: "disabled" }
    | { readonly type: "allowlist"; readonly allowedDomains: ReadonlyArray<string>; readonly domainSecrets?: ReadonlyArray<unknown> | undefined }
    | undefined
) =>
  policy == null
    ? undefined
    : policy.type === "disabled"
    ? { type: "disabled" }
    : { type: "allowlist", allowed_domains: policy.allowedDomains, domain_secrets: policy.domainSecrets }

const mapShellEnvironment = (env: NonNullable<typeof Tools.ShellArgs.Type["environment"]>) =>
  Effect.gen(function*() {
    if (env.type === "containerReference") return { type: "container_reference", container_id: env.containerId }
    if (env.type === "containerAuto") {
      let skills: Array<unknown> | undefined
      if (env.skills !== undefined) {
        skills = []
        for (const skill of env.skills) {
          skills.push(
            skill.type === "skillReference"
              ? {
                type: "skill_reference",
                skill_id: yield* resolveProviderReference(skill.providerReference, "openai"),
                version: skill.version ?? "latest"
              }
              : {
                type: "inline",
                name: skill.name,
                description: skill.description,
                source: { type: "base64", media_type: skill.source.mediaType, data: skill.source.data }
              }
          )
        }
      }
      return {
        type: "container_auto",
        file_ids: env.fileIds,
        memory_limit: env.memoryLimit,
        network_policy: mapNetworkPolicy(env.networkPolicy),
        skills
      }
    }
    return { type: "local", skills: env.skills }
  })

const providerTool = Effect.fnUntraced(function*(
  tool: Extract<CallTool, { type: "provider" }>,
  supportsAsync: boolean,
  warnings: Array<Warning>,
  customNames: Set<string>
) {
  switch (tool.id) {
    case "openai.file_search": {
      const args = yield* validateFileSearch(tool.args)
      return {
        type: "file_search",
        vector_store_ids: args.vectorStoreIds,
        max_num_results: args.maxNumResults,
        ranking_options: args.ranking
          ? { ranker: args.ranking.ranker, score_threshold: args.ranking.scoreThreshold }
          : undefined,
        filters: args.filters
      }
    }
    case "openai.local_shell":
      return { type: "local_shell" }
    case "openai.shell": {
      const args = yield* validateShell(tool.args)
      return { type: "shell", ...(args.environment && { environment: yield* mapShellEnvironment(args.environment) }) }
    }
    case "openai.apply_patch":
      return { type: "apply_patch" }
    case "openai.computer":
      return { type: "computer" }
    case "openai.web_search_preview": {
      const args = yield* validateWebSearchPreview(tool.args)
      return { type: "web_search_preview", search_context_size: args.searchContextSize, user_location: args.userLocation }
    }
    case "openai.web_search": {
      const args = yield* validateWebSearch(tool.args)
      return {
        type: "web_search",
        filters: args.filters != null
          ? { allowed_domains: args.filters.allowedDomains, blocked_domains: args.filters.blockedDomains }
          : undefined,
        external_web_access: args.externalWebAccess,
        search_context_size: args.searchContextSize,
        user_location: args.userLocation
      }
    }
    case "openai.code_interpreter": {
      const args = yield* validateCodeInterpreter(tool.args)
      const container = args.container
      return {
        type: "code_interpreter",
        container: container == null
          ? { type: "auto", file_ids: undefined }
          : typeof container === "string"
          ? container
          : {
            type: "auto",
            file_ids: container.fileIds,
            memory_limit: container.memoryLimit,
            network_policy: mapNetworkPolicy(container.networkPolicy)
          }
      }
    }
    case "openai.image_generation": {
      const args = yield* validateImageGeneration(tool.args)
      return {
        type: "image_generation",
        action: args.action,
        background: args.background,
        input_fidelity: args.inputFidelity,
        input_image_mask: args.inputImageMask
          ? { file_id: args.inputImageMask.fileId, image_url: args.inputImageMask.imageUrl }
          : undefined,
        model: args.model,
        moderation: args.moderation,
        partial_images: args.partialImages,
        quality: args.quality,
        output_compression: args.outputCompression,
        output_format: args.outputFormat,
        size: args.size
      }
    }
    case "openai.mcp": {
      const args = yield* validateMcp(tool.args)
      const approval = args.requireApproval
      const requireApproval = approval == null
        ? undefined
        : typeof approval === "string"
        ? approval
        : approval.never != null
        ? { never: { tool_names: approval.never.toolNames } }
        : undefined
      return {
        type: "mcp",
        server_label: args.serverLabel,
        allowed_tools: allowedToolsBody(args.allowedTools),
        authorization: args.authorization,
        connector_id: args.connectorId,
        headers: args.headers,
        require_approval: requireApproval ?? "never",
        server_description: args.serverDescription,
        server_url: args.serverUrl,
        tunnel_id: args.tunnelId
      }
    }
    case "openai.custom": {
      const args = yield* validateCustom(tool.args)
      const tool_ = {
        type: "custom",
        name: tool.name,
        description: args.description,
        ...(resolveAsync(args.async, supportsAsync, tool.name, warnings) != null ? { async: args.async } : {}),
        format: args.format
      }
      customNames.add(tool.name)
      return tool_
    }
    case "openai.programmatic_tool_calling":
      return { type: "programmatic_tool_calling" }
    case "openai.tool_search": {
      const args = yield* validateToolSearch(tool.args)
      return {
        type: "tool_search",
        ...(args.execution != null ? { execution: args.execution } : {}),
        ...(args.description != null ? { description: args.description } : {}),
        ...(args.parameters != null ? { parameters: args.parameters } : {})
      }
    }
    default:
      return undefined
  }
})

const allowedToolsBody = (
  allowed: ReadonlyArray<string> | { readonly readOnly?: boolean | undefined; readonly toolNames?: ReadonlyArray<string> | undefined } | undefined
) => {
  if (allowed === undefined || isStringArray(allowed)) return allowed
  return { read_only: allowed.readOnly, tool_names: allowed.toolNames }
}

const isStringArray = (u: unknown): u is ReadonlyArray<string> => Array.isArray(u)

const allowedKey = (entry: AllowedEntry): string =>
  entry.type === "mcp"
    ? `mcp:${entry.server_label}`
    : entry.type === "function" || entry.type === "custom"
    ? `${entry.type}:${entry.name}`
    : entry.type

const sameAllowed = (a: Resolution, b: Resolution): boolean =>
  a.supported && b.supported
    ? allowedKey(a.entry) === allowedKey(b.entry)
    : !a.supported && !b.supported
    ? a.reason === b.reason
    : false

const allowedSelfTypes = new Set([
  "file_search",
  "web_search",
  "web_search_preview",
  "image_generation",
  "code_interpreter",
  "computer",
  "apply_patch",
  "shell",
  "local_shell",
  "programmatic_tool_calling"
])

const toResolution = (tool: Json): Resolution => {
  const type = String(tool["type"])
  if (type === "custom") return { supported: true, entry: { type: "custom", name: String(tool["name"]) } }
  if (type === "mcp") return { supported: true, entry: { type: "mcp", server_label: String(tool["server_label"]) } }
  if (allowedSelfTypes.has(type)) return { supported: true, entry: { type } }
  return { supported: false, reason: `OpenAI does not support ${type} tools in tool_choice.allowed_tools` }
}

const builtinChoices = new Set([
  "code_interpreter",
  "file_search",
  "image_generation",
  "web_search_preview",
  "web_search",
  "mcp",
  "apply_patch",
  "computer",
  "programmatic_tool_calling"
])

/** @internal */
export const prepareResponsesTools = Effect.fnUntraced(function*(options: PrepareToolsOptions) {
  const toolWarnings: Array<Warning> = []
  const tools = options.tools != null && options.tools.length > 0 ? options.tools : undefined
  if (tools == null) return { tools: undefined, toolChoice: undefined, toolWarnings }
  const name = options.providerOptionsName
  const openaiTools: Array<Json> = []
  const namespaces = new Map<string, { type: "namespace"; name: string; description: unknown; tools: Array<Json> }>()
  const resolutions = new Map<string, Resolution>()
  const aliases = new Map<string, Resolution | "ambiguous">()
  const record = (toolName: string, resolution: Resolution, canonical: string | undefined) => {
    resolutions.set(toolName, resolution)
    if (canonical == null || canonical === toolName) return
    const existing = aliases.get(canonical)
    if (existing == null) aliases.set(canonical, resolution)
    else if (existing !== "ambiguous" && !sameAllowed(existing, resolution)) aliases.set(canonical, "ambiguous")
  }
  for (const tool of tools) {
    if (tool.type === "function") {
      const toolOptions = asRecord(tool.providerOptions?.[name] ?? tool.providerOptions?.["openai"])
      if (toolOptions?.["outputSchema"] != null) options.outputSchemaToolNames.add(tool.name)
      if (toolOptions?.["omitFromRequestTools"] === true) {
        record(tool.name, {
          supported: false,
          reason: "tools omitted from the request tools array cannot be allow-listed"
        }, undefined)
        if (options.allowedTools == null && options.toolChoice?.type === "tool" && options.toolChoice.toolName === tool.name) {
          return yield* new UnsupportedFunctionalityError({
            functionality:
              `forcing tool "${tool.name}" omitted from the request tools array; use automatic tool choice for history-loaded tools`
          })
        }
        continue
      }
      const prepared = yield* functionTool(
        tool,
        toolOptions,
        toolWarnings,
        resolveAsync(toolOptions?.["async"], options.supportsAsyncToolCalling, tool.name, toolWarnings)
      )
      const namespace = asRecord(toolOptions?.["namespace"])
      if (namespace == null) {
        openaiTools.push(prepared)
      } else {
        const nsName = String(namespace["name"])
        let ns = namespaces.get(nsName)
        if (ns == null) {
          ns = { type: "namespace", name: nsName, description: namespace["description"], tools: [] }
          namespaces.set(nsName, ns)
          openaiTools.push(ns)
        } else if (ns.description !== namespace["description"]) {
          return yield* new UnsupportedFunctionalityError({
            functionality: `conflicting descriptions for OpenAI tool namespace "${nsName}"`
          })
        }
        ns.tools.push(prepared)
      }
      record(
        tool.name,
        namespace != null
          ? {
            supported: false,
            reason: "tools inside an OpenAI tool namespace are not visible to tool_choice.allowed_tools"
          }
          : toolOptions?.["deferLoading"] === true
          ? { supported: false, reason: "deferred tools are not visible to tool_choice.allowed_tools" }
          : { supported: true, entry: { type: "function", name: tool.name } },
        undefined
      )
      continue
    }
    const prepared = yield* providerTool(tool, options.supportsAsyncToolCalling, toolWarnings, options.customProviderToolNames)
    if (prepared !== undefined) {
      openaiTools.push(prepared)
      record(tool.name, toResolution(prepared), options.toolNameMapping.toProviderToolName(tool.name))
    }
  }

  if (options.allowedTools != null) {
    const entries: Array<AllowedEntry> = []
    const dropped: Array<string> = []
    for (const toolName of options.allowedTools.toolNames) {
      const direct = resolutions.get(toolName)
      const resolution = direct ?? aliases.get(toolName)
      if (direct != null && aliases.has(toolName)) {
        toolWarnings.push({
          type: "unsupported",
          feature: `allowedTools entry "${toolName}"`,
          details:
            "this name is both a tool name and the provider tool name of another tool in this request; the tool with this name is allowed"
        })
      }
      if (resolution === "ambiguous") {
        toolWarnings.push({
          type: "unsupported",
          feature: `allowedTools entry "${toolName}"`,
          details:
            "several tools in this request share this provider tool name; use the tool name from the tools for this request instead"
        })
        dropped.push(toolName)
        continue
      }
      if (resolution == null) {
        toolWarnings.push({
          type: "unsupported",
          feature: `allowedTools entry "${toolName}"`,
          details: "the tool is not part of the tools for this request and is sent as a function tool"
        })
        entries.push({ type: "function", name: options.toolNameMapping.toProviderToolName(toolName) })
        continue
      }
      if (!resolution.supported) {
        toolWarnings.push({
          type: "unsupported",
          feature: `allowedTools entry "${toolName}"`,
          details: `${resolution.reason}; the tool is removed from the allowed tools`
        })
        dropped.push(toolName)
        continue
      }
      entries.push(resolution.entry)
    }
    if (entries.length === 0) {
      return yield* new UnsupportedFunctionalityError({
        functionality: `allowedTools with only tools that cannot be allow-listed (${dropped.join(", ")})`
      })
    }
    return {
      tools: openaiTools,
      toolChoice: { type: "allowed_tools", mode: options.allowedTools.mode ?? "auto", tools: entries },
      toolWarnings
    }
  }

  const choice = options.toolChoice
  if (choice == null) return { tools: openaiTools, toolChoice: undefined, toolWarnings }
  if (choice.type !== "tool") return { tools: openaiTools, toolChoice: choice.type, toolWarnings }
  const resolved = options.toolNameMapping.toProviderToolName(choice.toolName)
  return {
    tools: openaiTools,
    toolChoice: builtinChoices.has(resolved)
      ? { type: resolved }
      : options.customProviderToolNames.has(resolved)
      ? { type: "custom", name: resolved }
      : { type: "function", name: resolved },
    toolWarnings
  }
})
