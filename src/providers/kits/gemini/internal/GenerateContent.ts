/**
 * A `generateContent` response as V4 content, finish reason, usage and
 * provider metadata (upstream `GoogleLanguageModel.convertGenerateContentResponse`).
 */
import { Result } from "effect"
import type { Content } from "../../../../contract/Content.ts"
import type { JSONParseError } from "../../../../contract/errors/JSONParseError.ts"
import * as WireJson from "../../../../runtime/WireJson.ts"
import type { FinishReason } from "../../../../contract/FinishReason.ts"
import type { JsonObject } from "../../../../contract/Json.ts"
import type { ProviderMetadata } from "../../../../contract/ProviderMetadata.ts"
import type { Usage } from "../../../../contract/Usage.ts"
import type { GroundingMetadata, Response } from "../GeminiApi.ts"
import { extractSources } from "./Sources.ts"
import type { Refined } from "./Refine.ts"
import { convertUsage, toolResponseResult } from "./Usage.ts"
import { isConfirmedPromptBlockReason, mapFinishReason } from "./FinishReason.ts"

/**
 * Conversion options.
 */
export interface Options {
  readonly providerOptionsNames: ReadonlyArray<string>
  readonly codeExecutionToolName: string
  readonly jsonResponseToolName: string | undefined
  readonly generateId: () => string
  readonly responseHeaders?: Readonly<Record<string, string>> | undefined
  readonly initialPromptTokenCount?: number | null | undefined
  readonly groundingMetadataPerRequest?: ReadonlyArray<GroundingMetadata | null> | undefined
}

/**
 * The converted response.
 */
export interface Converted {
  readonly content: Array<Content>
  readonly finishReason: FinishReason
  readonly usage: Usage
  readonly providerMetadata: ProviderMetadata
}

/**
 * The typed failure for a response whose tool arguments (or executable code) nest deeper than
 * `JSON.stringify` can print (issue 31), else `undefined`: checked before `convertResponse`, whose
 * prints of the same values then cannot throw.
 */
export const unprintablePart = (response: Response): JSONParseError | undefined => {
  for (const part of response.candidates?.[0]?.content?.parts ?? []) {
    const value = "functionCall" in part && typeof part.functionCall.args !== "string"
      ? part.functionCall.args ?? {}
      : "toolCall" in part
      ? part.toolCall.args ?? {}
      : "executableCode" in part && part.executableCode?.code
      ? part.executableCode
      : undefined
    if (value === undefined) continue
    const printed = WireJson.stringify(value)
    if (Result.isFailure(printed)) return printed.failure
  }
  return undefined
}

/**
 * Converts one response.
 */
