/**
 * Upstream `secureJsonParse` (fastify secure-json-parse rules): `JSON.parse`,
 * then reject objects with a `__proto__` key or a `constructor.prototype`.
 * Returns a result instead of throwing.
 *
 * @internal
 */

const suspectProtoRx =
  /"(?:_|\\u005[Ff])(?:_|\\u005[Ff])(?:p|\\u0070)(?:r|\\u0072)(?:o|\\u006[Ff])(?:t|\\u0074)(?:o|\\u006[Ff])(?:_|\\u005[Ff])(?:_|\\u005[Ff])"\s*:/
const suspectConstructorRx =
  /"(?:c|\\u0063)(?:o|\\u006[Ff])(?:n|\\u006[Ee])(?:s|\\u0073)(?:t|\\u0074)(?:r|\\u0072)(?:u|\\u0075)(?:c|\\u0063)(?:t|\\u0074)(?:o|\\u006[Ff])(?:r|\\u0072)"\s*:/

const hasForbiddenKey = (root: object): boolean => {
  let next: Array<object> = [root]
  while (next.length) {
    const nodes = next
    next = []
    for (const node of nodes) {
      if (Object.prototype.hasOwnProperty.call(node, "__proto__")) return true
      const ctor: unknown = Reflect.get(node, "constructor")
      if (
        Object.prototype.hasOwnProperty.call(node, "constructor") && ctor !== null && typeof ctor === "object" &&
        Object.prototype.hasOwnProperty.call(ctor, "prototype")
      ) return true
      for (const key in node) {
        const value: unknown = Reflect.get(node, key)
        if (value && typeof value === "object") next.push(value)
      }
    }
  }
  return false
}

/** @internal */
export type SecureParseResult =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly error: SyntaxError }

/** @internal */
export const secureJsonParse = (text: string): SecureParseResult => {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    return { ok: false, error: error instanceof SyntaxError ? error : new SyntaxError(String(error)) }
  }
  if (value === null || typeof value !== "object") return { ok: true, value }
  if (!suspectProtoRx.test(text) && !suspectConstructorRx.test(text)) return { ok: true, value }
  return hasForbiddenKey(value)
    ? { ok: false, error: new SyntaxError("Object contains forbidden prototype property") }
    : { ok: true, value }
}
