/**
 * Normalization of core parts/results before comparing aimux with upstream `ai`.
 *
 * - errors → every field they set (test/providers/_kit/Wire.ts; class identity differs by design);
 * - generated files → `{base64, mediaType}` (upstream's class keeps private caches);
 * - a JSON round trip (undefined keys dropped, Dates as ISO strings);
 * - `performance` removed (wall-clock timing);
 * - generated ids (`aitxt-…`) replaced by `gen-N` in order of appearance;
 * - timestamps not scripted by the test (anything but 1970-01-01) replaced by `now`.
 */
import { errorJson } from "../providers/_kit/Wire.ts"

const errorView = (value: Error): unknown => errorJson(value)

/** Errors → every field they set, files → `{base64, mediaType}`, before JSON. */
const simplify = (v: unknown, key?: string): unknown => {
  if (v instanceof Error) return errorView(v)
  if (v instanceof Date || v instanceof URL) return v
  if (key === "file" && v !== null && typeof v === "object" && "base64" in v && "mediaType" in v) {
    return { base64: v.base64, mediaType: v.mediaType }
  }
  if (Array.isArray(v)) return v.map((x) => simplify(x))
  if (v !== null && typeof v === "object") {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, simplify(x, k)]))
  }
  return v
}

export const normalize = (parts: ReadonlyArray<unknown>): unknown => {
  const ids = new Map<string, string>()
  const gen = (id: string) => {
    if (!ids.has(id)) ids.set(id, `gen-${ids.size}`)
    return ids.get(id)
  }
  const json: unknown = JSON.parse(JSON.stringify(simplify(parts)))
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk)
    if (v !== null && typeof v === "object") {
      const out: Record<string, unknown> = {}
      for (const [k, x] of Object.entries(v)) {
        if (k === "performance") continue
        if (k === "id" && typeof x === "string" && /^(aitxt-|gen-)/.test(x)) out[k] = gen(x)
        else if (k === "timestamp" && typeof x === "string" && !x.startsWith("1970")) out[k] = "now"
        else out[k] = walk(x)
      }
      return out
    }
    return v
  }
  return walk(json)
}

