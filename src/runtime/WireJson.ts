/**
 * `WireJson`: the one place that stringifies, renders, walks and compares a value that came from
 * the network (tool-call arguments, error payloads, usage and metadata copies, tool results,
 * request bodies that carry them). V8's `JSON.parse` does not recurse, so a body can decode to a
 * value nested 10^5 deep (or a string of hundreds of megabytes) that `JSON.stringify` or any
 * recursive walk then overflows on. Here:
 *
 * - {@link stringify} is `JSON.stringify` with the overflow (too deep, or text too long) as a typed
 *   `AI_JSONParseError` (the error upstream's `safeParseJSON` gives for such a value), never a
 *   defect;
 * - {@link render} never fails: the JSON text for a message, a `responseBody` field or a span
 *   attribute, or a short placeholder for a value that cannot be printed;
 * - {@link walk}, {@link depthExceeds} and {@link equals} are iterative: no recursion on hostile
 *   input, whatever its depth.
 *
 * `test/wire-json.test.ts` rejects a bare `JSON.stringify` in `src/providers`, `src/core` and
 * `src/provider-utils` outside its allow-list, each entry with the reason it cannot carry wire data.
 *
 * @since 0.1.0
 */
import { Result } from "effect"
import { JSONParseError } from "../contract/errors/JSONParseError.ts"

/**
 * The text `render` gives, and a failed `stringify` carries, for a value that cannot be printed.
 *
 * @since 0.1.0
 * @category constants
 */
export const unprintable = "[value nested too deeply or too large to print]"

/**
 * The JSON text of `value` (exactly `JSON.stringify`'s), or a `JSONParseError` whose cause is what
 * `JSON.stringify` threw (a `RangeError` for a value too deep or a text too long), or a `TypeError`
 * when `value` has no JSON text (`undefined`, a function).
 *
 * @since 0.1.0
 * @category encoding
 */
export const stringify = (value: unknown): Result.Result<string, JSONParseError> => {
  let text: string | undefined
  try {
    text = JSON.stringify(value)
  } catch (cause) {
    return Result.fail(new JSONParseError({ text: unprintable, cause }))
  }
  return text === undefined
    ? Result.fail(new JSONParseError({ text: unprintable, cause: new TypeError("value has no JSON text") }))
    : Result.succeed(text)
}

/**
 * `JSON.stringify(value)` for rendering (an error message, a `responseBody`, a span attribute, a
 * tool-call input printed from a decoded body): the same text, typed as `JSON.stringify` is (its
 * `undefined` for `undefined` or a function included), and {@link unprintable} instead of a throw
 * (a value too deep, a text too long, a throwing `toJSON`).
 *
 * @since 0.1.0
 * @category encoding
 */
export const render = (value: unknown): string => {
  try {
    return JSON.stringify(value)
  } catch {
    return unprintable
  }
}

/**
 * Visits `value` and every value nested in it (array items, own enumerable object values), depth
 * first with an explicit stack; `visit` gets the node and its depth (the root is 1) and returns
 * `false` to stop the walk. Returns `false` when stopped, `true` when every node was visited.
 *
 * @since 0.1.0
 * @category traversal
 */
export const walk = (value: unknown, visit: (node: unknown, depth: number) => boolean | void): boolean => {
  const nodes: Array<unknown> = [value]
  const depths: Array<number> = [1]
  while (nodes.length > 0) {
    const node = nodes.pop()
    const depth = depths.pop() ?? 1
    if (visit(node, depth) === false) return false
    if (typeof node !== "object" || node === null) continue
    const children: ReadonlyArray<unknown> = Array.isArray(node) ? node : Object.values(node)
    for (let i = children.length - 1; i >= 0; i--) {
      nodes.push(children[i])
      depths.push(depth + 1)
    }
  }
  return true
}

/**
 * Whether `value` nests deeper than `limit` levels (containers counted: a scalar or `[]` is 1 deep, `[[]]` and `[1]`'s array are 2 and 1).
 *
 * @since 0.1.0
 * @category traversal
 */
export const depthExceeds = (value: unknown, limit: number): boolean =>
  !walk(value, (node, depth) => depth <= limit || typeof node !== "object" || node === null)

/**
 * Structural equality of two JSON values (plain objects by their own enumerable keys, in any
 * order; arrays item by item; `undefined` object values as absent keys, as in their JSON text),
 * iterative: two values nested 10^5 deep compare without a stack overflow.
 *
 * @since 0.1.0
 * @category comparison
 */
export const equals = (a: unknown, b: unknown): boolean => {
  const left: Array<unknown> = [a]
  const right: Array<unknown> = [b]
  while (left.length > 0) {
    const x = left.pop()
    const y = right.pop()
    if (Object.is(x, y)) continue
    if (typeof x !== "object" || typeof y !== "object" || x === null || y === null) return false
    if (Array.isArray(x) !== Array.isArray(y)) return false
    if (Array.isArray(x) && Array.isArray(y)) {
      if (x.length !== y.length) return false
      for (let i = 0; i < x.length; i++) {
        left.push(x[i])
        right.push(y[i])
      }
      continue
    }
    const xKeys = Object.keys(x).filter((key) => Reflect.get(x, key) !== undefined)
    const yKeys = Object.keys(y).filter((key) => Reflect.get(y, key) !== undefined)
    if (xKeys.length !== yKeys.length) return false
    for (const key of xKeys) {
      if (!Object.prototype.hasOwnProperty.call(y, key)) return false
      left.push(Reflect.get(x, key))
      right.push(Reflect.get(y, key))
    }
  }
  return true
}
