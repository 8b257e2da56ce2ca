/**
 * Assistant messages of the Anthropic prompt: text, thinking, tool calls, and provider-executed
 * calls and results re-encoded as server tool blocks (tool-use blocks moved to the end).
 *
 * @since 0.1.0
 */
import { Effect, Predicate, Result } from "effect"
import { InvalidArgumentError } from "../../../../contract/errors/InvalidArgumentError.ts"
import type { AssistantContentPart, ToolCallPart } from "../../../../contract/Prompt.ts"
import { toolsetNameOf } from "./Toolset.ts"
import type { RequestBlock } from "../AnthropicApi.ts"
import {
  type Block,
  type Context,
  convertProviderToolResult,
  decodeFallback,
  decodeReasoningMetadata,
  getCaller,
  moveToolUseBlocksToEnd,
  toAnthropicToolInput
} from "./PromptParts.ts"

type Part<T extends AssistantContentPart["type"]> = Extract<AssistantContentPart, { readonly type: T }>

// A text part: a compaction block (by its Anthropic options) or a text block, trimmed at the prompt's end.
const textBlock = (part: Part<"text">, ctx: Context, cache_control: unknown, isLastPart: boolean): RequestBlock | undefined => {
  const meta = part.providerOptions?.["anthropic"]
  if (meta?.["type"] !== "compaction") {
    return {
      type: "text",
      text: isLastPart ? part.text.trim() : part.text,
      ...(meta?.["citations"] != null && { citations: meta["citations"] }),
      cache_control
    }
  }
  if (part.text === "") return undefined
  const signature = meta["signature"]
  if (typeof signature === "string") ctx.betas.add("compact-2026-09-04")
  return {
    type: "compaction",
    content: part.text,
    ...(typeof signature === "string" && { signature }),
    cache_control
  }
}

// A reasoning part: a thinking block (signed) or a redacted thinking block, where reasoning is sent.
const reasoningBlock = Effect.fnUntraced(function*(part: Part<"reasoning">, ctx: Context) {
  const { validator, warnings } = ctx
  if (!ctx.sendReasoning) {
    warnings.push({ type: "other", message: "sending reasoning content is disabled for this model" })
    return undefined
  }
  const raw = part.providerOptions?.["anthropic"]
  const decoded = raw == null ? undefined : decodeReasoningMetadata(raw)
  if (decoded !== undefined && Result.isFailure(decoded)) {
    return yield* new InvalidArgumentError({
      argument: "providerOptions",
      message: "invalid anthropic provider options",
      cause: decoded.failure
    })
  }
  const meta = decoded === undefined ? undefined : decoded.success
  if (meta?.signature != null) {
    validator.get(part.providerOptions, { type: "thinking block", canCache: false })
    const block: RequestBlock = { type: "thinking", thinking: part.text, signature: meta.signature }
    return block
  }
  if (meta?.redactedData != null) {
    validator.get(part.providerOptions, { type: "redacted thinking block", canCache: false })
    const block: RequestBlock = { type: "redacted_thinking", data: meta.redactedData }
    return block
  }
  warnings.push({ type: "other", message: "unsupported reasoning metadata" })
  return undefined
})

// An `anthropic.fallback` custom part: the model fallback it records.
const fallbackBlock = (part: Part<"custom">, ctx: Context): RequestBlock | undefined => {
  if (part.kind !== "anthropic.fallback") return undefined
  const fallback = decodeFallback(part.providerOptions?.["anthropic"])
  if (Result.isFailure(fallback)) {
    ctx.warnings.push({ type: "other", message: "anthropic fallback metadata must include from.model and to.model" })
    return undefined
  }
  ctx.betas.add("server-side-fallback-2026-06-01")
  return { type: "fallback", from: fallback.success.from, to: fallback.success.to }
}

const serverTools = new Set(["code_execution", "web_fetch", "web_search", "tool_search_tool_regex", "tool_search_tool_bm25"])

