/**
 * The `response.output_item.added` and `response.output_item.done` branches
 * of upstream `doStream`'s transform, one per output item type, in
 * upstream's order and with upstream's parts.
 *
 * @internal
 */
import type { StreamPart } from "../../../../../contract/StreamPart.ts"
import type { AddedItem, ComputerCall, DoneItem } from "../OpenAIResponsesApi.ts"
import { mapComputerCallInput } from "./ComputerInput.ts"
import { annotationCitations, escapeJsonDelta } from "./Sources.ts"
import * as Parts from "./OutputItemParts.ts"
import { expandParallelToolCall, isUndeclaredParallelToolCall } from "./ParallelToolCall.ts"
import { resolveOutputItemId, skewOf, type StreamOptions, type StreamState } from "./StreamState.ts"
import * as WireJson from "../../../../../runtime/WireJson.ts"

type Out = Array<StreamPart>

const callerMetadata = (caller: { readonly type: "direct" } | { readonly type: "program"; readonly caller_id: string }) =>
  caller.type === "program" ? { type: "program", callerId: caller.caller_id } : { type: caller.type }

/** @internal */
export const onItemAdded = (item: AddedItem, index: number, state: StreamState, o: StreamOptions, out: Out): void => {
  const name = o.providerOptionsName
  const custom = o.toolNameMapping.toCustomToolName
  switch (item.type) {
    case "function_call": {
      const suppress = isUndeclaredParallelToolCall(item.name, o.functionTools)
      state.ongoingToolCalls[index] = {
        toolName: item.name,
        toolCallId: item.call_id,
        suppressInputStreaming: suppress,
        bufferedInputDeltas: suppress ? [] : undefined,
        async: item.async
      }
      if (!suppress) out.push({ type: "tool-input-start", id: item.call_id, toolName: item.name })
      return
    }
    case "custom_tool_call": {
      const toolName = custom(item.name)
      state.ongoingToolCalls[index] = { toolName, toolCallId: item.call_id, async: item.async }
      out.push({
        type: "tool-input-start",
        id: item.call_id,
        toolName,
        ...(skewOf(o).toolInputDetails && { inputEncoding: "text" as const })
      })
      return
    }
    case "web_search_call": {
      const toolName = custom(o.webSearchToolName ?? "web_search")
      state.ongoingToolCalls[index] = { toolName, toolCallId: item.id }
      out.push({ type: "tool-input-start", id: item.id, toolName, providerExecuted: true })
      out.push({ type: "tool-input-end", id: item.id })
      out.push({ type: "tool-call", toolCallId: item.id, toolName, input: WireJson.render({}), providerExecuted: true })
      return
    }
    case "computer_call": {
      const toolCallId = item.call_id ?? item.id
      state.ongoingToolCalls[index] = { toolName: custom("computer"), toolCallId }
      out.push({ type: "tool-input-start", id: toolCallId, toolName: custom("computer") })
      return
    }
    case "code_interpreter_call": {
      const toolName = custom("code_interpreter")
      state.ongoingToolCalls[index] = {
        toolName,
        toolCallId: item.id,
        codeInterpreter: { containerId: item.container_id }
      }
      out.push({ type: "tool-input-start", id: item.id, toolName, providerExecuted: true })
      out.push({ type: "tool-input-delta", id: item.id, delta: `{"containerId":"${item.container_id}","code":"` })
      return
    }
    case "file_search_call":
      out.push(Parts.providerToolCall(item.id, custom("file_search")))
      return
    case "image_generation_call":
      out.push(Parts.providerToolCall(item.id, custom("image_generation")))
      return
    case "tool_search_call": {
      const toolName = custom("tool_search")
      state.ongoingToolCalls[index] = { toolName, toolCallId: item.id, toolSearchExecution: item.execution ?? "server" }
      if (item.execution === "server") {
        out.push({ type: "tool-input-start", id: item.id, toolName, providerExecuted: true })
      }
      return
    }
    case "apply_patch_call": {
      const { call_id: callId, operation } = item
      const toolName = custom("apply_patch")
      const isDelete = operation.type === "delete_file"
      state.ongoingToolCalls[index] = {
        toolName,
        toolCallId: callId,
        applyPatch: { hasDiff: isDelete, endEmitted: isDelete }
      }
      out.push({ type: "tool-input-start", id: callId, toolName })
      if (operation.type === "delete_file") {
        out.push({ type: "tool-input-delta", id: callId, delta: WireJson.render({ callId, operation }) })
        out.push({ type: "tool-input-end", id: callId })
      } else {
        out.push({
          type: "tool-input-delta",
          id: callId,
          delta: `{"callId":"${escapeJsonDelta(callId)}","operation":{"type":"${escapeJsonDelta(operation.type)}","path":"${
            escapeJsonDelta(operation.path)
          }","diff":"`
        })
      }
      return
    }
    case "shell_call":
      state.ongoingToolCalls[index] = { toolName: custom("shell"), toolCallId: item.call_id }
      return
    case "message":
      state.activeOutputItemIds[index] = item.id
      state.ongoingAnnotations = []
      state.activeMessagePhase = item.phase ?? undefined
      out.push({
        type: "text-start",
        id: item.id,
        providerMetadata: { [name]: { itemId: item.id, ...(item.phase != null && { phase: item.phase }) } }
      })
      return
    case "reasoning":
      state.activeOutputItemIds[index] = item.id
      state.activeReasoning[item.id] = { encryptedContent: item.encrypted_content, summaryParts: { 0: "active" } }
      out.push({
        type: "reasoning-start",
        id: `${item.id}:0`,
        providerMetadata: { [name]: { itemId: item.id, reasoningEncryptedContent: item.encrypted_content ?? null } }
      })
      return
    default:
      // tool_search_output, shell_call_output and the MCP items are handled on
      // output_item.done (to pair them with their calls and alias MCP ids).
      return
  }
}

