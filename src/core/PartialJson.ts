/**
 * Partial JSON parsing for the layers above core (upstream `parsePartialJson`): the UI message
 * state reads a streamed tool input with it.
 *
 * @since 0.3.0
 */
import { parsePartialJson as parse, type PartialResult } from "./internal/PartialJson.ts"

/**
 * The outcome of a partial parse: the value and upstream's state.
 *
 * @since 0.3.0
 * @category models
 */
export type Result = PartialResult

/**
 * Upstream `parsePartialJson`: a secure parse, else a secure parse of the repaired text.
 *
 * @since 0.3.0
 * @category parsing
 */
export const parsePartialJson: (text: string | undefined) => Result = parse
