/**
 * Assistant messages of the Anthropic prompt: text, thinking, tool calls, and provider-executed
 * calls and results re-encoded as server tool blocks (tool-use blocks moved to the end).
 *
 * @since 0.2.0
 */
import { Effect, Predicate, Result } from "effect"
import { InvalidArgumentError } from "../../../../contract/errors/InvalidArgumentError.ts"
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

/**
 * The assistant messages of one block, as one `assistant` message (when it has content).
 *
 * @since 0.2.0
 */
export const convertAssistantBlock = Effect.fnUntraced(function*(
  block: Extract<Block, { readonly type: "assistant" }>,
  ctx: Context,
  isLastBlock: boolean
) {
  const { betas, sendReasoning, toolNameMapping, toolsetNames, validator, warnings } = ctx
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
      switch (part.type) {
        case "text": {
          const meta = part.providerOptions?.["anthropic"]
          if (meta?.["type"] === "compaction") {
            if (part.text === "") break
            const signature = meta["signature"]
            if (typeof signature === "string") betas.add("compact-2026-09-04")
            content.push({
              type: "compaction",
              content: part.text,
              ...(typeof signature === "string" && { signature }),
              cache_control
            })
          } else {
            content.push({
              type: "text",
              text: isLastBlock && isLastMessage && isLastContentPart ? part.text.trim() : part.text,
              ...(meta?.["citations"] != null && { citations: meta["citations"] }),
              cache_control
            })
          }
          break
        }
        case "reasoning": {
          if (!sendReasoning) {
            warnings.push({ type: "other", message: "sending reasoning content is disabled for this model" })
            break
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
            content.push({ type: "thinking", thinking: part.text, signature: meta.signature })
          } else if (meta?.redactedData != null) {
            validator.get(part.providerOptions, { type: "redacted thinking block", canCache: false })
            content.push({ type: "redacted_thinking", data: meta.redactedData })
          } else {
            warnings.push({ type: "other", message: "unsupported reasoning metadata" })
          }
          break
        }
        case "custom": {
          if (part.kind !== "anthropic.fallback") break
          const fallback = decodeFallback(part.providerOptions?.["anthropic"])
          if (Result.isFailure(fallback)) {
            warnings.push({ type: "other", message: "anthropic fallback metadata must include from.model and to.model" })
            break
          }
          betas.add("server-side-fallback-2026-06-01")
          content.push({ type: "fallback", from: fallback.success.from, to: fallback.success.to })
          break
        }
        case "tool-call": {
          const caller = getCaller(part.providerOptions)
          if (part.providerExecuted) {
            const providerToolName = toolNameMapping.toProviderToolName(part.toolName)
            const anthropicOptions = part.providerOptions?.["anthropic"]
            if (anthropicOptions?.["type"] === "mcp-tool-use") {
              mcpToolUseIds.add(part.toolCallId)
              const serverName = anthropicOptions["serverName"]
              if (serverName == null || typeof serverName !== "string") {
                warnings.push({ type: "other", message: "mcp tool use server name is required and must be a string" })
                break
              }
              content.push({
                type: "mcp_tool_use",
                id: part.toolCallId,
                name: part.toolName,
                input: part.input,
                server_name: serverName,
                cache_control
              })
              break
            }
            const input = part.input
            const inputType = Predicate.isObject(input) ? input["type"] : undefined
            if (
              providerToolName === "code_execution" && Predicate.isObject(input) &&
              (inputType === "bash_code_execution" || inputType === "text_editor_code_execution")
            ) {
              const { type: _type, ...rest } = input
              content.push({
                type: "server_tool_use",
                id: part.toolCallId,
                name: inputType,
                input: rest,
                ...(caller && { caller }),
                cache_control
              })
            } else if (
              providerToolName === "code_execution" && Predicate.isObject(input) && inputType === "programmatic-tool-call"
            ) {
              const { type: _type, ...rest } = input
              content.push({
                type: "server_tool_use",
                id: part.toolCallId,
                name: "code_execution",
                input: rest,
                ...(caller && { caller }),
                cache_control
              })
            } else if (
              providerToolName === "code_execution" || providerToolName === "web_fetch" ||
              providerToolName === "web_search" || providerToolName === "tool_search_tool_regex" ||
              providerToolName === "tool_search_tool_bm25"
            ) {
              content.push({
                type: "server_tool_use",
                id: part.toolCallId,
                name: providerToolName,
                input: part.input,
                ...(caller && { caller }),
                cache_control
              })
            } else if (providerToolName === "advisor") {
              content.push({
                type: "server_tool_use",
                id: part.toolCallId,
                name: "advisor",
                input: {},
                ...(caller && { caller }),
                cache_control
              })
            } else {
              warnings.push({
                type: "other",
                message: `provider executed tool call for tool ${part.toolName} is not supported`
              })
            }
            break
          }
          const toolsetName = toolsetNameOf(part.toolName, part.providerOptions, toolsetNames)
          if (toolsetName != null) {
            // a toolset member call: the `action` is the member tool name
            const input = toAnthropicToolInput(part.input)
            const action = input["action"]
            if (typeof action !== "string") {
              warnings.push({ type: "other", message: `toolset tool call for tool ${part.toolName} is missing the action` })
            }
            content.push({
              type: "tool_use",
              id: part.toolCallId,
              name: typeof action === "string" ? action : toolsetName,
              toolset_name: toolsetName,
              input,
              ...(caller && { caller }),
              cache_control
            })
            break
          }
          content.push({
            type: "tool_use",
            id: part.toolCallId,
            name: part.toolName,
            input: toAnthropicToolInput(part.input),
            ...(caller && { caller }),
            cache_control
          })
          break
        }
        case "tool-result": {
          const converted = yield* convertProviderToolResult(
            part,
            toolNameMapping.toProviderToolName(part.toolName),
            mcpToolUseIds.has(part.toolCallId),
            getCaller(part.providerOptions),
            cache_control,
            warnings
          )
          if (converted !== undefined) content.push(converted)
          break
        }
      }
    }
  }
  if (content.length > 0) ctx.messages.push({ role: "assistant", content: moveToolUseBlocksToEnd(content) })
})