const functionCallDone = (
  item: Extract<DoneItem, { type: "function_call" }>,
  index: number,
  state: StreamState,
  o: StreamOptions,
  out: Out
): void => {
  const name = o.providerOptionsName
  const ongoing = state.ongoingToolCalls[index]
  state.ongoingToolCalls[index] = undefined
  state.hasFunctionCall = true
  const suppress = ongoing?.suppressInputStreaming ?? isUndeclaredParallelToolCall(item.name, o.functionTools)
  if (suppress) {
    const expanded = expandParallelToolCall(
      { toolCallId: item.call_id, toolName: item.name, input: item.arguments },
      o.functionTools,
      name,
      item.id
    )
    if (expanded != null) {
      for (const call of expanded) {
        out.push({ type: "tool-input-start", id: call.toolCallId, toolName: call.toolName })
        out.push({ type: "tool-input-delta", id: call.toolCallId, delta: call.input })
        out.push({ type: "tool-input-end", id: call.toolCallId })
        out.push(call)
      }
      return
    }
    out.push({ type: "tool-input-start", id: item.call_id, toolName: item.name })
    const buffered = ongoing?.bufferedInputDeltas ?? []
    if (buffered.length > 0) {
      for (const delta of buffered) out.push({ type: "tool-input-delta", id: item.call_id, delta })
    } else if (item.arguments.length > 0) {
      out.push({ type: "tool-input-delta", id: item.call_id, delta: item.arguments })
    }
  }
  out.push({
    type: "tool-input-end",
    id: item.call_id,
    ...(item.namespace != null && { providerMetadata: { [name]: { namespace: item.namespace } } })
  })
  const asyncFlag = item.async != null ? item.async : ongoing?.async
  out.push({
    type: "tool-call",
    toolCallId: item.call_id,
    toolName: item.name,
    input: item.arguments,
    providerMetadata: {
      [name]: {
        itemId: item.id,
        ...(asyncFlag != null ? { async: asyncFlag } : {}),
        ...(item.namespace != null && { namespace: item.namespace }),
        ...(item.caller != null && { caller: callerMetadata(item.caller) })
      }
    }
  })
}

