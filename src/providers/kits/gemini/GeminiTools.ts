/**
 * Call tools as Gemini `tools` and `toolConfig` (upstream
 * `google-prepare-tools.ts`): function declarations, the provider tools
 * (`google.google_search`, `enterprise_web_search`, `url_context`,
 * `code_execution`, `file_search`, `vertex_rag_store`, `google_maps`) with
 * their model-dependent warnings, tool combination on Gemini 3.
 *
 * @since 0.1.0
 */
import type { CallTool, FunctionTool, ToolChoice } from "../../../contract/CallOptions.ts"
import type { Warning } from "../../../contract/Warning.ts"
import * as ModelCapabilities from "./internal/ModelCapabilities.ts"

/**
 * A function declaration.
 *
 * @since 0.1.0
 * @category models
 */
export interface FunctionDeclaration {
  readonly name: string
  readonly description: string
  readonly parametersJsonSchema: unknown
}

/**
 * The function-calling part of the tool config.
 *
 * @since 0.1.0
 * @category models
 */
export interface ToolConfig {
  readonly functionCallingConfig?: {
    readonly mode: "AUTO" | "NONE" | "ANY" | "VALIDATED"
    readonly allowedFunctionNames?: ReadonlyArray<string>
  }
  readonly includeServerSideToolInvocations?: true
}

/**
 * The prepared tools.
 *
 * @since 0.1.0
 * @category models
 */
export interface PreparedTools {
  readonly tools: ReadonlyArray<Readonly<Record<string, unknown>>> | undefined
  readonly toolConfig: ToolConfig | undefined
  readonly toolWarnings: Array<Warning>
}

const declaration = (tool: FunctionTool): FunctionDeclaration => ({
  name: tool.name,
  description: tool.description ?? "",
  parametersJsonSchema: tool.inputSchema
})

const choiceConfig = (toolChoice: ToolChoice): ToolConfig["functionCallingConfig"] | undefined => {
  switch (toolChoice.type) {
    case "auto":
      return undefined
    case "none":
      return { mode: "NONE" }
    case "required":
      return { mode: "ANY" }
    case "tool":
      return { mode: "ANY", allowedFunctionNames: [toolChoice.toolName] }
  }
}

/**
 * Prepares the tools of a call.
 *
 * @since 0.1.0
 * @category tools
 */
export const prepareTools = (options: {
  readonly tools: ReadonlyArray<CallTool> | undefined
  readonly toolChoice: ToolChoice | undefined
  readonly modelId: string
  readonly isVertexProvider: boolean
}): PreparedTools => {
  const { isVertexProvider, modelId, toolChoice } = options
  // NONE only disables function calling: provider tools are dropped so they
  // cannot run server-side; declarations stay for the history.
  const filtered = toolChoice?.type === "none"
    ? options.tools?.filter((tool) => tool.type === "function")
    : options.tools
  const tools = filtered !== undefined && filtered.length > 0 ? filtered : undefined
  const toolWarnings: Array<Warning> = []
  const { supportsFileSearch, supportsGemini2Tools, usesGemini3Features } = ModelCapabilities.of(modelId)
  if (tools === undefined) return { tools: undefined, toolConfig: undefined, toolWarnings }

  const hasFunctionTools = tools.some((tool) => tool.type === "function")
  const hasProviderTools = tools.some((tool) => tool.type === "provider")
  if (hasFunctionTools && hasProviderTools && !usesGemini3Features) {
    toolWarnings.push({ type: "unsupported", feature: "combination of function and provider-defined tools" })
  }

  if (hasProviderTools) {
    const googleTools: Array<Readonly<Record<string, unknown>>> = []
    const gated = (id: string, ok: boolean, tool: Readonly<Record<string, unknown>>, details: string) => {
      if (ok) googleTools.push(tool)
      else toolWarnings.push({ type: "unsupported", feature: `provider-defined tool ${id}`, details })
    }
    for (const tool of tools) {
      if (tool.type !== "provider") continue
      switch (tool.id) {
        case "google.google_search":
          gated(tool.id, supportsGemini2Tools, { googleSearch: { ...tool.args } }, "Google Search requires Gemini 2.0 or newer.")
          break
        case "google.enterprise_web_search":
          gated(
            tool.id,
            supportsGemini2Tools,
            { enterpriseWebSearch: {} },
            "Enterprise Web Search requires Gemini 2.0 or newer."
          )
          break
        case "google.url_context":
          gated(
            tool.id,
            supportsGemini2Tools,
            { urlContext: {} },
            "The URL context tool is not supported with other Gemini models than Gemini 2."
          )
          break
        case "google.code_execution":
          gated(
            tool.id,
            supportsGemini2Tools,
            { codeExecution: {} },
            "The code execution tool is not supported with other Gemini models than Gemini 2."
          )
          break
        case "google.file_search":
          gated(
            tool.id,
            supportsFileSearch,
            { fileSearch: { ...tool.args } },
            "The file search tool is only supported with Gemini 2.5 models and Gemini 3 models."
          )
          break
        case "google.vertex_rag_store":
          gated(
            tool.id,
            supportsGemini2Tools,
            {
              retrieval: {
                vertex_rag_store: {
                  rag_resources: { rag_corpus: tool.args["ragCorpus"] },
                  similarity_top_k: tool.args["topK"]
                }
              }
            },
            "The RAG store tool is not supported with other Gemini models than Gemini 2."
          )
          break
        case "google.google_maps":
          gated(
            tool.id,
            supportsGemini2Tools,
            { googleMaps: {} },
            "The Google Maps grounding tool is not supported with Gemini models other than Gemini 2 or newer."
          )
          break
        default:
          toolWarnings.push({ type: "unsupported", feature: `provider-defined tool ${tool.id}` })
      }
    }

    if (hasFunctionTools && usesGemini3Features && googleTools.length > 0) {
      const functionDeclarations: Array<FunctionDeclaration> = []
      for (const tool of tools) if (tool.type === "function") functionDeclarations.push(declaration(tool))
      const functionCallingConfig = (toolChoice !== undefined ? choiceConfig(toolChoice) : undefined) ??
        { mode: "VALIDATED" as const }
      return {
        tools: [...googleTools, { functionDeclarations }],
        toolConfig: {
          functionCallingConfig,
          ...(!isVertexProvider && { includeServerSideToolInvocations: true as const })
        },
        toolWarnings
      }
    }
    return { tools: googleTools.length > 0 ? googleTools : undefined, toolConfig: undefined, toolWarnings }
  }

  const functionDeclarations: Array<FunctionDeclaration> = []
  let hasStrictTools = false
  for (const tool of tools) {
    if (tool.type === "function") {
      functionDeclarations.push(declaration(tool))
      if (tool.strict === true) hasStrictTools = true
    } else {
      toolWarnings.push({ type: "unsupported", feature: `function tool ${tool.name}` })
    }
  }
  const declarations = [{ functionDeclarations }]
  if (toolChoice === undefined) {
    return {
      tools: declarations,
      toolConfig: hasStrictTools ? { functionCallingConfig: { mode: "VALIDATED" } } : undefined,
      toolWarnings
    }
  }
  return {
    tools: declarations,
    toolConfig: {
      functionCallingConfig: choiceConfig(toolChoice) ?? { mode: hasStrictTools ? "VALIDATED" : "AUTO" }
    },
    toolWarnings
  }
}
