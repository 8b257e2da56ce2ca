/**
 * JSON helpers of upstream provider-utils that request encoding relies on.
 *
 * @since 0.1.0
 */

/**
 * `JSON.stringify` with BigInt values as decimal strings and ancestor cycles as
 * `"[Circular]"` (upstream `stringifyWithBigIntAndCycles`). Like
 * `JSON.stringify`, `undefined` (and functions) give `undefined`.
 *
 * @since 0.1.0
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
