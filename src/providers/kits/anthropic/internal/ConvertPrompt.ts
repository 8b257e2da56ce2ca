/**
 * V4 prompt → Anthropic `system` + `messages` (upstream
 * `convert-to-anthropic-prompt.ts`): message grouping, multi-part user
 * content (text, images, PDFs, text documents, file references), tool
 * results, assistant text/thinking/tool calls, provider-executed tool calls
 * and results re-encoded as server tool blocks, cache control, and
 * `{ rawInvalidInput }` wrapping of non-object tool inputs.
 *
 * @since 0.1.0
 */
import { Effect, Predicate } from "effect"
import { parseProviderOptions } from "../../../../provider-utils/ParseProviderOptions.ts"
import type { Prompt } from "../../../../contract/Prompt.ts"
import type { Warning } from "../../../../contract/Warning.ts"
import { FilePartOptions } from "../AnthropicOptions.ts"
import type { CacheControlValidator } from "./CacheControl.ts"
import type { ToolNameMapping } from "./ToolNameMapping.ts"
import type { RequestBlock } from "../AnthropicApi.ts"
import { convertAssistantBlock } from "./ConvertAssistantMessages.ts"
import { convertSystemBlock } from "./ConvertSystemMessages.ts"
import { convertUserBlock } from "./ConvertUserMessages.ts"
import { type Block, type Context, type RequestMessage } from "./PromptParts.ts"

/**
 * The converted prompt.
 *
 * @since 0.1.0
 */
export interface AnthropicPrompt {
  readonly system: Array<RequestBlock> | undefined
  readonly messages: Array<RequestMessage>
}

const groupIntoBlocks = (prompt: Prompt): Array<Block> => {
  const blocks: Array<Block> = []
  let current: Block | undefined
  for (const message of prompt) {
    switch (message.role) {
      case "system":
        if (current?.type !== "system") blocks.push(current = { type: "system", messages: [] })
        current.messages.push(message)
        break
      case "assistant":
        if (current?.type !== "assistant") blocks.push(current = { type: "assistant", messages: [] })
        current.messages.push(message)
        break
      case "user":
      case "tool":
        if (current?.type !== "user") blocks.push(current = { type: "user", messages: [] })
        current.messages.push(message)
        break
    }
  }
  return blocks
}

/**
 * Converts a prompt; `betas` collects the beta headers the content needs.
 *
 * @since 0.1.0
 */
export const convertToAnthropicPrompt = Effect.fnUntraced(function*(options: {
  readonly prompt: Prompt
  readonly sendReasoning: boolean
  readonly warnings: Array<Warning>
  readonly cacheControl: CacheControlValidator
  readonly toolNameMapping: ToolNameMapping
  /** Custom tool name → `toolset_name` of the call's toolset tools. */
  readonly toolsetNames: Readonly<Record<string, string>>
  readonly betas: Set<string>
}) {
  const { warnings } = options
  const blocks = groupIntoBlocks(options.prompt)
  const ctx: Context = {
    betas: options.betas,
    validator: options.cacheControl,
    sendReasoning: options.sendReasoning,
    toolNameMapping: options.toolNameMapping,
    toolsetNames: options.toolsetNames,
    warnings,
    fileOptions: (providerOptions) => parseProviderOptions("anthropic", providerOptions, FilePartOptions),
    system: undefined,
    messages: [],
    lastUserMessageIndex: -1
  }
  const { messages } = ctx

  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!
    switch (block.type) {
      case "system":
        yield* convertSystemBlock(block, ctx, i === 0)
        break
      case "user":
        yield* convertUserBlock(block, ctx)
        break
      case "assistant":
        yield* convertAssistantBlock(block, ctx, i === blocks.length - 1)
        break
    }
  }

  // Pruning can remove a code execution call while keeping calls it made;
  // their caller metadata is dropped before the last user message.
  const codeExecutionIds = new Set<string>()
  for (const message of messages) {
    if (message.role !== "assistant") continue
    for (const part of message.content) {
      if (part.type === "server_tool_use" && part["name"] === "code_execution" && typeof part["id"] === "string") {
        codeExecutionIds.add(part["id"])
      }
    }
  }
  const warned = new Set<string>()
  for (let i = 0; i < ctx.lastUserMessageIndex; i++) {
    const message = messages[i]!
    if (message.role !== "assistant") continue
    for (const part of message.content) {
      if (!("caller" in part)) continue
      const caller = part["caller"]
      if (!Predicate.isObject(caller) || caller["type"] === "direct") continue
      const toolId = String(caller["tool_id"])
      if (codeExecutionIds.has(toolId)) continue
      const toolCallId = String("id" in part ? part["id"] : part["tool_use_id"])
      delete part["caller"]
      if (!warned.has(toolCallId)) {
        warned.add(toolCallId)
        warnings.push({
          type: "other",
          message:
            `Omitted caller metadata for tool ${toolCallId} because source code execution tool ${toolId} is missing from the conversation history.`
        })
      }
    }
  }

  const prompt: AnthropicPrompt = { system: ctx.system, messages }
  return prompt
})
