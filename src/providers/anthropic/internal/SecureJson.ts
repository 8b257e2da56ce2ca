/**
 * `secureJsonParse` as upstream: `JSON.parse` that rejects `__proto__` keys
 * and `constructor.prototype`, as a result value instead of a thrown error.
 */

/**
 * The parsed value, or `undefined` in `error` position when the text is not
 * JSON or carries a prototype-poisoning key.
 */
export type SecureParse = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: unknown }

const suspectProto = /"(?:_|\\u005[Ff])(?:_|\\u005[Ff])(?:p|\\u0070)(?:r|\\u0072)(?:o|\\u006[Ff])(?:t|\\u0074)(?:o|\\u006[Ff])(?:_|\\u005[Ff])(?:_|\\u005[Ff])"\s*:/
const suspectConstructor = /"(?:c|\\u0063)(?:o|\\u006[Ff])(?:n|\\u006[Ee])(?:s|\\u0073)(?:t|\\u0074)(?:r|\\u0072)(?:u|\\u0075)(?:c|\\u0063)(?:t|\\u0074)(?:o|\\u006[Ff])(?:r|\\u0072)"\s*:/

const isPoisoned = (root: unknown): boolean => {
  let nodes: Array<unknown> = [root]
  while (nodes.length > 0) {
    const next: Array<unknown> = []
    for (const node of nodes) {
      if (typeof node !== "object" || node === null) continue
      if (Object.hasOwn(node, "__proto__")) return true
      if (Object.hasOwn(node, "constructor")) {
        const ctor: unknown = Reflect.get(node, "constructor")
        if (typeof ctor === "object" && ctor !== null && Object.hasOwn(ctor, "prototype")) return true
      }
      for (const key in node) {
        const child: unknown = Reflect.get(node, key)
        if (typeof child === "object" && child !== null) next.push(child)
      }
    }
    nodes = next
  }
  return false
}

/**
 * Parses JSON text securely.
 */
export const secureJsonParse = (text: string): SecureParse => {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    return { ok: false, error }
  }
  if (value === null || typeof value !== "object") return { ok: true, value }
  if (!suspectProto.test(text) && !suspectConstructor.test(text)) return { ok: true, value }
  return isPoisoned(value)
    ? { ok: false, error: new SyntaxError("Object contains forbidden prototype property") }
    : { ok: true, value }
}
