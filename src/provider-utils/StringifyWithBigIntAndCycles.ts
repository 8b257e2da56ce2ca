/**
 * JSON serialization that survives BigInt values and cycles (upstream
 * provider-utils `stringify-with-bigint-and-cycles.ts`), used to encode tool
 * inputs and tool results into request bodies.
 *
 * @since 0.1.0
 */

/**
 * `JSON.stringify` with BigInt values as decimal strings and ancestor cycles as
 * `"[Circular]"`; an object reused in sibling positions is written each time,
 * `toJSON` is honoured. Like `JSON.stringify` (and unlike upstream's declared
 * `string`), `undefined` or a function gives `undefined`.
 *
 * @since 0.1.0
 * @category utils
 */
export const stringifyWithBigIntAndCycles = (value: unknown): string | undefined => {
  const ancestors: Array<object> = []
  return JSON.stringify(value, function(this: unknown, _key: string, current: unknown): unknown {
    if (typeof current === "bigint") {
      return current.toString()
    }
    if (typeof current !== "object" || current === null) {
      return current
    }
    // JSON.stringify visits siblings after the previous subtree: only objects
    // on the current ancestor path are cycles.
    while (ancestors.length > 0 && ancestors.at(-1) !== this) {
      ancestors.pop()
    }
    if (ancestors.includes(current)) {
      return "[Circular]"
    }
    ancestors.push(current)
    return current
  })
}
