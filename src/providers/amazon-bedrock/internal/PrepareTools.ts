/**
 * Call tools → Converse `toolConfig` (upstream
 * `amazon-bedrock-prepare-tools.ts`): function tools as `toolSpec`s,
 * Anthropic web tools dropped with a warning, forced tool choice relaxed for
 * models that reject it, `disableParallelToolUse` as an Anthropic
 * `tool_choice` in the additional model request fields.
 *
 * Anthropic provider-defined tools (computer, bash, text editor, ...) on an
 * Anthropic model are sent as `toolSpec`s with their input schemas; their tool
 * choice, warnings and betas come from the Anthropic kit's preparation, as
 * upstream takes them from the Anthropic package.
 *
 * @internal
 */
import type { CallTool, FunctionTool, ToolChoice } from "../../../contract/CallOptions.ts"
import type { Warning } from "../../../contract/Warning.ts"
import type { Tool, ToolConfiguration } from "../AmazonBedrockApi.ts"
import { prepareHostedTools } from "../../kits/anthropic/AnthropicTools.ts"
import { anthropicToolInputSchemas } from "./AnthropicToolSchemas.ts"
import { isAnthropicModel as detectAnthropicModel, supportsStrictTools } from "./ModelSupport.ts"

/** What `prepareTools` produces. */
export interface PreparedTools {
  readonly toolConfig: ToolConfiguration
  readonly additionalTools: Record<string, unknown> | undefined
  readonly betas: Set<string>
  readonly toolWarnings: Array<Warning>
}

const unsupportedWebTools = new Set([
  "anthropic.web_search_20250305",
  "anthropic.web_search_20260318",
  "anthropic.web_fetch_20260318"
])

const isObject = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

// Upstream `isStrictToolSchemaCompatible`: every object schema sets `additionalProperties: false`.
const isStrictCompatible = (schema: unknown): boolean => {
  if (typeof schema === "boolean" || !isObject(schema)) return true
  const type = schema["type"]
  if ((type === "object" || (Array.isArray(type) && type.includes("object"))) && schema["additionalProperties"] !== false) {
    return false
  }
  for (const key of ["properties", "patternProperties", "definitions", "$defs"]) {
    const map = schema[key]
    if (map != null && isObject(map) && Object.values(map).some((definition) => !isStrictCompatible(definition))) {
      return false
    }
  }
  const dependencies = schema["dependencies"]
  if (
    dependencies != null && isObject(dependencies) &&
    Object.values(dependencies).some((dependency) => !Array.isArray(dependency) && !isStrictCompatible(dependency))
  ) {
    return false
  }
  for (const key of ["propertyNames", "contains", "not", "if", "then", "else"]) {
    const nested = schema[key]
    if (nested != null && !isStrictCompatible(nested)) return false
  }
  const items = schema["items"]
  if (items != null && (Array.isArray(items) ? items.some((item) => !isStrictCompatible(item)) : !isStrictCompatible(items))) {
    return false
  }
  return ["anyOf", "allOf", "oneOf"].every((key) => {
    const alternatives = schema[key]
    return alternatives == null || !Array.isArray(alternatives) || alternatives.every(isStrictCompatible)
  })
}

