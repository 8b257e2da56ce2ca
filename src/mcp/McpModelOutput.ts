/**
 * What the model sees of an MCP tool result: upstream `mcpToModelOutput`, the `toModelOutput` of
 * every tool `createMCPClient` makes. A string is text; a result with a `content` array becomes
 * `content` (text parts as text, images as files with their base64 data, anything else as its
 * JSON text); any other value is JSON.
 *
 * @since 0.1.0
 */
import { Predicate } from "effect"
import { isJsonValue } from "../contract/Json.ts"
import type { ToolResultContentItem, ToolResultOutput } from "../contract/Prompt.ts"

type ContentItem = typeof ToolResultContentItem.Type

const contentItem = (part: unknown): ContentItem => {
  if (Predicate.hasProperty(part, "type")) {
    if (part.type === "text" && Predicate.hasProperty(part, "text")) return { type: "text", text: String(part.text) }
    if (part.type === "image" && Predicate.hasProperty(part, "data") && Predicate.hasProperty(part, "mimeType")) {
      return { type: "file", mediaType: String(part.mimeType), data: { type: "data", data: String(part.data) } }
    }
  }
  return { type: "text", text: JSON.stringify(part) }
}

/**
 * Maps a tool output (usually an MCP `CallToolResult`) to the model output (upstream
 * `mcpToModelOutput`).
 *
 * @since 0.1.0
 * @category converting
 */
export const toModelOutput = (output: unknown): ToolResultOutput => {
  if (typeof output === "string") return { type: "text", value: output }
  if (!Predicate.hasProperty(output, "content") || !Array.isArray(output.content)) {
    const value = output ?? null
    // an MCP result is JSON off the wire; a decoded `outputSchema` value may not be (then its JSON form)
    return { type: "json", value: isJsonValue(value) ? value : JSON.parse(JSON.stringify(value) ?? "null") }
  }
  return { type: "content", value: output.content.map(contentItem) }
}
