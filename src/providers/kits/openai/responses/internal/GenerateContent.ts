/**
 * Port of upstream `OpenAIResponsesLanguageModel.doGenerate`'s output
 * mapping: the response body's output items as V4 content, the finish
 * reason, and the provider metadata.
 *
 * @internal
 */
import type { FunctionTool } from "../../../../../contract/CallOptions.ts"
import type { Content } from "../../../../../contract/Content.ts"
import type { FinishReason } from "../../../../../contract/FinishReason.ts"
import type { ProviderMetadata } from "../../../../../contract/ProviderMetadata.ts"
import type { Logprobs, Response } from "../OpenAIResponsesApi.ts"
import { mapComputerCallInput } from "./ComputerInput.ts"
import { annotationCitations, annotationSource } from "./Sources.ts"
import { mapFinishReason } from "./FinishReason.ts"
import * as Parts from "./OutputItemParts.ts"
import { expandParallelToolCall } from "./ParallelToolCall.ts"
import type { ToolNameMapping } from "./ToolNameMapping.ts"
import { v4_0_118, type VersionSkew } from "../../VersionSkew.ts"
import * as WireJson from "../../../../../runtime/WireJson.ts"

/** @internal */
export interface GenerateOptions {
  readonly toolNameMapping: ToolNameMapping
  readonly webSearchToolName: string | undefined
  readonly providerOptionsName: string
  readonly isShellProviderExecuted: boolean
  readonly functionTools: ReadonlyArray<FunctionTool>
  readonly approvalFromPrompt: Readonly<Record<string, string>>
  readonly logprobs: boolean
  readonly jsonResponse: boolean
  readonly generateId: () => string
  /** Default 4.0.118's behaviours. */
  readonly skew?: VersionSkew | undefined
}

/** @internal */
export interface GeneratedContent {
  readonly content: Array<Content>
  readonly structuredOutputText: string | undefined
  readonly finishReason: FinishReason
  readonly providerMetadata: ProviderMetadata
}

type Output = NonNullable<Response["output"]>

