/**
 * Explicit `undefined` keys, restored. The upstream values the bridge builds (`toUpstream.ts`)
 * write optional keys only when they are defined (upstream's exact optional types want it so),
 * but upstream providers return objects whose keys are there with an `undefined` value
 * (`usage.raw`, `providerMetadata`, `response.id`, ...), and upstream's own inline snapshots see
 * them. aimux providers write those keys where upstream's do; this walks the aimux value beside
 * the value built from it and defines each `undefined` key the built value lacks, so upstream code
 * sees the keys the pinned provider returns.
 *
 * Only plain objects and arrays are walked, and only where the built value is a copy (a payload
 * passed by reference is the aimux value itself).
 *
 * @internal
 */

const isPlain = (value: unknown): value is object => {
  if (typeof value !== "object" || value === null) return false
  if (Array.isArray(value)) return true
  const proto: unknown = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

const restore = (source: object, built: object): void => {
  if (source === built) return
  if (Array.isArray(source)) {
    if (!Array.isArray(built) || built.length !== source.length) return
    for (let i = 0; i < source.length; i++) {
      const from: unknown = source[i]
      const to: unknown = built[i]
      if (isPlain(from) && isPlain(to)) restore(from, to)
    }
    return
  }
  for (const key of Object.keys(source)) {
    const from: unknown = Reflect.get(source, key)
    if (from === undefined) {
      if (!Object.hasOwn(built, key)) {
        Reflect.defineProperty(built, key, { value: undefined, writable: true, enumerable: true, configurable: true })
      }
      continue
    }
    const to: unknown = Reflect.get(built, key)
    if (isPlain(from) && isPlain(to)) restore(from, to)
  }
}

/**
 * `built` (made from `source`) with the explicit `undefined` keys of `source` it lacks, at every
 * depth where both are plain objects or arrays; `built` itself, mutated.
 *
 * @internal
 */
export const keepUndefinedKeys = <A extends object>(source: object, built: A): A => {
  if (isPlain(source) && isPlain(built)) restore(source, built)
  return built
}