// A provider-executed call: an MCP tool use (its id remembered for its result) or a server tool use.
const providerToolCallBlock = (
  part: ToolCallPart,
  ctx: Context,
  cache_control: unknown,
  mcpToolUseIds: Set<string>
): RequestBlock | undefined => {
  const { warnings } = ctx
  const caller = getCaller(part.providerOptions)
  const providerToolName = ctx.toolNameMapping.toProviderToolName(part.toolName)
  const anthropicOptions = part.providerOptions?.["anthropic"]
  if (anthropicOptions?.["type"] === "mcp-tool-use") {
    mcpToolUseIds.add(part.toolCallId)
    const serverName = anthropicOptions["serverName"]
    if (serverName == null || typeof serverName !== "string") {
      warnings.push({ type: "other", message: "mcp tool use server name is required and must be a string" })
      return undefined
    }
    return { type: "mcp_tool_use", id: part.toolCallId, name: part.toolName, input: part.input, server_name: serverName, cache_control }
  }
  const serverToolUse = (name: string, input: unknown): RequestBlock => ({
    type: "server_tool_use",
    id: part.toolCallId,
    name,
    input,
    ...(caller && { caller }),
    cache_control
  })
  const input = part.input
  const inputType = Predicate.isObject(input) ? input["type"] : undefined
  if (providerToolName === "code_execution" && Predicate.isObject(input)) {
    // a code execution sub-tool (bash, text editor) or a programmatic tool call: `type` names it
    const { type: _type, ...rest } = input
    if (inputType === "bash_code_execution" || inputType === "text_editor_code_execution") {
      return serverToolUse(inputType, rest)
    }
    if (inputType === "programmatic-tool-call") return serverToolUse("code_execution", rest)
  }
  if (serverTools.has(providerToolName)) return serverToolUse(providerToolName, part.input)
  if (providerToolName === "advisor") return serverToolUse("advisor", {})
  warnings.push({ type: "other", message: `provider executed tool call for tool ${part.toolName} is not supported` })
  return undefined
}

// A client tool call: a tool use block, a toolset member's named by its `action`.
const toolCallBlock = (part: ToolCallPart, ctx: Context, cache_control: unknown): RequestBlock => {
  const caller = getCaller(part.providerOptions)
  const toolsetName = toolsetNameOf(part.toolName, part.providerOptions, ctx.toolsetNames)
  if (toolsetName == null) {
    return {
      type: "tool_use",
      id: part.toolCallId,
      name: part.toolName,
      input: toAnthropicToolInput(part.input),
      ...(caller && { caller }),
      cache_control
    }
  }
  const input = toAnthropicToolInput(part.input)
  const action = input["action"]
  if (typeof action !== "string") {
    ctx.warnings.push({ type: "other", message: `toolset tool call for tool ${part.toolName} is missing the action` })
  }
  return {
    type: "tool_use",
    id: part.toolCallId,
    name: typeof action === "string" ? action : toolsetName,
    toolset_name: toolsetName,
    input,
    ...(caller && { caller }),
    cache_control
  }
}

/**
 * The assistant messages of one block, as one `assistant` message (when it has content).
 *
 * @since 0.1.0
 */
export const convertAssistantBlock = Effect.fnUntraced(function*(
  block: Extract<Block, { readonly type: "assistant" }>,
  ctx: Context,
  isLastBlock: boolean
) {
  const { toolNameMapping, validator, warnings } = ctx
  const content: Array<RequestBlock> = []
  const mcpToolUseIds = new Set<string>()
  for (let j = 0; j < block.messages.length; j++) {
    const message = block.messages[j]!
    const isLastMessage = j === block.messages.length - 1
    const parts = message.content.filter((p) => p.type !== "text" || p.text.length > 0)
    for (let k = 0; k < parts.length; k++) {
      const part = parts[k]!
      const isLastContentPart = k === parts.length - 1
      const cache_control = validator.get(part.providerOptions, { type: "assistant message part", canCache: true }) ??
        (isLastContentPart
          ? validator.get(message.providerOptions, { type: "assistant message", canCache: true })
          : undefined)
      let converted: RequestBlock | undefined
      switch (part.type) {
        case "text":
          converted = textBlock(part, ctx, cache_control, isLastBlock && isLastMessage && isLastContentPart)
          break
        case "reasoning":
          converted = yield* reasoningBlock(part, ctx)
          break
        case "custom":
          converted = fallbackBlock(part, ctx)
          break
        case "tool-call":
          converted = part.providerExecuted
            ? providerToolCallBlock(part, ctx, cache_control, mcpToolUseIds)
            : toolCallBlock(part, ctx, cache_control)
          break
        case "tool-result":
          converted = yield* convertProviderToolResult(
            part,
            toolNameMapping.toProviderToolName(part.toolName),
            mcpToolUseIds.has(part.toolCallId),
            getCaller(part.providerOptions),
            cache_control,
            warnings
          )
          break
      }
      if (converted !== undefined) content.push(converted)
    }
  }
  if (content.length > 0) ctx.messages.push({ role: "assistant", content: moveToolUseBlocksToEnd(content) })
})
