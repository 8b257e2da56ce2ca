/**
 * Sources and citations of the Responses output (upstream
 * `map-openai-responses-annotation.ts`), web search results, and the JSON
 * escaping of streamed deltas.
 *
 * @internal
 */
import type { Citation, Source } from "../../../../../contract/Content.ts"
import type { Annotation, WebSearchAction } from "../OpenAIResponsesApi.ts"
import * as WireJson from "../../../../../runtime/WireJson.ts"

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

/** Upstream `mapWebSearchOutput`. @internal */
export const webSearchOutput = (action: WebSearchAction | null | undefined) => {
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
export const escapeJsonDelta = (delta: string): string => WireJson.render(delta).slice(1, -1)
