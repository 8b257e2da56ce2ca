/**
 * `simulateStreamingMiddleware`: `stream` calls the model's `generate` and replays its result as
 * stream parts (upstream `ai/src/middleware/simulate-streaming-middleware.ts`): `stream-start`
 * with the warnings, `response-metadata`, one start/delta/end triple per non-empty text (or text
 * with citations) and per reasoning part (ids `"0"`, `"1"`, ... in content order), every other
 * content part as it is, then `finish`.
 *
 * @since 0.1.0
 */
import { Effect, Stream } from "effect"
import type { GenerateResult } from "../../contract/Results.ts"
import type { StreamPart } from "../../contract/StreamPart.ts"
import type { Middleware } from "./Middleware.ts"

const toParts = (result: GenerateResult): Array<StreamPart> => {
  const parts: Array<StreamPart> = [
    { type: "stream-start", warnings: result.warnings },
    { type: "response-metadata", ...result.response }
  ]
  let id = 0
  for (const part of result.content) {
    switch (part.type) {
      case "text": {
        if (part.text.length > 0 || (part.citations?.length ?? 0) > 0) {
          const key = String(id++)
          parts.push(
            part.providerMetadata != null
              ? { type: "text-start", id: key, providerMetadata: part.providerMetadata }
              : { type: "text-start", id: key },
            { type: "text-delta", id: key, delta: part.text },
            part.citations != null ? { type: "text-end", id: key, citations: part.citations } : { type: "text-end", id: key }
          )
        }
        break
      }
      case "reasoning": {
        const key = String(id++)
        parts.push(
          { type: "reasoning-start", id: key, providerMetadata: part.providerMetadata },
          { type: "reasoning-delta", id: key, delta: part.text },
          { type: "reasoning-end", id: key }
        )
        break
      }
      default:
        parts.push(part)
    }
  }
  parts.push({
    type: "finish",
    finishReason: result.finishReason,
    usage: result.usage,
    providerMetadata: result.providerMetadata
  })
  return parts
}

/**
 * The middleware.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (): Middleware => ({
  wrapStream: ({ doGenerate }) =>
    Effect.map(doGenerate, (result) => ({
      stream: Stream.fromIterable(toParts(result)),
      request: result.request,
      response: result.response
    }))
})