const computerCallDone = (item: ComputerCall, index: number, state: StreamState, o: StreamOptions, out: Out) => {
  state.ongoingToolCalls[index] = undefined
  const custom = o.toolNameMapping.toCustomToolName
  if (item.call_id == null) {
    out.push({ type: "tool-input-end", id: item.id })
    out.push({ type: "tool-call", toolCallId: item.id, toolName: custom("computer_use"), input: "", providerExecuted: true })
    out.push({
      type: "tool-result",
      toolCallId: item.id,
      toolName: custom("computer_use"),
      result: { type: "computer_use_tool_result", status: item.status }
    })
    return
  }
  state.hasFunctionCall = true
  const input = WireJson.render(mapComputerCallInput(item))
  out.push({ type: "tool-input-delta", id: item.call_id, delta: input })
  out.push({ type: "tool-input-end", id: item.call_id })
  out.push({
    type: "tool-call",
    toolCallId: item.call_id,
    toolName: custom("computer"),
    input,
    providerMetadata: { [o.providerOptionsName]: { itemId: item.id } }
  })
}

const reasoningDone = (item: Extract<DoneItem, { type: "reasoning" }>, index: number, state: StreamState, o: StreamOptions, out: Out) => {
  const itemId = resolveOutputItemId(state, item.id, index)
  const active = state.activeReasoning[itemId]
  if (active != null) {
    for (const [summaryIndex, status] of Object.entries(active.summaryParts)) {
      if (status !== "active" && status !== "can-conclude") continue
      out.push({
        type: "reasoning-end",
        id: `${itemId}:${summaryIndex}`,
        providerMetadata: {
          [o.providerOptionsName]: { itemId, reasoningEncryptedContent: item.encrypted_content ?? null }
        }
      })
    }
    state.activeReasoning[itemId] = undefined
  }
  state.activeOutputItemIds[index] = undefined
}

