/**
 * The decode shortcut of the three payloads that make up almost every
 * ConverseStream body: text, tool-input and reasoning-text deltas. The
 * `StreamEvent` Schema has index signatures (exception records, the
 * citation delta, loose usage), so the generated fast decoder of
 * `ParseJson` does not apply to it; this builds exactly the value its
 * decode gives for these shapes (the first union member that accepts,
 * unknown keys dropped, keys in declaration order) and leaves every other
 * payload, including any that only looks similar, to the Schema.
 * `test/providers/amazon-bedrock/fastStreamEvent.test.ts` compares it with
 * the Schema decode.
 *
 * @internal
 */
import type { StreamEvent } from "../AmazonBedrockApi.ts"

const isPlainObject = (u: unknown): u is Record<string, unknown> =>
  typeof u === "object" && u !== null && !Array.isArray(u) && Object.getPrototypeOf(u) === Object.prototype

/** The decoded `{ contentBlockDelta }` event for a plain delta payload, else `undefined`. */
export const fastStreamEvent = (payloadType: string, payload: unknown): StreamEvent | undefined => {
  if (payloadType !== "contentBlockDelta" || !isPlainObject(payload)) return undefined
  const contentBlockIndex = payload["contentBlockIndex"]
  const delta = payload["delta"]
  if (typeof contentBlockIndex !== "number" || !isPlainObject(delta)) return undefined
  const text = delta["text"]
  if (typeof text === "string") return { contentBlockDelta: { contentBlockIndex, delta: { text } } }
  // the earlier union members must reject: no `text`, no `citation` at all
  if ("text" in delta || "citation" in delta) return undefined
  const toolUse = delta["toolUse"]
  if (isPlainObject(toolUse)) {
    const input = toolUse["input"]
    return typeof input === "string" ? { contentBlockDelta: { contentBlockIndex, delta: { toolUse: { input } } } } : undefined
  }
  if ("toolUse" in delta) return undefined
  const reasoning = delta["reasoningContent"]
  if (isPlainObject(reasoning) && typeof reasoning["text"] === "string") {
    return { contentBlockDelta: { contentBlockIndex, delta: { reasoningContent: { text: reasoning["text"] } } } }
  }
  return undefined
}
