/**
 * The synthetic JSON response tool's stream as text (upstream provider-utils
 * `convertJsonResponseToolStream`): other text is dropped, application tool
 * calls pass, a response with only the JSON tool finishes with `stop`. One
 * port for every provider with a synthetic JSON tool (Groq, Gemini).
 *
 * @since 0.1.0
 */
import type { StreamPart } from "../contract/StreamPart.ts"
import type * as StreamTransform from "./StreamTransform.ts"

/**
 * A per-part mapper with the state of one stream.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeJsonResponseToolMapper = (toolName: string): (part: StreamPart, out: Array<StreamPart>) => void => {
  const responseToolIds = new Set<string>()
  const responseToolsWithDeltas = new Set<string>()
  let hasResponseTool = false
  let hasApplicationTool = false
  return (part, out) => {
    switch (part.type) {
      case "text-start":
      case "text-delta":
      case "text-end":
        return
      case "tool-input-start":
        if (part.toolName === toolName) {
          responseToolIds.add(part.id)
          out.push({ type: "text-start", id: part.id, ...(part.providerMetadata && { providerMetadata: part.providerMetadata }) })
          return
        }
        break
      case "tool-input-delta":
        if (responseToolIds.has(part.id)) {
          if (part.delta.length > 0) responseToolsWithDeltas.add(part.id)
          out.push({
            type: "text-delta",
            id: part.id,
            delta: part.delta,
            ...(part.providerMetadata && { providerMetadata: part.providerMetadata })
          })
          return
        }
        break
      case "tool-input-end":
        if (responseToolIds.has(part.id)) return
        break
      case "tool-call":
        if (part.toolName === toolName) {
          const metadata = part.providerMetadata && { providerMetadata: part.providerMetadata }
          if (!responseToolsWithDeltas.has(part.toolCallId)) {
            out.push({ type: "text-delta", id: part.toolCallId, delta: part.input, ...metadata })
          }
          out.push({ type: "text-end", id: part.toolCallId, ...metadata })
          hasResponseTool = true
          return
        }
        if (!part.providerExecuted) hasApplicationTool = true
        break
      case "finish":
        if (hasResponseTool && !hasApplicationTool && part.finishReason.unified === "tool-calls") {
          out.push({ ...part, finishReason: { ...part.finishReason, unified: "stop" } })
          return
        }
        break
    }
    out.push(part)
  }
}

/**
 * The mapper as a `StreamTransform` transformer over parts (one mapper per stream run).
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeJsonResponseToolTransformer = (
  toolName: string
): StreamTransform.Transformer<StreamPart, StreamPart, never> => {
  const onPart = makeJsonResponseToolMapper(toolName)
  return {
    onChunk: (chunk, out) => {
      for (let i = 0; i < chunk.length; i++) onPart(chunk[i], out)
      return undefined
    }
  }
}
