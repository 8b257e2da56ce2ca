/**
 * Every rendering of a value a user or a log could see: `String(value)`, its JSON form (cycles
 * and bigints tolerated), and for errors their message, stack and, recursively, their `cause` and
 * `errors`. The secrets checks scan these for an API key.
 */
export const renderings = (label: string, value: unknown): Array<string> => {
  const out: Array<string> = []
  const seen = new WeakSet<object>()
  const text = (() => {
    try {
      return JSON.stringify(value, (_k, v: unknown) => {
        if (typeof v === "object" && v !== null) {
          if (seen.has(v)) return "[cycle]"
          seen.add(v)
        }
        return typeof v === "bigint" ? String(v) : v
      })
    } catch {
      return "[unserializable]"
    }
  })()
  out.push(`${label}: ${String(value)} ${text ?? ""}`)
  if (value instanceof Error) {
    out.push(`${label}.message: ${value.message}`, `${label}.stack: ${value.stack ?? ""}`)
    if (value.cause !== undefined) out.push(...renderings(`${label}.cause`, value.cause))
    if ("errors" in value && Array.isArray(value.errors)) value.errors.forEach((e: unknown, i: number) => out.push(...renderings(`${label}.errors[${i}]`, e)))
  }
  return out
}
