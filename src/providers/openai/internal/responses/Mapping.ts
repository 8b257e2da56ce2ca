/**
 * Small ports from upstream `responses/`: usage conversion
 * (`convert-openai-responses-usage.ts`), finish reason
 * (`map-openai-responses-finish-reason.ts`), annotation sources and
 * citations (`map-openai-responses-annotation.ts`) and web search results.
 *
 * @internal
 */
import type { Citation, Source } from "../../../../contract/Content.ts"
import type { FinishReason } from "../../../../contract/FinishReason.ts"
import { isJsonObject } from "../../../../contract/Json.ts"
import { emptyUsage, type Usage } from "../../../../contract/Usage.ts"
import type { Annotation, Usage as WireUsage, WebSearchAction } from "../../OpenAIResponsesApi.ts"

/** @internal */
export const convertUsage = (usage: WireUsage | null | undefined): Usage => {
  if (usage == null) return emptyUsage()
  const inputTokens = usage.input_tokens
  const outputTokens = usage.output_tokens
  const cachedTokens = usage.input_tokens_details?.cached_tokens ?? 0
  const cacheWriteTokens = usage.input_tokens_details?.cache_write_tokens ?? undefined
  const reasoningTokens = usage.output_tokens_details?.reasoning_tokens ?? 0
  return {
    inputTokens: {
      total: inputTokens,
      noCache: inputTokens - cachedTokens - (cacheWriteTokens ?? 0),
      cacheRead: cachedTokens,
      cacheWrite: cacheWriteTokens
    },
    outputTokens: { total: outputTokens, text: outputTokens - reasoningTokens, reasoning: reasoningTokens },
    ...(isJsonObject(usage) ? { raw: usage } : {})
  }
}

/** @internal */
export const mapFinishReason = (
  finishReason: string | null | undefined,
  hasFunctionCall: boolean,
  hasRefusal = false
): FinishReason["unified"] => {
  switch (finishReason) {
    case undefined:
    case null:
      return hasFunctionCall ? "tool-calls" : hasRefusal ? "content-filter" : "stop"
    case "max_output_tokens":
      return "length"
    case "content_filter":
      return "content-filter"
    default:
      return hasFunctionCall ? "tool-calls" : "other"
  }
}

/** @internal */
export const annotationSource = (annotation: Annotation, name: string, id: string): Source => {
  if (annotation.type === "url_citation") {
    return { type: "source", sourceType: "url", id, url: annotation.url, title: annotation.title }
  }
  const filename = annotation.type === "file_path" ? annotation.file_id : annotation.filename
  return {
    type: "source",
    sourceType: "document",
    id,
    mediaType: annotation.type === "file_path" ? "application/octet-stream" : "text/plain",
    title: filename,
    filename,
    providerMetadata: {
      [name]: {
        type: annotation.type,
        fileId: annotation.file_id,
        ...(annotation.type === "container_file_citation"
          ? { containerId: annotation.container_id }
          : { index: annotation.index })
      }
    }
  }
}

/** @internal */
export const annotationCitations = (annotations: ReadonlyArray<Annotation>, name: string): Array<Citation> =>
  annotations.flatMap((annotation) =>
    annotation.type === "file_path" ? [] : [{
      source: annotationSource(annotation, name, annotation.type === "url_citation" ? annotation.url : annotation.file_id),
      ...("start_index" in annotation ? { startIndex: annotation.start_index, endIndex: annotation.end_index } : {})
    }]
  )

const webSearchOutput = (action: WebSearchAction | null | undefined) => {
  if (action == null) return {}
  switch (action.type) {
    case "search":
      return {
        action: {
          type: "search",
          query: action.query ?? undefined,
          ...(action.queries != null && { queries: action.queries })
        },
        ...(action.sources != null && { sources: action.sources })
      }
    case "open_page":
      return { action: { type: "openPage", url: action.url } }
    case "find_in_page":
      return { action: { type: "findInPage", url: action.url, pattern: action.pattern } }
  }
}

/** Upstream `mapWebSearchResult`. @internal */
export const webSearchResult = (item: { readonly status: string; readonly action?: WebSearchAction | null | undefined }) =>
  item.status === "completed"
    ? { result: webSearchOutput(item.action) }
    : { isError: true, result: { status: item.status } }

/** The delta embedded in a JSON string (upstream `escapeJSONDelta`). @internal */
export const escapeJsonDelta = (delta: string): string => JSON.stringify(delta).slice(1, -1)
