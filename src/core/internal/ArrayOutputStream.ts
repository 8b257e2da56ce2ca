/**
 * The element scanner of array outputs (upstream `createArrayOutputStreamParser`,
 * `ai/src/util/array-output-stream.ts`, 7.0.173): reads only new text, parses and validates each
 * delimited element once, keeps the last element pending until another starts or the envelope
 * closes. Any other envelope or malformed JSON returns `"fallback"` (the caller then uses the
 * generic partial parse), as upstream.
 *
 * @internal
 */
import { prefixOf } from "./ArrayView.ts"
import { safeParseJson } from "./ValidateJson.ts"

const PREFIX = 0
const ELEMENTS = 1
const SUFFIX = 2
const DONE = 3

const envelopeRx = /^\s*\{\s*"elements"\s*:\s*\[$/
/** `/\s/.test` for one UTF-16 unit (what upstream tests each character with). */
const isWs = (c: number): boolean =>
  (c >= 0x09 && c <= 0x0d) || c === 0x20 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) ||
  c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff

/** @internal */
export interface ArrayStreamParser {
  /** The elements so far when they changed, `undefined` when not, `"fallback"` to give up. */
  readonly push: (delta: string) => ReadonlyArray<unknown> | undefined | "fallback"
  /** The last published elements (the change baseline after a fallback). */
  readonly lastPartial: () => ReadonlyArray<unknown> | undefined
}

/**
 * Makes the scanner; invalid elements are skipped (upstream `skipInvalidElements: true`).
 *
 * @internal
 */
export const makeArrayStreamParser = (
  validate: (value: unknown) => { readonly ok: boolean; readonly value: unknown }
): ArrayStreamParser => {
  let phase = PREFIX
  let prefix = ""
  let elementText = ""
  let depth = 0
  let inString = false
  let escaped = false
  let afterComma = false
  let pending: Array<unknown> = []
  const elements: Array<unknown> = []
  let publishedCount: number | undefined = undefined
  let last: ReadonlyArray<unknown> | undefined = undefined

  const finishElement = (): boolean => {
    const parsed = safeParseJson(elementText)
    if (!parsed.success) return false
    const validated = validate(parsed.value)
    if (validated.ok) pending = [validated.value]
    elementText = ""
    return true
  }
  const publishPending = () => {
    for (const value of pending) elements.push(value)
    pending = []
  }

  const push = (delta: string): ReadonlyArray<unknown> | undefined | "fallback" => {
    // per UTF-16 unit (upstream iterates code points: the same here, since a surrogate is never
    // whitespace nor JSON punctuation); an element's text is taken by slices of the delta
    const n = delta.length
    let segment = -1
    for (let i = 0; i < n; i++) {
      const c = delta.charCodeAt(i)
      if (phase === PREFIX) {
        prefix += delta[i]
        if (c === 0x5b) {
          if (!envelopeRx.test(prefix)) return "fallback"
          phase = ELEMENTS
        } else if (prefix.length > 256) {
          return "fallback"
        }
        continue
      }
      if (phase === SUFFIX || phase === DONE) {
        if (isWs(c)) continue
        if (phase === SUFFIX && c === 0x7d) {
          publishPending()
          phase = DONE
          continue
        }
        return "fallback"
      }
      if (!inString && depth === 0 && (c === 0x2c || c === 0x5d)) {
        if (segment >= 0) {
          elementText += delta.slice(segment, i)
          segment = -1
        }
        if (elementText.length > 0) {
          if (!finishElement()) return "fallback"
        } else if (c === 0x2c || afterComma) {
          return "fallback"
        }
        afterComma = c === 0x2c
        if (c === 0x5d) phase = SUFFIX
        continue
      }
      if (segment < 0) {
        if (elementText.length === 0) {
          if (isWs(c)) continue
          publishPending()
          afterComma = false
        }
        segment = i
      }
      if (inString) {
        if (escaped) escaped = false
        else if (c === 0x5c) escaped = true
        else if (c === 0x22) inString = false
      } else if (c === 0x22) {
        inString = true
      } else if (c === 0x7b || c === 0x5b) {
        depth++
      } else if (c === 0x7d || c === 0x5d) {
        depth--
      }
    }
    if (segment >= 0) elementText += delta.slice(segment)
    if (phase === PREFIX || publishedCount === elements.length) return undefined
    publishedCount = elements.length
    // a snapshot (later chunks must not change arrays already published), shared: O(1)
    last = prefixOf(elements, elements.length)
    return last
  }
  return { push, lastPartial: () => last }
}
