/**
 * Port of upstream `OpenAIResponsesLanguageModel.doGenerate`'s output
 * mapping: the response body's output items as V4 content, the finish
 * reason, and the provider metadata.
 *
 * @internal
 */
import type { FunctionTool } from "../../../../spec/CallOptions.ts"
import type { Content } from "../../../../spec/Content.ts"
import type { FinishReason } from "../../../../spec/FinishReason.ts"
import { toJsonValue } from "../../../../spec/Json.ts"
import type { ProviderMetadata } from "../../../../spec/ProviderMetadata.ts"
import type { Logprobs, Response } from "../../OpenAIResponsesApi.ts"
import { mapComputerCallInput } from "./ComputerInput.ts"
import { annotationCitations, annotationSource, mapFinishReason, webSearchResult } from "./Mapping.ts"
import { expandParallelToolCall } from "./ParallelToolCall.ts"
import { shellOutputResult } from "./StreamOutputItems.ts"
import type { ToolNameMapping } from "./ToolNameMapping.ts"

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
  const content: Array<Content> = []
  const logprobs: Array<Logprobs> = []
  const hasWebSearchActionSources = output.some((part) =>
    part.type === "web_search_call" && part.action?.type === "search" &&
    (part.action.sources?.some((source) => source.type === "url") ?? false)
  )
  const hasFileSearchResults = output.some((part) => part.type === "file_search_call" && (part.results?.length ?? 0) > 0)
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
        content.push({ type: "tool-call", toolCallId: part.id, toolName: custom("image_generation"), input: "{}", providerExecuted: true })
        content.push({ type: "tool-result", toolCallId: part.id, toolName: custom("image_generation"), result: { result: part.result } })
        break
      case "tool_search_call": {
        const toolCallId = part.call_id ?? part.id
        const isHosted = part.execution === "server"
        if (isHosted) hostedToolSearchCallIds.push(toolCallId)
        content.push({
          type: "tool-call",
          toolCallId,
          toolName: custom("tool_search"),
          input: JSON.stringify({ arguments: part.arguments, call_id: part.call_id }),
          ...(isHosted ? { providerExecuted: true } : {}),
          providerMetadata: { [name]: { itemId: part.id } }
        })
        break
      }
      case "tool_search_output":
        content.push({
          type: "tool-result",
          toolCallId: part.call_id ?? hostedToolSearchCallIds.shift() ?? part.id,
          toolName: custom("tool_search"),
          result: { tools: toJsonValue(part.tools) },
          providerMetadata: { [name]: { itemId: part.id } }
        })
        break
      case "local_shell_call":
        content.push({
          type: "tool-call",
          toolCallId: part.call_id,
          toolName: custom("local_shell"),
          input: JSON.stringify({ action: part.action }),
          providerMetadata: { [name]: { itemId: part.id } }
        })
        break
      case "shell_call":
        content.push({
          type: "tool-call",
          toolCallId: part.call_id,
          toolName: custom("shell"),
          input: JSON.stringify({
            action: {
              commands: part.action.commands,
              timeoutMs: part.action.timeout_ms ?? undefined,
              maxOutputLength: part.action.max_output_length ?? undefined
            }
          }),
          ...(o.isShellProviderExecuted && { providerExecuted: true }),
          providerMetadata: { [name]: { itemId: part.id } }
        })
        break
      case "shell_call_output":
        content.push({ type: "tool-result", toolCallId: part.call_id, toolName: custom("shell"), result: shellOutputResult(part) })
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
            ...(annotations.some((a) => a.type !== "file_path") && { citations: annotationCitations(annotations, name) }),
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
        content.push({
          type: "tool-call",
          toolCallId: part.call_id,
          toolName: custom("programmatic_tool_calling"),
          input: JSON.stringify({ code: part.code, fingerprint: part.fingerprint }),
          providerExecuted: true,
          providerMetadata: { [name]: { itemId: part.id } }
        })
        break
      case "program_output":
        content.push({
          type: "tool-result",
          toolCallId: part.call_id,
          toolName: custom("programmatic_tool_calling"),
          result: { result: part.result, status: part.status },
          providerMetadata: { [name]: { itemId: part.id } }
        })
        break
      case "custom_tool_call":
        hasFunctionCall = true
        content.push({
          type: "tool-call",
          toolCallId: part.call_id,
          toolName: custom(part.name),
          input: JSON.stringify(part.input),
          providerMetadata: { [name]: { itemId: part.id, ...(part.async != null && { async: part.async }) } }
        })
        break
      case "web_search_call": {
        const toolName = custom(o.webSearchToolName ?? "web_search")
        content.push({ type: "tool-call", toolCallId: part.id, toolName, input: JSON.stringify({}), providerExecuted: true })
        content.push({ type: "tool-result", toolCallId: part.id, toolName, ...webSearchResult(part) })
        if (part.action?.type === "search") {
          for (const source of part.action.sources ?? []) {
            if (source.type === "url") content.push({ type: "source", sourceType: "url", id: o.generateId(), url: source.url })
          }
        }
        break
      }
      case "mcp_call": {
        const toolCallId = part.approval_request_id != null
          ? (o.approvalFromPrompt[part.approval_request_id] ?? part.id)
          : part.id
        const toolName = `mcp.${part.name}`
        content.push({ type: "tool-call", toolCallId, toolName, input: part.arguments, providerExecuted: true, dynamic: true })
        content.push({
          type: "tool-result",
          toolCallId,
          toolName,
          result: {
            type: "call",
            serverLabel: part.server_label,
            name: part.name,
            arguments: part.arguments,
            ...(part.output != null ? { output: part.output } : {}),
            ...(part.error != null ? { error: toJsonValue(part.error) } : {})
          },
          providerMetadata: { [name]: { itemId: part.id } }
        })
        break
      }
      case "mcp_list_tools":
        break
      case "mcp_approval_request": {
        const approvalId = part.approval_request_id ?? part.id
        const dummyToolCallId = o.generateId()
        content.push({
          type: "tool-call",
          toolCallId: dummyToolCallId,
          toolName: `mcp.${part.name}`,
          input: part.arguments,
          providerExecuted: true,
          dynamic: true
        })
        content.push({ type: "tool-approval-request", approvalId, toolCallId: dummyToolCallId })
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
          input: JSON.stringify(mapComputerCallInput(part)),
          providerMetadata: { [name]: { itemId: part.id } }
        })
        break
      }
      case "file_search_call": {
        content.push({ type: "tool-call", toolCallId: part.id, toolName: custom("file_search"), input: "{}", providerExecuted: true })
        content.push({
          type: "tool-result",
          toolCallId: part.id,
          toolName: custom("file_search"),
          result: {
            queries: part.queries,
            results: part.results?.map((result) => ({
              attributes: result.attributes,
              fileId: result.file_id,
              filename: result.filename,
              score: result.score,
              text: result.text
            })) ?? null
          }
        })
        for (const result of part.results ?? []) {
          if (retrievedFileIds.has(result.file_id)) continue
          retrievedFileIds.add(result.file_id)
          content.push({
            type: "source",
            sourceType: "document",
            id: o.generateId(),
            mediaType: "text/plain",
            title: result.filename,
            filename: result.filename,
            providerMetadata: { [name]: { type: "file_search", fileId: result.file_id } }
          })
        }
        break
      }
      case "code_interpreter_call":
        content.push({
          type: "tool-call",
          toolCallId: part.id,
          toolName: custom("code_interpreter"),
          input: JSON.stringify({ code: part.code, containerId: part.container_id }),
          providerExecuted: true
        })
        content.push({
          type: "tool-result",
          toolCallId: part.id,
          toolName: custom("code_interpreter"),
          result: { outputs: part.outputs }
        })
        break
      case "apply_patch_call":
        hasFunctionCall = true
        content.push({
          type: "tool-call",
          toolCallId: part.call_id,
          toolName: custom("apply_patch"),
          input: JSON.stringify({ callId: part.call_id, operation: part.operation }),
          providerMetadata: { [name]: { itemId: part.id } }
        })
        break
      case "compaction":
        content.push({
          type: "custom",
          kind: "openai.compaction",
          providerMetadata: { [name]: { type: "compaction", itemId: part.id, encryptedContent: part.encrypted_content } }
        })
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
        ...(response.prompt_cache_diagnostics != null ? { promptCacheDiagnostics: response.prompt_cache_diagnostics } : {})
      }
    }
  }
}
