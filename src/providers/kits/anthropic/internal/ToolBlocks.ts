/**
 * Tool blocks of the Anthropic stream: `tool_use` (a client tool, a toolset member whose input is
 * buffered, or the JSON response tool, which streams as text), `server_tool_use` (provider-executed
 * tools, code execution's input typed), `input_json_delta`, and the block's end (`tool-input-end`
 * and the `tool-call`).
 *
 * @internal
 */
import { Result } from "effect"
import { secureJsonParse } from "../../../../runtime/ParseJson.ts"
import { InvalidResponseDataError } from "../../../../contract/errors/InvalidResponseDataError.ts"
import { callerInfo } from "./ServerToolResults.ts"
import { type BlockOf, type DeltaOf, emit, type StreamState, type ToolCallBlock } from "./StreamState.ts"
import { toToolsetMemberInput, validateToolsetMember } from "./Toolset.ts"
import * as WireJson from "../../../../runtime/WireJson.ts"

/**
 * `content_block_start` of a `tool_use` block.
 *
 * @internal
 */
export const startToolUse = (state: StreamState, index: number, id: string, part: BlockOf<"tool_use">): void => {
  const { preparedTools, toolNameMapping, usesJsonResponseTool } = state.config
  if (usesJsonResponseTool && part.name === "json") {
    state.isJsonResponseFromTool = true
    state.contentBlocks.set(index, { type: "text", citations: [] })
    emit(state, { type: "text-start", id })
    return
  }
  if (part.toolset_name != null) {
    state.failure = validateToolsetMember(part.toolset_name, part.name, preparedTools)
    if (state.failure !== undefined) return
    const caller = callerInfo(part.caller)
    const customToolName = toolNameMapping.toCustomToolName(part.toolset_name)
    const hasNonEmptyInput = part.input !== undefined && Object.keys(part.input).length > 0
    state.contentBlocks.set(index, {
      type: "tool-call",
      toolCallId: part.id,
      toolName: customToolName,
      input: hasNonEmptyInput ? WireJson.render(part.input) : "",
      firstDelta: true,
      toolset: { name: part.toolset_name, memberName: part.name },
      ...(caller && { caller })
    })
    emit(state, { type: "tool-input-start", id: part.id, toolName: customToolName })
    return
  }
  const caller = callerInfo(part.caller)
  const hasNonEmptyInput = part.input !== undefined && Object.keys(part.input).length > 0
  const initialInput = hasNonEmptyInput ? WireJson.render(part.input) : ""
  state.contentBlocks.set(index, {
    type: "tool-call",
    toolCallId: part.id,
    toolName: part.name,
    input: initialInput,
    firstDelta: initialInput.length === 0,
    ...(caller && { caller })
  })
  emit(state, { type: "tool-input-start", id: part.id, toolName: part.name })
}

/**
 * `content_block_start` of a `server_tool_use` block.
 *
 * @internal
 */
export const startServerToolUse = (state: StreamState, index: number, part: BlockOf<"server_tool_use">): void => {
  const { markCodeExecutionDynamic, toolNameMapping } = state.config
  const caller = callerInfo(part.caller)
  const name = part.name
  if (
    name === "web_fetch" || name === "web_search" || name === "code_execution" ||
    name === "text_editor_code_execution" || name === "bash_code_execution"
  ) {
    const isSubtool = name === "text_editor_code_execution" || name === "bash_code_execution"
    const providerToolName = isSubtool ? "code_execution" : name
    const providerToolInputType = isSubtool
      ? name
      : name === "code_execution"
      ? "programmatic-tool-call"
      : undefined
    const customToolName = toolNameMapping.toCustomToolName(providerToolName)
    const finalInput = part.input != null && Object.keys(part.input).length > 0
      ? WireJson.render(part.input)
      : ""
    const dynamic = markCodeExecutionDynamic && providerToolName === "code_execution"
    state.contentBlocks.set(index, {
      type: "tool-call",
      toolCallId: part.id,
      toolName: customToolName,
      input: finalInput,
      providerExecuted: true,
      ...(dynamic ? { dynamic: true } : {}),
      firstDelta: finalInput.length === 0,
      providerToolName,
      providerToolInputType,
      ...(caller && { caller })
    })
    emit(state, {
      type: "tool-input-start",
      id: part.id,
      toolName: customToolName,
      providerExecuted: true,
      ...(dynamic ? { dynamic: true } : {})
    })
  } else if (name === "tool_search_tool_regex" || name === "tool_search_tool_bm25") {
    state.ctx.serverToolCalls.set(part.id, name)
    const customToolName = toolNameMapping.toCustomToolName(name)
    state.contentBlocks.set(index, {
      type: "tool-call",
      toolCallId: part.id,
      toolName: customToolName,
      input: "",
      providerExecuted: true,
      firstDelta: true,
      providerToolName: name,
      ...(caller && { caller })
    })
    emit(state, { type: "tool-input-start", id: part.id, toolName: customToolName, providerExecuted: true })
  } else if (name === "advisor") {
    const customToolName = toolNameMapping.toCustomToolName("advisor")
    state.contentBlocks.set(index, {
      type: "tool-call",
      toolCallId: part.id,
      toolName: customToolName,
      input: "{}",
      providerExecuted: true,
      firstDelta: true,
      providerToolName: name,
      ...(caller && { caller })
    })
    emit(state, { type: "tool-input-start", id: part.id, toolName: customToolName, providerExecuted: true })
  }
}

