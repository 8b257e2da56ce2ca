/**
 * The `/converse` response → V4 content, finish reason, usage and provider
 * metadata (upstream `doGenerate`'s mapping).
 *
 * @internal
 */
import type { Content } from "../../../contract/Content.ts"
import type { FinishReason } from "../../../contract/FinishReason.ts"
import type { JsonObject } from "../../../contract/Json.ts"
import type { ProviderMetadata } from "../../../contract/ProviderMetadata.ts"
import type { Usage } from "../../../contract/Usage.ts"
import type { ConverseResponse } from "../AmazonBedrockApi.ts"
import { JsonObjectTextExtractor } from "./JsonObjectTextExtractor.ts"
import { isMistralModel, normalizeToolCallId } from "./ModelSupport.ts"
import { convertUsage } from "./Usage.ts"
import { mapFinishReason } from "./FinishReason.ts"
import * as WireJson from "../../../runtime/WireJson.ts"

/** The mapped response. */
export interface Mapped {
  readonly content: Array<Content>
  readonly finishReason: FinishReason
  readonly usage: Usage
  readonly providerMetadata: ProviderMetadata | undefined
}

const both = (payload: JsonObject): ProviderMetadata => ({ amazonBedrock: payload, bedrock: payload })

/** Upstream `doGenerate`'s content and metadata mapping. */
export const mapResponse = (response: ConverseResponse, options: {
  readonly modelId: string
  readonly usesJsonInstruction: boolean
  readonly usesJsonResponseTool: boolean
  readonly generateId: () => string
}): Mapped => {
  const content: Array<Content> = []
  let isJsonResponseFromTool = false
  const extractor = options.usesJsonInstruction ? new JsonObjectTextExtractor() : undefined
  const isMistral = isMistralModel(options.modelId)
  for (const part of response.output.message.content) {
    const texts = part.text != null
      ? [part.text]
      : (part.citationsContent?.content?.flatMap((item) => item.text == null ? [] : [item.text]) ?? [])
    for (const text of texts) content.push({ type: "text", text: extractor?.process(text) ?? text })

    const reasoning = part.reasoningContent
    if (reasoning) {
      if ("reasoningText" in reasoning) {
        const signature = reasoning.reasoningText.signature
        content.push(
          signature
            ? { type: "reasoning", text: reasoning.reasoningText.text, providerMetadata: both({ signature }) }
            : { type: "reasoning", text: reasoning.reasoningText.text }
        )
      } else if ("redactedReasoning" in reasoning) {
        content.push({ type: "reasoning", text: "", providerMetadata: both({ redactedData: reasoning.redactedReasoning.data ?? "" }) })
      } else if ("redactedContent" in reasoning) {
        content.push({ type: "reasoning", text: "", providerMetadata: both({ redactedContent: reasoning.redactedContent }) })
      }
    }

    const toolUse = part.toolUse
    if (toolUse) {
      if (options.usesJsonResponseTool && toolUse.name === "json") {
        // the json response tool's input is the text of the response
        isJsonResponseFromTool = true
        content.push({ type: "text", text: WireJson.render(toolUse.input) })
      } else {
        const rawToolCallId = toolUse.toolUseId || options.generateId()
        content.push({
          type: "tool-call",
          toolCallId: normalizeToolCallId(rawToolCallId, isMistral),
          toolName: toolUse.name ?? `tool-${options.generateId()}`,
          input: WireJson.render(toolUse.input ?? {})
        })
      }
    }
  }

  const stopSequence = response.additionalModelResponseFields?.delta?.stop_sequence ?? null
  const usage = response.usage
  const payload: JsonObject | undefined =
    response.trace || usage || response.performanceConfig || response.serviceTier || isJsonResponseFromTool ||
      stopSequence
      ? {
        ...(response.trace && typeof response.trace === "object" ? { trace: response.trace } : {}),
        ...(response.performanceConfig && { performanceConfig: response.performanceConfig }),
        ...(response.serviceTier && { serviceTier: response.serviceTier }),
        ...((usage?.cacheWriteInputTokens != null || usage?.cacheDetails != null) && {
          usage: {
            ...(usage.cacheWriteInputTokens != null && { cacheWriteInputTokens: usage.cacheWriteInputTokens }),
            ...(usage.cacheDetails != null && { cacheDetails: usage.cacheDetails })
          }
        }),
        ...(isJsonResponseFromTool && { isJsonResponseFromTool: true }),
        stopSequence
      }
      : undefined

  return {
    content,
    finishReason: {
      unified: mapFinishReason(response.stopReason, isJsonResponseFromTool),
      raw: response.stopReason ?? undefined
    },
    usage: convertUsage(usage),
    providerMetadata: payload ? both(payload) : undefined
  }
}