/** @internal */
export const onItemDone = (item: DoneItem, index: number, state: StreamState, o: StreamOptions, out: Out): void => {
  const name = o.providerOptionsName
  const custom = o.toolNameMapping.toCustomToolName
  const names: Parts.Names = { name, custom }
  switch (item.type) {
    case "message": {
      const itemId = resolveOutputItemId(state, item.id, index)
      const phase = item.phase ?? state.activeMessagePhase
      state.activeMessagePhase = undefined
      const annotations = state.ongoingAnnotations
      out.push({
        type: "text-end",
        id: itemId,
        ...(skewOf(o).retrievalSources && annotations.some((annotation) => annotation.type !== "file_path") && {
          citations: annotationCitations(annotations, name)
        }),
        providerMetadata: {
          [name]: {
            itemId,
            ...(phase != null && { phase }),
            ...(annotations.length > 0 && { annotations })
          }
        }
      })
      state.activeOutputItemIds[index] = undefined
      return
    }
    case "function_call":
      return functionCallDone(item, index, state, o, out)
    case "program":
      out.push(Parts.programCall(item, names))
      return
    case "program_output":
      out.push(Parts.programResult(item, names))
      return
    case "custom_tool_call": {
      const ongoing = state.ongoingToolCalls[index]
      state.ongoingToolCalls[index] = undefined
      state.hasFunctionCall = true
      out.push({ type: "tool-input-end", id: item.call_id })
      out.push(Parts.customToolCall(item, item.async != null ? item.async : ongoing?.async, names))
      return
    }
    case "web_search_call": {
      state.ongoingToolCalls[index] = undefined
      out.push(Parts.webSearchToolResult(item, custom(o.webSearchToolName ?? "web_search"), skewOf(o)))
      if (!skewOf(o).retrievalSources) return
      const sources = Parts.webSearchSources(item, o.generateId)
      if (sources.length > 0) state.hasWebSearchActionSources = true
      out.push(...sources)
      return
    }
    case "computer_call":
      return computerCallDone(item, index, state, o, out)
    case "file_search_call": {
      state.ongoingToolCalls[index] = undefined
      out.push(Parts.fileSearchResult(item, names))
      if (!skewOf(o).retrievalSources) return
      if ((item.results?.length ?? 0) > 0) state.hasFileSearchResults = true
      out.push(...Parts.fileSearchSources(item, state.retrievedFileIds, names, o.generateId))
      return
    }
    case "code_interpreter_call":
      state.ongoingToolCalls[index] = undefined
      out.push(Parts.codeInterpreterResult(item, names))
      return
    case "image_generation_call":
      out.push(Parts.imageGenerationResult(item, names))
      return
    case "tool_search_call": {
      const ongoing = state.ongoingToolCalls[index]
      const isHosted = item.execution === "server"
      if (ongoing != null) {
        const toolCallId = isHosted ? ongoing.toolCallId : (item.call_id ?? item.id)
        if (isHosted) state.hostedToolSearchCallIds.push(toolCallId)
        else out.push({ type: "tool-input-start", id: toolCallId, toolName: ongoing.toolName })
        out.push({ type: "tool-input-end", id: toolCallId })
        out.push({
          type: "tool-call",
          toolCallId,
          toolName: ongoing.toolName,
          input: WireJson.render({ arguments: item.arguments, call_id: isHosted ? null : toolCallId }),
          ...(isHosted ? { providerExecuted: true } : {}),
          providerMetadata: { [name]: { itemId: item.id } }
        })
      }
      state.ongoingToolCalls[index] = undefined
      return
    }
    case "tool_search_output":
      out.push(Parts.toolSearchResult(item, state.hostedToolSearchCallIds, names))
      return
    case "mcp_call": {
      state.ongoingToolCalls[index] = undefined
      const approvalRequestId = item.approval_request_id ?? undefined
      // Approval-gated calls carry our own tool call id: map OpenAI's
      // approval_request_id back to it so results match.
      const toolCallId = approvalRequestId != null
        ? (state.approvalFromStream.get(approvalRequestId) ?? o.approvalFromPrompt[approvalRequestId] ?? item.id)
        : item.id
      out.push(...Parts.mcpCallParts(item, toolCallId, names))
      return
    }
    case "mcp_list_tools":
      state.ongoingToolCalls[index] = undefined
      return
    case "apply_patch_call": {
      const toolCall = state.ongoingToolCalls[index]
      if (toolCall?.applyPatch && !toolCall.applyPatch.endEmitted && item.operation.type !== "delete_file") {
        if (!toolCall.applyPatch.hasDiff) {
          out.push({ type: "tool-input-delta", id: toolCall.toolCallId, delta: escapeJsonDelta(item.operation.diff) })
        }
        out.push({ type: "tool-input-delta", id: toolCall.toolCallId, delta: "\"}}" })
        out.push({ type: "tool-input-end", id: toolCall.toolCallId })
        toolCall.applyPatch.endEmitted = true
      }
      if (toolCall && item.status === "completed") {
        state.hasFunctionCall = true
        out.push(Parts.applyPatchCall(item, toolCall.toolCallId, names))
      }
      state.ongoingToolCalls[index] = undefined
      return
    }
    case "mcp_approval_request": {
      state.ongoingToolCalls[index] = undefined
      const dummyToolCallId = o.generateId()
      const approvalRequestId = item.approval_request_id ?? item.id
      state.approvalFromStream.set(approvalRequestId, dummyToolCallId)
      out.push(...Parts.mcpApprovalParts(item, dummyToolCallId, approvalRequestId))
      return
    }
    case "local_shell_call":
      state.ongoingToolCalls[index] = undefined
      out.push({
        type: "tool-call",
        toolCallId: item.call_id,
        toolName: custom("local_shell"),
        input: WireJson.render({
          action: {
            type: "exec",
            command: item.action.command,
            timeoutMs: item.action.timeout_ms,
            user: item.action.user,
            workingDirectory: item.action.working_directory,
            env: item.action.env
          }
        }),
        providerMetadata: { [name]: { itemId: item.id } }
      })
      return
    case "shell_call":
      state.ongoingToolCalls[index] = undefined
      out.push(Parts.shellCall(item, o.isShellProviderExecuted, names, skewOf(o)))
      return
    case "shell_call_output":
      out.push(Parts.shellResult(item, names, skewOf(o)))
      return
    case "reasoning":
      return reasoningDone(item, index, state, o, out)
    case "compaction":
      out.push(Parts.compaction(item, names))
      return
  }
}
