/**
 * System messages of the Anthropic prompt: the top-level `system` array, or (after other
 * messages, or with inline options) mid-conversation system messages with their beta headers.
 *
 * @since 0.2.0
 */
import { Effect } from "effect"
import { parseProviderOptions } from "../../../../provider-utils/ParseProviderOptions.ts"
import { UnsupportedFunctionalityError } from "../../../../contract/errors/UnsupportedFunctionalityError.ts"
import { SystemMessageOptions } from "../AnthropicOptions.ts"
import type { RequestBlock } from "../AnthropicApi.ts"
import type { Block, Context } from "./PromptParts.ts"

/**
 * The system messages of one block, into `ctx.system` or `ctx.messages` (with their beta headers).
 *
 * @since 0.2.0
 */
export const convertSystemBlock = Effect.fnUntraced(function*(
  block: Extract<Block, { readonly type: "system" }>,
  ctx: Context,
  isFirstBlock: boolean
) {
  const { betas, validator, warnings } = ctx
  const converted: Array<{
    content: Array<RequestBlock>
    clearAt: string | undefined
    effort: string | undefined
  }> = []
  for (const { content: text, providerOptions } of block.messages) {
    const systemOptions = yield* parseProviderOptions("anthropic", providerOptions, SystemMessageOptions)
    if ((systemOptions?.toolChanges ?? []).length > 0) {
      return yield* new UnsupportedFunctionalityError({
        functionality: "mid-conversation tool changes (not ported)"
      })
    }
    const content: Array<RequestBlock> = []
    if (text !== "" || (systemOptions?.clearAt == null && systemOptions?.effort == null)) {
      content.push({
        type: "text",
        text,
        cache_control: validator.get(providerOptions, { type: "system message", canCache: true })
      })
    }
    converted.push({ content, clearAt: systemOptions?.clearAt, effort: systemOptions?.effort })
  }
  const hasInlineSystemOptions = converted.some((m) => m.clearAt != null || m.effort != null)
  if (isFirstBlock || (ctx.system == null && !hasInlineSystemOptions)) {
    for (const message of converted) {
      if (message.content.length === 0 && message.clearAt == null && message.effort != null) {
        ctx.messages.push({ role: "system", content: [], output_config: { effort: message.effort } })
        betas.add("mid-conversation-output-config-2026-07-01")
      } else if (message.clearAt != null || message.effort != null) {
        warnings.push({
          type: "other",
          message: "clearAt and effort on this initial system message are not supported by Anthropic. " +
            "Use a separate effort-only system message with empty content to set effort. " +
            "These options have been ignored."
        })
      }
    }
    ctx.system = converted.flatMap((m) => m.content.filter((p) => p.type === "text"))
  } else {
    betas.add("mid-conversation-system-2026-04-07")
    for (const message of converted) {
      ctx.messages.push({
        role: "system",
        content: message.content,
        ...(message.clearAt != null && { clear_at: message.clearAt }),
        ...(message.effort != null && { output_config: { effort: message.effort } })
      })
      if (message.clearAt != null) betas.add("mid-conversation-system-clear-at-2026-08-21")
      if (message.effort != null) betas.add("mid-conversation-output-config-2026-07-01")
    }
  }
})
