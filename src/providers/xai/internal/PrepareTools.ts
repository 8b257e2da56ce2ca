/**
 * Call tools as xAI Responses `tools` and `tool_choice` (upstream
 * `xai-responses-prepare-tools.ts`): the server-side tools by id with their
 * validated arguments, function tools, and the tool choice (a server-side
 * tool cannot be forced).
 */
import { Effect, Result, Schema } from "effect"
import type { CallTool, ToolChoice } from "../../../contract/CallOptions.ts"
import { TypeValidationError } from "../../../contract/errors/TypeValidationError.ts"
import type { Warning } from "../../../contract/Warning.ts"
import { FileSearchArgs, ImageGenerationArgs, McpServerArgs, WebSearchArgs, XSearchArgs } from "../XAIOptions.ts"

/**
 * A tool of the request body (key order is upstream's).
 *
 * @since 0.2.0
 */
export type WireTool = Record<string, unknown>

/**
 * The request's tool choice.
 *
 * @since 0.2.0
 */
export type WireToolChoice = "auto" | "none" | "required" | { readonly type: "function"; readonly name: string }

// Upstream `validateTypes`: the arguments decoded or a `TypeValidationError`.
const validate = <A>(schema: Schema.Decoder<A>, value: unknown): Effect.Effect<A, TypeValidationError> => {
  const decoded = Schema.decodeUnknownResult(schema)(value)
  return Result.isSuccess(decoded)
    ? Effect.succeed(decoded.success)
    : Effect.fail(new TypeValidationError({ value, cause: decoded.failure }))
}

const providerTool = Effect.fnUntraced(function*(id: string, args: unknown) {
  switch (id) {
    case "xai.web_search": {
      const a = yield* validate(WebSearchArgs, args)
      const tool: WireTool = {
        type: "web_search",
        allowed_domains: a.allowedDomains,
        excluded_domains: a.excludedDomains,
        enable_image_search: a.enableImageSearch,
        enable_image_understanding: a.enableImageUnderstanding
      }
      return tool
    }
    case "xai.x_search": {
      const a = yield* validate(XSearchArgs, args)
      const tool: WireTool = {
        type: "x_search",
        allowed_x_handles: a.allowedXHandles,
        excluded_x_handles: a.excludedXHandles,
        from_date: a.fromDate,
        to_date: a.toDate,
        enable_image_understanding: a.enableImageUnderstanding,
        enable_video_understanding: a.enableVideoUnderstanding
      }
      return tool
    }
    case "xai.code_execution":
      return { type: "code_interpreter" }
    case "xai.view_image":
      return { type: "view_image" }
    case "xai.view_x_video":
      return { type: "view_x_video" }
    case "xai.image_generation": {
      const a = yield* validate(ImageGenerationArgs, args)
      return { type: "image_generation", action: a.action }
    }
    case "xai.file_search": {
      const a = yield* validate(FileSearchArgs, args)
      return { type: "file_search", vector_store_ids: a.vectorStoreIds, max_num_results: a.maxNumResults }
    }
    case "xai.mcp": {
      const a = yield* validate(McpServerArgs, args)
      const tool: WireTool = {
        type: "mcp",
        server_url: a.serverUrl,
        server_label: a.serverLabel,
        server_description: a.serverDescription,
        allowed_tools: a.allowedTools,
        headers: a.headers,
        authorization: a.authorization
      }
      return tool
    }
    default:
      return undefined
  }
})

/**
 * The request's tools and tool choice, with warnings for unsupported tools
 * and a forced server-side tool.
  *
  * @since 0.2.0
 */
export const prepareTools = Effect.fnUntraced(function*(
  tools: ReadonlyArray<CallTool> | undefined,
  toolChoice: ToolChoice | undefined
) {
  const warnings: Array<Warning> = []
  if (tools === undefined || tools.length === 0) {
    return { tools: undefined, toolChoice: undefined, warnings }
  }
  const wire: Array<WireTool> = []
  const byName = new Map<string, CallTool>()
  for (const tool of tools) {
    byName.set(tool.name, tool)
    if (tool.type === "provider") {
      const prepared = yield* providerTool(tool.id, tool.args)
      if (prepared === undefined) warnings.push({ type: "unsupported", feature: `provider-defined tool ${tool.name}` })
      else wire.push(prepared)
    } else {
      wire.push({
        type: "function",
        name: tool.name,
        description: tool.description,
        parameters: tool.inputSchema,
        ...(tool.strict != null ? { strict: tool.strict } : {})
      })
    }
  }
  const result = (choice: WireToolChoice | undefined) => ({ tools: wire, toolChoice: choice, warnings })
  if (toolChoice === undefined) return result(undefined)
  switch (toolChoice.type) {
    case "auto":
    case "none":
    case "required":
      return result(toolChoice.type)
    case "tool": {
      const selected = byName.get(toolChoice.toolName)
      if (selected === undefined) return result(undefined)
      if (selected.type === "provider") {
        warnings.push({ type: "unsupported", feature: `toolChoice for server-side tool "${selected.name}"` })
        return result(undefined)
      }
      return result({ type: "function", name: selected.name })
    }
  }
})