/** @internal */
export const mapOutput = (response: Response, output: Output, o: GenerateOptions): GeneratedContent => {
  const name = o.providerOptionsName
  const custom = o.toolNameMapping.toCustomToolName
  const names: Parts.Names = { name, custom }
  const content: Array<Content> = []
  const logprobs: Array<Logprobs> = []
  const skew = o.skew ?? v4_0_118
  const retrieval = skew.retrievalSources
  const hasWebSearchActionSources = retrieval && output.some((part) =>
    part.type === "web_search_call" && part.action?.type === "search" &&
    (part.action.sources?.some((source) => source.type === "url") ?? false)
  )
  const hasFileSearchResults = retrieval && output.some((part) => part.type === "file_search_call" && (part.results?.length ?? 0) > 0)
  const retrievedFileIds = new Set<string>()
  let hasFunctionCall = false
  const hostedToolSearchCallIds: Array<string> = []
  let hasRefusal = false
  let structuredOutputText: string | undefined
  for (const part of output) {
    switch (part.type) {
      case "reasoning": {
        const summary = part.summary.length === 0 ? [{ type: "summary_text", text: "" }] : part.summary
        for (const entry of summary) {
          content.push({
            type: "reasoning",
            text: entry.text,
            providerMetadata: { [name]: { itemId: part.id, reasoningEncryptedContent: part.encrypted_content ?? null } }
          })
        }
        break
      }
      case "image_generation_call":
        content.push(Parts.providerToolCall(part.id, custom("image_generation")), Parts.imageGenerationResult(part, names))
        break
      case "tool_search_call": {
        const toolCallId = part.call_id ?? part.id
        const isHosted = part.execution === "server"
        if (isHosted) hostedToolSearchCallIds.push(toolCallId)
        content.push({
          type: "tool-call",
          toolCallId,
          toolName: custom("tool_search"),
          input: WireJson.render({ arguments: part.arguments, call_id: part.call_id }),
          ...(isHosted ? { providerExecuted: true } : {}),
          providerMetadata: { [name]: { itemId: part.id } }
        })
        break
      }
      case "tool_search_output":
        content.push(Parts.toolSearchResult(part, hostedToolSearchCallIds, names))
        break
      case "local_shell_call":
        content.push({
          type: "tool-call",
          toolCallId: part.call_id,
          toolName: custom("local_shell"),
          input: WireJson.render({ action: part.action }),
          providerMetadata: { [name]: { itemId: part.id } }
        })
        break
      case "shell_call":
        content.push(Parts.shellCall(part, o.isShellProviderExecuted, names, skew))
        break
      case "shell_call_output":
        content.push(Parts.shellResult(part, names, skew))
        break
      case "message": {
        // Only the last final answer is the structured output; every message stays content.
        if (o.jsonResponse && part.phase === "final_answer") {
          structuredOutputText = part.content.map((c) => c.type === "output_text" ? c.text : c.refusal).join("")
        }
        for (const contentPart of part.content) {
          if (contentPart.type === "refusal") {
            hasRefusal = true
            content.push({
              type: "text",
              text: contentPart.refusal,
              providerMetadata: { [name]: { itemId: part.id, ...(part.phase != null && { phase: part.phase }) } }
            })
            continue
          }
          if (o.logprobs && contentPart.logprobs) logprobs.push(contentPart.logprobs)
          const annotations = contentPart.annotations
          content.push({
            type: "text",
            text: contentPart.text,
            ...(retrieval && annotations.some((a) => a.type !== "file_path") &&
              { citations: annotationCitations(annotations, name) }),
            providerMetadata: {
              [name]: {
                itemId: part.id,
                ...(part.phase != null && { phase: part.phase }),
                ...(annotations.length > 0 && { annotations })
              }
            }
          })
          for (const annotation of annotations) {
            // Citation-derived sources only when retrieval data is unavailable.
            if (
              (annotation.type === "url_citation" && hasWebSearchActionSources) ||
              (annotation.type === "file_citation" && hasFileSearchResults)
            ) continue
            content.push(annotationSource(annotation, name, o.generateId()))
          }
        }
        break
      }
      case "function_call": {
        hasFunctionCall = true
        const expanded = expandParallelToolCall(
          { toolCallId: part.call_id, toolName: part.name, input: part.arguments },
          o.functionTools,
          name,
          part.id
        )
        if (expanded != null) {
          content.push(...expanded)
          break
        }
        content.push({
          type: "tool-call",
          toolCallId: part.call_id,
          toolName: part.name,
          input: part.arguments,
          providerMetadata: {
            [name]: {
              itemId: part.id,
              ...(part.async != null && { async: part.async }),
              ...(part.namespace != null && { namespace: part.namespace }),
              ...(part.caller != null && {
                caller: part.caller.type === "program"
                  ? { type: "program", callerId: part.caller.caller_id }
                  : { type: part.caller.type }
              })
            }
          }
        })
        break
      }
      case "program":
        content.push(Parts.programCall(part, names))
        break
      case "program_output":
        content.push(Parts.programResult(part, names))
        break
      case "custom_tool_call":
        hasFunctionCall = true
        content.push(Parts.customToolCall(part, part.async, names))
        break
      case "web_search_call": {
        const toolName = custom(o.webSearchToolName ?? "web_search")
        content.push({ type: "tool-call", toolCallId: part.id, toolName, input: WireJson.render({}), providerExecuted: true })
        content.push(Parts.webSearchToolResult(part, toolName, skew))
        if (retrieval) content.push(...Parts.webSearchSources(part, o.generateId))
        break
      }
      case "mcp_call": {
        const toolCallId = part.approval_request_id != null
          ? (o.approvalFromPrompt[part.approval_request_id] ?? part.id)
          : part.id
        content.push(...Parts.mcpCallParts(part, toolCallId, names))
        break
      }
      case "mcp_list_tools":
        break
      case "mcp_approval_request": {
        const approvalId = part.approval_request_id ?? part.id
        content.push(...Parts.mcpApprovalParts(part, o.generateId(), approvalId))
        break
      }
      case "computer_call": {
        if (part.call_id == null) {
          content.push({ type: "tool-call", toolCallId: part.id, toolName: custom("computer_use"), input: "", providerExecuted: true })
          content.push({
            type: "tool-result",
            toolCallId: part.id,
            toolName: custom("computer_use"),
            result: { type: "computer_use_tool_result", status: part.status }
          })
          break
        }
        hasFunctionCall = true
        content.push({
          type: "tool-call",
          toolCallId: part.call_id,
          toolName: custom("computer"),
          input: WireJson.render(mapComputerCallInput(part)),
          providerMetadata: { [name]: { itemId: part.id } }
        })
        break
      }
      case "file_search_call":
        content.push(
          Parts.providerToolCall(part.id, custom("file_search")),
          Parts.fileSearchResult(part, names),
          ...(retrieval ? Parts.fileSearchSources(part, retrievedFileIds, names, o.generateId) : [])
        )
        break
      case "code_interpreter_call":
        content.push({
          type: "tool-call",
          toolCallId: part.id,
          toolName: custom("code_interpreter"),
          input: WireJson.render({ code: part.code, containerId: part.container_id }),
          providerExecuted: true
        })
        content.push(Parts.codeInterpreterResult(part, names))
        break
      case "apply_patch_call":
        hasFunctionCall = true
        content.push(Parts.applyPatchCall(part, part.call_id, names))
        break
      case "compaction":
        content.push(Parts.compaction(part, names))
        break
    }
  }
  const reason = response.incomplete_details?.reason
  return {
    content,
    structuredOutputText,
    finishReason: { unified: mapFinishReason(reason, hasFunctionCall, hasRefusal), raw: reason ?? undefined },
    providerMetadata: {
      [name]: {
        responseId: response.id,
        ...(logprobs.length > 0 ? { logprobs } : {}),
        ...(typeof response.service_tier === "string" ? { serviceTier: response.service_tier } : {}),
        ...(response.reasoning?.context != null ? { reasoningContext: response.reasoning.context } : {}),
        ...(skew.promptCacheDiagnostics && response.prompt_cache_diagnostics != null ? { promptCacheDiagnostics: response.prompt_cache_diagnostics } : {})
      }
    }
  }
}
