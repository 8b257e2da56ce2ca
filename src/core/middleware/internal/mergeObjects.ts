/**
 * Upstream's `mergeObjects` (`ai/src/util/merge-objects.ts`): a deep merge where `overrides`
 * wins, `undefined` override values are skipped, arrays, dates and regexps are replaced whole, and
 * the prototype-polluting keys are never copied.
 *
 * @since 0.1.0
 */
import { Predicate } from "effect"

const isMergeable = (u: unknown): u is Record<string, unknown> =>
  Predicate.isObject(u) && !Array.isArray(u) && !(u instanceof Date) && !(u instanceof RegExp)

/**
 * Merges `overrides` into a copy of `base`.
 *
 * @since 0.1.0
 */
export const mergeObjects = (
  base: Readonly<Record<string, unknown>> | undefined,
  overrides: Readonly<Record<string, unknown>> | undefined
): Record<string, unknown> | undefined => {
  if (base === undefined && overrides === undefined) return undefined
  if (base === undefined) return overrides === undefined ? undefined : { ...overrides }
  if (overrides === undefined) return { ...base }
  const result: Record<string, unknown> = { ...base }
  for (const key in overrides) {
    if (key === "__proto__" || key === "constructor" || key === "prototype") continue
    if (!Object.prototype.hasOwnProperty.call(overrides, key)) continue
    const value = overrides[key]
    if (value === undefined) continue
    const baseValue = key in base ? base[key] : undefined
    result[key] = isMergeable(value) && isMergeable(baseValue) ? mergeObjects(baseValue, value) : value
  }
  return result
}
