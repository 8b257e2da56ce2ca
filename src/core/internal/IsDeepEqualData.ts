/**
 * Upstream `isDeepEqualData` (`ai/src/util/is-deep-equal-data.ts`): structural equality of
 * JSON-like data (Dates by time), used where approvals compare inputs.
 *
 * @internal
 */
export const isDeepEqualData = (a: unknown, b: unknown): boolean => {
  if (a === b) return true
  if (a == null || b == null) return false
  if (typeof a !== "object" || typeof b !== "object") return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime()
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false
    for (let i = 0; i < a.length; i++) if (!isDeepEqualData(a[i], b[i])) return false
    return true
  }
  const ka = Object.keys(a)
  const kb = Object.keys(b)
  if (ka.length !== kb.length) return false
  for (const key of ka) {
    if (!Object.hasOwn(b, key)) return false
    if (!isDeepEqualData(Reflect.get(a, key), Reflect.get(b, key))) return false
  }
  return true
}