/** Upstream `prepareTools`. */
export const prepareTools = (options: {
  readonly tools: ReadonlyArray<CallTool> | undefined
  readonly toolChoice: ToolChoice | undefined
  readonly modelId: string
  readonly modelFamily: "anthropic" | undefined
  readonly reasoningBudgetTokens: number | undefined
  readonly disableParallelToolUse: boolean | undefined
  readonly rejectsForcedToolUse: boolean
}): PreparedTools => {
  const toolWarnings: Array<Warning> = []
  const betas = new Set<string>()
  const { disableParallelToolUse, modelId, rejectsForcedToolUse, toolChoice, tools } = options
  const none: PreparedTools = { toolConfig: {}, additionalTools: undefined, betas, toolWarnings }
  if (tools == null || tools.length === 0) return none

  const supportedTools = tools.filter((tool) => {
    if (tool.type === "provider" && unsupportedWebTools.has(tool.id)) {
      const name = tool.id.slice("anthropic.".length)
      toolWarnings.push({
        type: "unsupported",
        feature: `${name} tool`,
        details: `The ${name} tool is not supported on Amazon Bedrock.`
      })
      return false
    }
    return true
  })
  if (supportedTools.length === 0) return none

  const isAnthropicModel = detectAnthropicModel({
    modelId,
    modelFamily: options.modelFamily,
    reasoningBudgetTokens: options.reasoningBudgetTokens
  })
  const providerTools = supportedTools.filter((tool) => tool.type === "provider")
  const functionTools = supportedTools.filter((tool): tool is FunctionTool => tool.type === "function")
  const rejectsForcedToolChoice = isAnthropicModel && rejectsForcedToolUse &&
    (toolChoice?.type === "required" || toolChoice?.type === "tool")
  const providerToolsForRequest = rejectsForcedToolChoice && toolChoice?.type === "tool"
    ? providerTools.filter((tool) => tool.name === toolChoice.toolName)
    : providerTools

  let additionalTools: Record<string, unknown> | undefined = undefined
  const bedrockTools: Array<Tool> = []

  const usingAnthropicTools = isAnthropicModel && providerToolsForRequest.length > 0
  if (usingAnthropicTools) {
    const anthropic = prepareHostedTools({ tools: providerTools, toolChoice, disableParallelToolUse, rejectsForcedToolUse })
    toolWarnings.push(...anthropic.toolWarnings)
    for (const beta of anthropic.betas) betas.add(beta)
    // only the tool choice goes into the additional fields; the definitions are toolSpecs
    if (anthropic.toolChoice) additionalTools = { tool_choice: anthropic.toolChoice }
    for (const tool of providerToolsForRequest) {
      const schema = Object.hasOwn(anthropicToolInputSchemas, tool.id) ? anthropicToolInputSchemas[tool.id] : undefined
      if (schema !== undefined) bedrockTools.push({ toolSpec: { name: tool.name, inputSchema: { json: schema } } })
      // upstream's message is a plain string, not a template: the id is not substituted
      else toolWarnings.push({ type: "unsupported", feature: "tool ${tool.id}" })
    }
  } else {
    for (const tool of providerToolsForRequest) toolWarnings.push({ type: "unsupported", feature: `tool ${tool.id}` })
  }

  let preparedToolChoice = toolChoice
  if (!usingAnthropicTools && rejectsForcedToolChoice) {
    toolWarnings.push({
      type: "unsupported",
      feature: "toolChoice",
      details: toolChoice?.type === "tool"
        ? `toolChoice 'tool' is not supported by this model because it rejects forced tool use. ` +
          `Only the '${toolChoice.toolName}' tool is sent with 'auto' tool choice. ` +
          `Instruct the model to use the tool in the prompt and verify that a tool call was made.`
        : `toolChoice 'required' is not supported by this model because it rejects forced tool use. ` +
          `Using 'auto' instead. Instruct the model to use a tool in the prompt and verify that a tool call was made.`
    })
    preparedToolChoice = { type: "auto" }
  }

  const filteredFunctionTools = toolChoice?.type === "tool"
    ? functionTools.filter((tool) => tool.name === toolChoice.toolName)
    : functionTools
  const supportsStrictOnTools = supportsStrictTools(modelId)

  for (const tool of filteredFunctionTools) {
    const supportsStrictForTool = supportsStrictOnTools && (tool.strict !== true || isStrictCompatible(tool.inputSchema))
    if (!supportsStrictOnTools && tool.strict != null) {
      toolWarnings.push({
        type: "unsupported",
        feature: "strict",
        details:
          `Tool '${tool.name}' has strict: ${tool.strict}, but strict mode is not supported by this model on Amazon Bedrock. The strict property will be ignored.`
      })
    } else if (tool.strict === true && !supportsStrictForTool) {
      toolWarnings.push({
        type: "unsupported",
        feature: "strict",
        details:
          `Tool '${tool.name}' has strict: true, but Amazon Bedrock requires every object in a strict tool schema to set additionalProperties: false. The strict property will be ignored.`
      })
    }
    bedrockTools.push({
      toolSpec: {
        name: tool.name,
        ...(tool.description?.trim() !== "" ? { description: tool.description } : {}),
        ...(tool.strict != null && supportsStrictForTool ? { strict: tool.strict } : {}),
        inputSchema: { json: tool.inputSchema }
      }
    })
  }

  if (isAnthropicModel && !usingAnthropicTools && disableParallelToolUse && bedrockTools.length > 0 && preparedToolChoice?.type !== "none") {
    additionalTools = {
      tool_choice: preparedToolChoice?.type === "required"
        ? { type: "any", disable_parallel_tool_use: true }
        : preparedToolChoice?.type === "tool"
        ? { type: "tool", name: preparedToolChoice.toolName, disable_parallel_tool_use: true }
        : { type: "auto", disable_parallel_tool_use: true }
    }
  }

  let bedrockToolChoice: ToolConfiguration["toolChoice"] = undefined
  if (additionalTools?.["tool_choice"] == null && bedrockTools.length > 0 && preparedToolChoice) {
    switch (preparedToolChoice.type) {
      case "auto":
        bedrockToolChoice = { auto: {} }
        break
      case "required":
        bedrockToolChoice = { any: {} }
        break
      case "none":
        bedrockTools.length = 0
        bedrockToolChoice = undefined
        break
      case "tool":
        bedrockToolChoice = { tool: { name: preparedToolChoice.toolName } }
        break
    }
  }

  return {
    toolConfig: bedrockTools.length > 0 ? { tools: bedrockTools, toolChoice: bedrockToolChoice } : {},
    additionalTools,
    betas,
    toolWarnings
  }
}
