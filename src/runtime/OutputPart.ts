/**
 * Which stream parts carry model output (upstream `isOutputChunk`): the one definition core's
 * generation timeouts and the reliability model wrappers both start and restart their clocks on.
 *
 * @since 0.1.0
 */
import type { StreamPart } from "../contract/StreamPart.ts"

/**
 * True for the parts that carry model output (upstream `isOutputChunk`): a non-empty text,
 * reasoning or tool-input delta, a file, a reasoning file, a tool call.
 *
 * @since 0.1.0
 * @category guards
 */
export const isOutputPart = (part: StreamPart): boolean => {
  switch (part.type) {
    case "text-delta":
    case "reasoning-delta":
    case "tool-input-delta":
      return part.delta.length > 0
    case "file":
    case "reasoning-file":
    case "tool-call":
      return true
    default:
      return false
  }
}
