/**
 * A whole chat response as V4 content (upstream `doGenerate` of
 * `@ai-sdk/cohere` 4.0.52): non-empty text and thinking in order, then one
 * document `source` per citation (title of its first document, else
 * `Document`; the citation in `providerMetadata.cohere`), then the tool
 * calls (`null` arguments read as `{}`).
 */
import type { Content } from "../../../contract/Content.ts"
import type { ChatResponse } from "../CohereApi.ts"

/**
 * The content parts of a response; `generateId` names the sources.
 *
 * @since 0.1.0
 */
export const mapContent = (response: ChatResponse, generateId: () => string): Array<Content> => {
  const content: Array<Content> = []
  for (const item of response.message.content ?? []) {
    if (item.type === "text" && item.text.length > 0) content.push({ type: "text", text: item.text })
    else if (item.type === "thinking" && item.thinking.length > 0) content.push({ type: "reasoning", text: item.thinking })
  }
  for (const citation of response.message.citations ?? []) {
    content.push({
      type: "source",
      sourceType: "document",
      id: generateId(),
      mediaType: "text/plain",
      title: citation.sources[0]?.document?.title || "Document",
      providerMetadata: {
        cohere: {
          start: citation.start,
          end: citation.end,
          text: citation.text,
          sources: citation.sources,
          ...(citation.type && { citationType: citation.type })
        }
      }
    })
  }
  for (const toolCall of response.message.tool_calls ?? []) {
    content.push({
      type: "tool-call",
      toolCallId: toolCall.id,
      toolName: toolCall.function.name,
      // Cohere sends `null` as the arguments of a tool without parameters
      input: toolCall.function.arguments.replace(/^null$/, "{}")
    })
  }
  return content
}
