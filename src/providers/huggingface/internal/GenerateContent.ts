/**
 * A non-streamed Hugging Face response as V4 content (upstream `doGenerate`
 * of `huggingface-responses-language-model.ts`): text with its item id,
 * url sources from annotations, reasoning, MCP calls and tool listings as
 * provider-executed calls with their results, and function calls (with a
 * result when the router ran them).
 */
import { Predicate } from "effect"
import type { Content } from "../../../contract/Content.ts"
import type { JsonValue } from "../../../contract/Json.ts"
import { isJsonValue } from "../../../contract/Json.ts"
import type { Response } from "../HuggingFaceApi.ts"
import * as WireJson from "../../../runtime/WireJson.ts"

// Upstream types annotations as `any` and reads `url` and `title`; aimux
// keeps the annotations whose `url` is a string (title a string or absent).
const urlAnnotation = (annotation: unknown): { url: string; title: string | undefined } | undefined => {
  if (!Predicate.isObject(annotation)) return undefined
  const url: unknown = Reflect.get(annotation, "url")
  const title: unknown = Reflect.get(annotation, "title")
  if (typeof url !== "string" || (title !== undefined && typeof title !== "string")) return undefined
  return { url, title }
}

const jsonArray = (values: ReadonlyArray<unknown>): Array<JsonValue> => values.filter(isJsonValue)

/**
 * Maps the output items in order.
 *
 * @since 0.1.0
 */
export const mapContent = (response: Response, generateId: () => string): Array<Content> => {
  const content: Array<Content> = []
  for (const part of response.output) {
    switch (part.type) {
      case "message":
        for (const contentPart of part.content) {
          content.push({ type: "text", text: contentPart.text, providerMetadata: { huggingface: { itemId: part.id } } })
          for (const annotation of contentPart.annotations ?? []) {
            const source = urlAnnotation(annotation)
            if (source !== undefined) {
              content.push({ type: "source", sourceType: "url", id: generateId(), url: source.url, title: source.title })
            }
          }
        }
        break
      case "reasoning":
        for (const contentPart of part.content) {
          content.push({ type: "reasoning", text: contentPart.text, providerMetadata: { huggingface: { itemId: part.id } } })
        }
        break
      case "mcp_call":
        content.push({ type: "tool-call", toolCallId: part.id, toolName: part.name, input: part.arguments, providerExecuted: true })
        if (part.output) content.push({ type: "tool-result", toolCallId: part.id, toolName: part.name, result: part.output })
        break
      case "mcp_list_tools":
        content.push({
          type: "tool-call",
          toolCallId: part.id,
          toolName: "list_tools",
          input: WireJson.render({ server_label: part.server_label }),
          providerExecuted: true
        })
        if (part.tools) {
          content.push({ type: "tool-result", toolCallId: part.id, toolName: "list_tools", result: { tools: jsonArray(part.tools) } })
        }
        break
      case "function_call":
        content.push({ type: "tool-call", toolCallId: part.call_id, toolName: part.name, input: part.arguments })
        if (part.output) content.push({ type: "tool-result", toolCallId: part.call_id, toolName: part.name, result: part.output })
        break
    }
  }
  return content
}
