/**
 * Grounding chunks as `source` parts (upstream `extractSources`): web, image
 * and maps chunks as URL sources, retrieved contexts as URL or document
 * sources; with `emittedSourceKeys` (streaming) a source is emitted once.
 */
import type { Source } from "../../../../contract/Content.ts"
import type { GroundingMetadata } from "../GeminiApi.ts"
import * as WireJson from "../../../../runtime/WireJson.ts"

const documentMediaType = (uri: string): string => {
  if (uri.endsWith(".pdf")) return "application/pdf"
  if (uri.endsWith(".txt")) return "text/plain"
  if (uri.endsWith(".docx")) return "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
  if (uri.endsWith(".doc")) return "application/msword"
  if (/\.(md|markdown)$/.test(uri)) return "text/markdown"
  return "application/octet-stream"
}

/**
 * The sources of the grounding metadata, `undefined` when there are none.
 */
export const extractSources = (
  groundingMetadata: GroundingMetadata | null | undefined,
  generateId: () => string,
  emittedSourceKeys?: Set<string>
): Array<Source> | undefined => {
  if (!groundingMetadata?.groundingChunks) return undefined
  const sources: Array<Source> = []
  // ids are generated before the duplicate check, as upstream's
  const add = (source: Source, key: string) => {
    if (emittedSourceKeys?.has(key)) return
    emittedSourceKeys?.add(key)
    sources.push(source)
  }
  for (const chunk of groundingMetadata.groundingChunks) {
    if (chunk.web != null) {
      add(
        { type: "source", sourceType: "url", id: generateId(), url: chunk.web.uri, title: chunk.web.title ?? undefined },
        WireJson.render(["url", chunk.web.uri])
      )
    } else if (chunk.image != null) {
      // attribution goes to the source page, not the image
      add(
        {
          type: "source",
          sourceType: "url",
          id: generateId(),
          url: chunk.image.sourceUri,
          title: chunk.image.title ?? undefined
        },
        WireJson.render(["url", chunk.image.sourceUri])
      )
    } else if (chunk.retrievedContext != null) {
      const uri = chunk.retrievedContext.uri
      const fileSearchStore = chunk.retrievedContext.fileSearchStore
      if (uri && (uri.startsWith("http://") || uri.startsWith("https://"))) {
        add(
          { type: "source", sourceType: "url", id: generateId(), url: uri, title: chunk.retrievedContext.title ?? undefined },
          WireJson.render(["url", uri])
        )
      } else if (uri) {
        add(
          {
            type: "source",
            sourceType: "document",
            id: generateId(),
            mediaType: documentMediaType(uri),
            title: chunk.retrievedContext.title ?? "Unknown Document",
            filename: uri.split("/").pop()
          },
          WireJson.render(["document", uri])
        )
      } else if (fileSearchStore) {
        const title = chunk.retrievedContext.title ?? "Unknown Document"
        add(
          {
            type: "source",
            sourceType: "document",
            id: generateId(),
            mediaType: "application/octet-stream",
            title,
            filename: fileSearchStore.split("/").pop()
          },
          WireJson.render(["file-search", fileSearchStore, title])
        )
      }
    } else if (chunk.maps != null && chunk.maps.uri) {
      add(
        { type: "source", sourceType: "url", id: generateId(), url: chunk.maps.uri, title: chunk.maps.title ?? undefined },
        WireJson.render(["url", chunk.maps.uri])
      )
    }
  }
  return sources.length > 0 ? sources : undefined
}
