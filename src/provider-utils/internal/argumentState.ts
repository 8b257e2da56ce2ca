/**
 * Port of upstream `streaming-tool-call-argument-state.ts`: an incremental,
 * purely structural scanner that says whether streamed tool-call arguments
 * hold a complete `{...}` / `[...]` value. It never parses JSON.
 *
 * @internal
 */

const UNDETERMINED = 0
const OTHER = 1
const STRUCTURED = 2

const OPEN_BRACE = 0x7b
const CLOSE_BRACE = 0x7d
const OPEN_BRACKET = 0x5b
const CLOSE_BRACKET = 0x5d
const QUOTE = 0x22
const BACKSLASH = 0x5c

/**
 * The characters JavaScript's `/\s/` and `String.prototype.trim` treat as
 * white space (WhiteSpace + LineTerminator). Checked per UTF-16 unit: no
 * astral character is white space, so unit-wise and code-point-wise
 * iteration agree.
 *
 * @internal
 */
export const isJsWhitespace = (code: number): boolean =>
  code === 0x20 ||
  (code >= 0x09 && code <= 0x0d) ||
  (code >= 0xa0 &&
    (code === 0xa0 ||
      code === 0x1680 ||
      (code >= 0x2000 && code <= 0x200a) ||
      code === 0x2028 ||
      code === 0x2029 ||
      code === 0x202f ||
      code === 0x205f ||
      code === 0x3000 ||
      code === 0xfeff))

/**
 * Upstream `startsWithStructuredValue`: the first non-white-space character
 * is `{` or `[`.
 *
 * @internal
 */
export const startsWithStructuredValue = (value: string | null | undefined): boolean => {
  if (typeof value !== "string") return false
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i)
    if (!isJsWhitespace(code)) return code === OPEN_BRACE || code === OPEN_BRACKET
  }
  return false
}

/**
 * True when the string is empty after `trim()` (without allocating the
 * trimmed copy).
 *
 * @internal
 */
export const isBlank = (value: string): boolean => {
  for (let i = 0; i < value.length; i++) {
    if (!isJsWhitespace(value.charCodeAt(i))) return false
  }
  return true
}

/**
 * Incremental structure tracker. Once the value is complete or known not to
 * be structured, further input cannot change the answer, so `append`
 * returns at once (upstream keeps looping without effect; the result is the
 * same and large argument strings stay cheap).
 *
 * @internal
 */
export class ArgumentState {
  private kind = UNDETERMINED
  private readonly stack: Array<number> = []
  private inString = false
  private escaped = false
  private complete = false

  constructor(initialValue: string) {
    this.append(initialValue)
  }

  get hasCompleteStructuredValue(): boolean {
    return this.kind === STRUCTURED && this.complete
  }

  append(delta: string): void {
    if (this.kind === OTHER || this.complete) return
    const stack = this.stack
    const length = delta.length
    let i = 0
    if (this.kind === UNDETERMINED) {
      while (i < length && isJsWhitespace(delta.charCodeAt(i))) i++
      if (i === length) return
      const code = delta.charCodeAt(i++)
      if (code !== OPEN_BRACE && code !== OPEN_BRACKET) {
        this.kind = OTHER
        return
      }
      this.kind = STRUCTURED
      stack.push(code)
    }
    // Per character of every argument fragment: the state lives in locals
    // and is written back once.
    let inString = this.inString
    let escaped = this.escaped
    for (; i < length; i++) {
      const code = delta.charCodeAt(i)
      if (inString) {
        if (escaped) escaped = false
        else if (code === BACKSLASH) escaped = true
        else if (code === QUOTE) inString = false
        continue
      }
      if (code === QUOTE) {
        inString = true
      } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
        stack.push(code)
      } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
        const expectedOpening = code === CLOSE_BRACE ? OPEN_BRACE : OPEN_BRACKET
        if (stack[stack.length - 1] !== expectedOpening) {
          this.kind = OTHER
          return
        }
        stack.pop()
        if (stack.length === 0) {
          this.complete = true
          return
        }
      }
    }
    this.inString = inString
    this.escaped = escaped
  }
}