/**
 * `input_json_delta`: text of the JSON response tool, buffered input of a toolset member, or a
 * tool-input delta (the first one of a typed server tool's input gets its `type`).
 *
 * @internal
 */
export const inputJsonDelta = (state: StreamState, index: number, id: string, delta: DeltaOf<"input_json_delta">): void => {
  const contentBlock = state.contentBlocks.get(index)
  let text = delta.partial_json
  if (text.length === 0) return
  if (state.isJsonResponseFromTool) {
    if (contentBlock?.type !== "text") return
    emit(state, { type: "text-delta", id, delta: text })
    return
  }
  if (contentBlock?.type !== "tool-call") return
  if (contentBlock.toolset != null) {
    contentBlock.input += text
    return
  }
  if (contentBlock.firstDelta && contentBlock.providerToolInputType != null) {
    text = `{"type": "${contentBlock.providerToolInputType}",${text.substring(1)}`
  }
  emit(state, { type: "tool-input-delta", id: contentBlock.toolCallId, delta: text })
  contentBlock.input += text
  contentBlock.firstDelta = false
}

/**
 * `content_block_stop` of a tool-call block: a toolset member's input in one delta, then
 * `tool-input-end` and the `tool-call` (not for the JSON response tool).
 *
 * @internal
 */
export const stopToolCall = (state: StreamState, contentBlock: ToolCallBlock): void => {
  const { markCodeExecutionDynamic, usesJsonResponseTool } = state.config
  if (usesJsonResponseTool && contentBlock.toolName === "json") return
  if (contentBlock.toolset != null) {
    // the member's input, with the member as `action`, in one delta
    const parsed = contentBlock.input === "" ? Result.succeed({}) : secureJsonParse(contentBlock.input)
    if (Result.isFailure(parsed)) {
      state.failure = new InvalidResponseDataError({
        data: contentBlock.input,
        message: "Invalid toolset member input JSON."
      })
      return
    }
    const memberInput = toToolsetMemberInput(contentBlock.toolset.memberName, parsed.success)
    if (memberInput instanceof InvalidResponseDataError) {
      state.failure = memberInput
      return
    }
    contentBlock.input = memberInput
    emit(state, { type: "tool-input-delta", id: contentBlock.toolCallId, delta: memberInput })
  }
  emit(state, { type: "tool-input-end", id: contentBlock.toolCallId })
  let finalInput = contentBlock.input === "" ? "{}" : contentBlock.input
  if (contentBlock.providerToolName === "code_execution") {
    // upstream keeps the original input when it does not parse
    const parsed = secureJsonParse(finalInput)
    if (
      Result.isSuccess(parsed) && parsed.success != null && typeof parsed.success === "object" &&
      "code" in parsed.success && !("type" in parsed.success)
    ) {
      finalInput = WireJson.render({ type: "programmatic-tool-call", ...parsed.success })
    }
  }
  emit(state, {
    type: "tool-call",
    toolCallId: contentBlock.toolCallId,
    toolName: contentBlock.toolName,
    input: finalInput,
    providerExecuted: contentBlock.providerExecuted,
    ...(markCodeExecutionDynamic && contentBlock.providerToolName === "code_execution"
      ? { dynamic: true }
      : {}),
    ...((contentBlock.caller || contentBlock.toolset) && {
      providerMetadata: {
        anthropic: {
          ...(contentBlock.toolset && { toolsetName: contentBlock.toolset.name }),
          ...(contentBlock.caller && { caller: contentBlock.caller })
        }
      }
    })
  })
}
