/**
 * Citations and citation sources of Anthropic text blocks (upstream
 * `map-anthropic-citation.ts` and `createCitationSource`).
 *
 * @since 0.1.0
 */
import type { Citation as V4Citation, Source } from "../../../../contract/Content.ts"
import type { Citation } from "../AnthropicApi.ts"

/**
 * A document of the prompt (or fetched by web fetch) that citations point to.
 *
 * @since 0.1.0
 */
export interface CitationDocument {
  readonly title: string
  readonly filename?: string | undefined
  readonly mediaType: string
}

/**
 * The V4 citation of an Anthropic citation.
 *
 * @since 0.1.0
 */
export const mapCitation = (citation: Citation, documents: ReadonlyArray<CitationDocument>): V4Citation => {
  if (citation.type === "web_search_result_location" || citation.type === "search_result_location") {
    const url = citation.type === "web_search_result_location" ? citation.url : citation.source
    return {
      source: {
        type: "source",
        sourceType: "url",
        id: url,
        url,
        title: citation.title ?? undefined,
        providerMetadata: { anthropic: { ...citation } }
      },
      citedText: citation.cited_text
    }
  }
  const document = documents[citation.document_index]
  return {
    source: {
      type: "source",
      sourceType: "document",
      id: citation.file_id ?? String(citation.document_index),
      mediaType: document?.mediaType ?? "text/plain",
      title: citation.document_title ?? document?.title ?? `Document ${citation.document_index}`,
      filename: document?.filename,
      providerMetadata: { anthropic: { ...citation } }
    },
    citedText: citation.cited_text
  }
}

/**
 * The source part a citation produces, if any (web search results and page
 * or character locations of known documents).
 *
 * @since 0.1.0
 */
export const createCitationSource = (
  citation: Citation,
  documents: ReadonlyArray<CitationDocument>,
  generateId: () => string
): Source | undefined => {
  if (citation.type === "web_search_result_location") {
    return {
      type: "source",
      sourceType: "url",
      id: generateId(),
      url: citation.url,
      title: citation.title ?? undefined,
      providerMetadata: { anthropic: { citedText: citation.cited_text, encryptedIndex: citation.encrypted_index } }
    }
  }
  if (citation.type !== "page_location" && citation.type !== "char_location") return undefined
  const documentInfo = documents[citation.document_index]
  if (!documentInfo) return undefined
  return {
    type: "source",
    sourceType: "document",
    id: generateId(),
    mediaType: documentInfo.mediaType,
    title: citation.document_title ?? documentInfo.title,
    filename: documentInfo.filename,
    providerMetadata: {
      anthropic: citation.type === "page_location"
        ? {
          citedText: citation.cited_text,
          startPageNumber: citation.start_page_number,
          endPageNumber: citation.end_page_number
        }
        : {
          citedText: citation.cited_text,
          startCharIndex: citation.start_char_index,
          endCharIndex: citation.end_char_index
        }
    }
  }
}