export const convertResponse = (response: Response, refined: Refined, options: Options): Converted => {
  const { codeExecutionToolName, generateId, jsonResponseToolName } = options
  const wrap = (payload: JsonObject): ProviderMetadata => {
    const out: Record<string, JsonObject> = {}
    for (const name of options.providerOptionsNames) out[name] = payload
    return out
  }
  const candidate = response.candidates?.[0]
  const blockReason = response.promptFeedback?.blockReason
  const confirmedBlockReason = isConfirmedPromptBlockReason(blockReason) ? blockReason : undefined
  const isPromptBlocked = candidate?.finishReason == null && confirmedBlockReason != null
  const rawFinishReason = candidate?.finishReason ?? confirmedBlockReason
  const content: Array<Content> = []
  const usageMetadata = refined.usage
  let lastCodeExecutionToolCallId: string | undefined
  let lastServerToolCallId: string | undefined
  const signature = (thoughtSignature: string | null | undefined) =>
    thoughtSignature ? wrap({ thoughtSignature }) : undefined

  for (const part of candidate?.content?.parts ?? []) {
    if ("executableCode" in part && part.executableCode?.code) {
      const toolCallId = generateId()
      lastCodeExecutionToolCallId = toolCallId
      content.push({
        type: "tool-call",
        toolCallId,
        toolName: codeExecutionToolName,
        input: WireJson.render(part.executableCode),
        providerExecuted: true
      })
    } else if ("codeExecutionResult" in part && part.codeExecutionResult) {
      content.push({
        type: "tool-result",
        // upstream writes the id of the most recent code part, even when there is none
        toolCallId: lastCodeExecutionToolCallId ?? "",
        toolName: codeExecutionToolName,
        result: { outcome: part.codeExecutionResult.outcome, output: part.codeExecutionResult.output ?? "" }
      })
    } else if ("text" in part && part.text != null) {
      if (jsonResponseToolName != null && part.thought !== true) continue
      const providerMetadata = signature(part.thoughtSignature)
      if (part.text.length === 0) {
        const last = content.at(-1)
        if (providerMetadata != null && last !== undefined) {
          content[content.length - 1] = { ...last, providerMetadata }
        }
      } else {
        content.push({ type: part.thought === true ? "reasoning" : "text", text: part.text, providerMetadata })
      }
    } else if ("functionCall" in part && part.functionCall.name != null) {
      const call = part.functionCall
      const name = part.functionCall.name
      if (call.name === jsonResponseToolName) {
        content.push({
          type: "text",
          text: typeof call.args === "string" ? call.args : WireJson.render(call.args ?? {}),
          ...(part.thoughtSignature ? { providerMetadata: wrap({ thoughtSignature: part.thoughtSignature }) } : {})
        })
        continue
      }
      content.push({
        type: "tool-call",
        toolCallId: call.id || generateId(),
        toolName: name,
        input: WireJson.render(call.args ?? {}),
        providerMetadata: signature(part.thoughtSignature)
      })
    } else if ("inlineData" in part) {
      content.push({
        type: part.thought === true ? "reasoning-file" : "file",
        data: { type: "data", data: part.inlineData.data },
        mediaType: part.inlineData.mimeType,
        providerMetadata: signature(part.thoughtSignature)
      })
    } else if ("toolCall" in part) {
      const toolCallId = part.toolCall.id || generateId()
      lastServerToolCallId = toolCallId
      content.push({
        type: "tool-call",
        toolCallId,
        toolName: `server:${part.toolCall.toolType}`,
        input: WireJson.render(part.toolCall.args ?? {}),
        providerExecuted: true,
        dynamic: true,
        providerMetadata: wrap({
          ...(part.thoughtSignature ? { thoughtSignature: part.thoughtSignature } : {}),
          serverToolCallId: toolCallId,
          serverToolType: part.toolCall.toolType
        })
      })
    } else if ("toolResponse" in part) {
      const toolCallId = lastServerToolCallId || part.toolResponse.id || generateId()
      content.push({
        type: "tool-result",
        toolCallId,
        toolName: `server:${part.toolResponse.toolType}`,
        result: toolResponseResult(part.toolResponse.response),
        providerMetadata: wrap({
          ...(part.thoughtSignature ? { thoughtSignature: part.thoughtSignature } : {}),
          serverToolCallId: toolCallId,
          serverToolType: part.toolResponse.toolType
        })
      })
      lastServerToolCallId = undefined
    }
  }

  for (const source of extractSources(refined.grounding, generateId) ?? []) content.push(source)

  return {
    content,
    finishReason: {
      unified: isPromptBlocked
        ? "content-filter"
        : mapFinishReason(
          rawFinishReason,
          // only client-executed calls make a tool-calls finish
          content.some((part) => part.type === "tool-call" && !part.providerExecuted)
        ),
      raw: rawFinishReason
    },
    usage: convertUsage(usageMetadata),
    providerMetadata: wrap({
      promptFeedback: response.promptFeedback ?? null,
      groundingMetadata: refined.grounding ?? null,
      ...(options.groundingMetadataPerRequest != null
        ? { groundingMetadataPerRequest: [...options.groundingMetadataPerRequest] }
        : {}),
      urlContextMetadata: candidate?.urlContextMetadata ?? null,
      safetyRatings: candidate?.safetyRatings ?? null,
      usageMetadata: usageMetadata ?? null,
      finishMessage: candidate?.finishMessage ?? null,
      serviceTier: usageMetadata?.serviceTier ?? options.responseHeaders?.["x-gemini-service-tier"] ?? null,
      ...(candidate?.continuationToken != null ? { continuationToken: candidate.continuationToken } : {}),
      ...(options.initialPromptTokenCount != null ? { initialPromptTokenCount: options.initialPromptTokenCount } : {})
    })
  }
}
