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
import { safeParseJson } from "./parseJson.ts"

const PREFIX = 0
const ELEMENTS = 1
const SUFFIX = 2
const DONE = 3

const envelopeRx = /^\s*\{\s*"elements"\s*:\s*\[$/
const wsRx = /\s/

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
    for (const char of delta) {
      if (phase === PREFIX) {
        prefix += char
        if (char === "[") {
          if (!envelopeRx.test(prefix)) return "fallback"
          phase = ELEMENTS
        } else if (prefix.length > 256) {
          return "fallback"
        }
        continue
      }
      if (phase === SUFFIX || phase === DONE) {
        if (wsRx.test(char)) continue
        if (phase === SUFFIX && char === "}") {
          publishPending()
          phase = DONE
          continue
        }
        return "fallback"
      }
      if (!inString && depth === 0 && (char === "," || char === "]")) {
        if (elementText.length > 0) {
          if (!finishElement()) return "fallback"
        } else if (char === "," || afterComma) {
          return "fallback"
        }
        afterComma = char === ","
        if (char === "]") phase = SUFFIX
        continue
      }
      if (elementText.length === 0) {
        if (wsRx.test(char)) continue
        publishPending()
        afterComma = false
      }
      elementText += char
      if (inString) {
        if (escaped) escaped = false
        else if (char === "\\") escaped = true
        else if (char === "\"") inString = false
      } else if (char === "\"") {
        inString = true
      } else if (char === "{" || char === "[") {
        depth++
      } else if (char === "}" || char === "]") {
        depth--
      }
    }
    if (phase === PREFIX || publishedCount === elements.length) return undefined
    publishedCount = elements.length
    // a snapshot (later chunks must not change arrays already published), shared: O(1)
    last = prefixOf(elements, elements.length)
    return last
  }
  return { push, lastPartial: () => last }
}
