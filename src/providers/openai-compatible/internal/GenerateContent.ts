/**
 * Message content → text and reasoning content (upstream
 * `convertOpenAICompatibleContent`): a string is text; an array keeps `text`
 * parts and joins the text chunks of `thinking` parts into reasoning.
 *
 * @since 0.1.0
 */
import type { Content } from "../OpenAICompatibleApi.ts"

/**
 * Text or reasoning content.
 *
 * @since 0.1.0
 */
export interface TextOrReasoning {
  readonly type: "text" | "reasoning"
  readonly text: string
}

/**
 * Converts content; empty strings give nothing.
 *
 * @since 0.1.0
 */
export const convertContent = (content: Content): Array<TextOrReasoning> => {
  if (content == null) {
    return []
  }
  if (typeof content === "string") {
    return content.length > 0 ? [{ type: "text", text: content }] : []
  }
  const result: Array<TextOrReasoning> = []
  for (const part of content) {
    const text = part.text
    const thinking = part.thinking
    if (part.type === "text" && typeof text === "string") {
      if (text.length > 0) result.push({ type: "text", text })
    } else if (part.type === "thinking" && Array.isArray(thinking)) {
      let reasoningText = ""
      for (const chunk of thinking) {
        if (
          chunk != null && typeof chunk === "object" && !Array.isArray(chunk) && chunk.type === "text" &&
          typeof chunk.text === "string"
        ) {
          reasoningText += chunk.text
        }
      }
      if (reasoningText.length > 0) result.push({ type: "reasoning", text: reasoningText })
    }
  }
  return result
}
