/**
 * The prompt as Responses `input` (upstream `convertToHuggingFaceResponsesMessages` of
 * `@ai-sdk/huggingface` 2.0.48): images only; reasoning back as assistant text; tool messages
 * are not sent.
 */
import { Effect } from "effect"
import { getTopLevelMediaType } from "../../../provider-utils/DetectMediaType.ts"
import { resolveFullMediaType } from "../../../provider-utils/ResolveFullMediaType.ts"
import { UnsupportedFunctionalityError } from "../../../contract/errors/UnsupportedFunctionalityError.ts"
import type { FilePart, Prompt } from "../../../contract/Prompt.ts"
import type { Warning } from "../../../contract/Warning.ts"

const userFile = Effect.fnUntraced(function*(part: FilePart) {
  const data = part.data
  switch (data.type) {
    case "reference":
      return yield* new UnsupportedFunctionalityError({ functionality: "file parts with provider references" })
    case "text":
      return yield* new UnsupportedFunctionalityError({ functionality: "text file parts" })
    case "url":
    case "data": {
      if (getTopLevelMediaType(part.mediaType) !== "image") {
        return yield* new UnsupportedFunctionalityError({ functionality: `file part media type ${part.mediaType}` })
      }
      if (data.type === "url") return { type: "input_image", image_url: data.url.toString() }
      // As upstream: the data goes into the URL as given (a string as is, bytes
      // as their comma-joined decimal values), not base64-encoded.
      const mediaType = yield* resolveFullMediaType(part)
      return { type: "input_image", image_url: `data:${mediaType};base64,${String(data.data)}` }
    }
  }
})

/**
 * The prompt as `input` items and the warnings of what is not sent.
 *
 * @since 0.1.0
 */
export const convertMessages = Effect.fnUntraced(function*(prompt: Prompt) {
  const input: Array<unknown> = []
  const warnings: Array<Warning> = []
  for (const message of prompt) {
    switch (message.role) {
      case "system":
        input.push({ role: "system", content: message.content })
        break
      case "user": {
        const content: Array<unknown> = []
        for (const part of message.content) {
          content.push(part.type === "text" ? { type: "input_text", text: part.text } : yield* userFile(part))
        }
        input.push({ role: "user", content })
        break
      }
      case "assistant":
        for (const part of message.content) {
          // Reasoning goes back as assistant text; tool calls, results and files are not sent.
          if (part.type === "text" || part.type === "reasoning") {
            input.push({ role: "assistant", content: [{ type: "output_text", text: part.text }] })
          }
        }
        break
      case "tool":
        warnings.push({ type: "unsupported", feature: "tool messages" })
        break
    }
  }
  return { input, warnings }
})
