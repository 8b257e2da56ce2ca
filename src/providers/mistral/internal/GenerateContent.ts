/**
 * A whole chat response as V4 content (upstream `doGenerate` of
 * `@ai-sdk/mistral` 4.0.87): a part array gives its non-empty thinking (as
 * reasoning) and text chunks in order (images and references dropped); string
 * content gives one non-empty text; then the tool calls.
 */
import type { Content } from "../../../contract/Content.ts"
import type { ChatResponse, Content as WireContent } from "../MistralApi.ts"

type Chunk = Exclude<WireContent, string>[number]

/**
 * The text of a thinking chunk's text parts (upstream `extractReasoningContent`).
 *
 * @since 0.1.0
 */
export const reasoningText = (thinking: ReadonlyArray<{ readonly type: string; readonly text: string }>): string => {
  let text = ""
  for (const part of thinking) if (part.type === "text") text += part.text
  return text
}

/**
 * The text of a content: a string as it is, the joined text chunks of an array, `undefined` for
 * none (upstream `extractTextContent`).
 *
 * @since 0.1.0
 */
export const textContent = (content: WireContent | null | undefined): string | undefined => {
  if (typeof content === "string") return content
  if (content == null) return undefined
  let text: string | undefined = undefined
  for (const chunk of content) if (chunk.type === "text") text = (text ?? "") + chunk.text
  return text
}

const chunkContent = (chunk: Chunk, out: Array<Content>) => {
  if (chunk.type === "thinking") {
    const text = reasoningText(chunk.thinking)
    if (text.length > 0) out.push({ type: "reasoning", text })
  } else if (chunk.type === "text" && chunk.text.length > 0) {
    out.push({ type: "text", text: chunk.text })
  }
}

/**
 * The content parts of the first choice.
 *
 * @since 0.1.0
 */
export const mapContent = (choice: ChatResponse["choices"][number]): Array<Content> => {
  const content: Array<Content> = []
  const message = choice.message
  const wire = message.content
  if (wire != null && typeof wire !== "string") {
    for (const chunk of wire) chunkContent(chunk, content)
  } else {
    const text = textContent(wire)
    if (text != null && text.length > 0) content.push({ type: "text", text })
  }
  for (const toolCall of message.tool_calls ?? []) {
    content.push({ type: "tool-call", toolCallId: toolCall.id, toolName: toolCall.function.name, input: toolCall.function.arguments })
  }
  return content
}
