/**
 * Partial JSON parsing: upstream's stateless `parsePartialJson` (`ai/src/util/parse-partial-json.ts`:
 * secure parse, else secure parse of `fixJson(text)`) and an incremental parser with the same
 * results for every prefix.
 *
 * Why incremental: upstream reparses the whole accumulated text on every delta, so a long
 * structured output costs O(n²) (vercel/ai#13839). The incremental parser reads each character
 * once and keeps the value under construction; a snapshot copies only the objects on the open
 * path, and an open array is a shared view of its completed elements (`ArrayView.ts`), so a
 * snapshot costs the open path's depth and key counts, not the elements so far (completed
 * sub-values are final and shared between snapshots). It accepts the strict JSON
 * grammar only; the first character outside it (text around the JSON, a `+` exponent, a duplicate
 * or prototype key, a raw control character, ...) switches it to upstream's stateless algorithm
 * for the rest of the text, so every result stays exactly upstream's.
 *
 * @internal
 */
import { prefixOf, withTail } from "./ArrayView.ts"
import { fixJson } from "./FixJson.ts"
import { addKey, copyObject, OBJECT_SHARE_THRESHOLD, objectView, type ObjectStore, trackObject } from "./ObjectView.ts"
import { safeParseJson } from "./ValidateJson.ts"
import * as WireJson from "../../runtime/WireJson.ts"

/**
 * The outcome of a partial parse (upstream's states).
 *
 * @internal
 */
export type PartialState = "undefined-input" | "successful-parse" | "repaired-parse" | "failed-parse"

/** @internal */
export interface PartialResult {
  readonly value: unknown
  readonly state: PartialState
}

/**
 * Upstream `parsePartialJson`, stateless (O(n) per call).
 *
 * @internal
 */
export const parsePartialJson = (text: string | undefined): PartialResult => {
  if (text === undefined) return { value: undefined, state: "undefined-input" }
  const direct = safeParseJson(text)
  if (direct.success) return { value: direct.value, state: "successful-parse" }
  const repaired = safeParseJson(fixJson(text))
  if (repaired.success) return { value: repaired.value, state: "repaired-parse" }
  return { value: undefined, state: "failed-parse" }
}

/**
 * The parse of all text pushed so far; `changed` is true when the value's JSON differs from the
 * last defined value returned (or none was returned yet).
 *
 * @internal
 */
export interface IncrementalResult extends PartialResult {
  readonly changed: boolean
}

/**
 * An incremental partial JSON parser.
 *
 * @internal
 */
export interface IncrementalParser {
  readonly push: (delta: string) => IncrementalResult
  /** True once the parser left the strict grammar (then each push costs a full reparse). */
  readonly fellBack: () => boolean
}

// -- value under construction --------------------------------------------------------------

// object frame states
const O_START = 0
const O_KEY = 1 // inside a key string
const O_AFTER_KEY = 2
const O_BEFORE_VALUE = 3
const O_IN_VALUE = 4
const O_AFTER_VALUE = 5
const O_AFTER_COMMA = 6
// array frame states
const A_START = 0
const A_IN_VALUE = 1
const A_AFTER_VALUE = 2
const A_AFTER_COMMA = 3

interface ObjectFrame {
  readonly kind: "object"
  readonly value: Record<string, unknown>
  state: number
  key: string
  /** Keys with their values so far. */
  size: number
  /** Key tracking for shared views, from the first snapshot past the copy threshold. */
  store: ObjectStore | undefined
}

interface ArrayFrame {
  readonly kind: "array"
  readonly value: Array<unknown>
  state: number
}

type Frame = ObjectFrame | ArrayFrame

// leaf kinds
const L_NONE = 0
const L_STRING = 1
const L_NUMBER = 2
const L_LITERAL = 3

// number grammar phases
const N_SIGN = 0
const N_ZERO = 1
const N_INT = 2
const N_DOT = 3
const N_FRAC = 4
const N_EXP = 5
const N_EXP_SIGN = 6
const N_EXP_DIGITS = 7

const LITERALS: Readonly<Record<string, readonly [string, unknown]>> = {
  t: ["true", true],
  f: ["false", false],
  n: ["null", null]
}

const isWs = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09
const isDigitCode = (c: number) => c >= 0x30 && c <= 0x39
const hexValue = (c: number) =>
  c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x61 && c <= 0x66 ? c - 0x57 : c >= 0x41 && c <= 0x46 ? c - 0x37 : -1

const ESCAPES: Readonly<Record<string, string>> = {
  "\"": "\"",
  "\\": "\\",
  "/": "/",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t"
}

const FALLBACK = Symbol("fallback")

/**
 * Makes an incremental parser whose every result equals `parsePartialJson` of the text pushed so
 * far (value, state); work per push is the delta plus the open path of the snapshot.
 *
 * @internal
 */
export const makeIncrementalParser = (): IncrementalParser => {
  let text = ""
  let strict = true
  const frames: Array<Frame> = []
  let rootDone = false
  let rootValue: unknown = undefined
  // leaf
  let leaf = L_NONE
  let leafIsKey = false
  let str = ""
  let escape = 0 // 0 none, 1 after backslash, 2 in \u
  let unicode = 0
  let unicodeDigits = 0
  let num = ""
  let numPhase = N_SIGN
  let numValidLength = 0
  let literalWord = ""
  let literalValue: unknown = null
  let literalMatched = 0
  // change tracking
  let dirty = false
  let lastNumberJson = ""
  let published = false
  let lastJson: string | undefined = undefined
  let lastValue: unknown = undefined

  const top = (): Frame | undefined => frames[frames.length - 1]

  /** Attaches a completed value to its parent (or the root). */
  const complete = (value: unknown): void => {
    const parent = top()
    if (parent === undefined) {
      rootDone = true
      rootValue = value
    } else if (parent.kind === "object") {
      parent.value[parent.key] = value
      parent.size++
      if (parent.store !== undefined) addKey(parent.store, parent.key)
      parent.state = O_AFTER_VALUE
    } else {
      parent.value.push(value)
      parent.state = A_AFTER_VALUE
    }
  }

  /** Marks the parent as holding an open child value. */
  const openChild = (): void => {
    const parent = top()
    if (parent === undefined) return
    if (parent.kind === "object") parent.state = O_IN_VALUE
    else parent.state = A_IN_VALUE
  }

  /** Starts a value at character code `c`; false when `c` cannot start one. */
  const startValue = (c: number, char: string): boolean => {
    if (c === 0x22) {
      openChild()
      leaf = L_STRING
      leafIsKey = false
      str = ""
      escape = 0
      dirty = true
      return true
    }
    if (c === 0x7b || c === 0x5b) {
      openChild()
      frames.push(c === 0x7b ? { kind: "object", value: {}, state: O_START, key: "", size: 0, store: undefined } : { kind: "array", value: [], state: A_START })
      dirty = true
      return true
    }
    if (c === 0x2d || isDigitCode(c)) {
      openChild()
      leaf = L_NUMBER
      num = char
      numPhase = c === 0x2d ? N_SIGN : c === 0x30 ? N_ZERO : N_INT
      numValidLength = c === 0x2d ? 0 : 1
      if (numValidLength > 0) {
        lastNumberJson = WireJson.render(Number(num))
        dirty = true
      } else {
        lastNumberJson = ""
      }
      return true
    }
    const literal = LITERALS[char]
    if (literal !== undefined) {
      openChild()
      leaf = L_LITERAL
      literalWord = literal[0]
      literalValue = literal[1]
      literalMatched = 1
      dirty = true
      return true
    }
    return false
  }

  /** Ends the number leaf before a terminator; false when the number text is incomplete. */
  const endNumber = (): boolean => {
    if (numPhase !== N_ZERO && numPhase !== N_INT && numPhase !== N_FRAC && numPhase !== N_EXP_DIGITS) return false
    leaf = L_NONE
    complete(Number(num))
    return true
  }

  const numberDigit = (): void => {
    numValidLength = num.length
    const json = WireJson.render(Number(num))
    if (json !== lastNumberJson) {
      lastNumberJson = json
      dirty = true
    }
  }

  /** Feeds a number character; FALLBACK outside the strict grammar, false when it ends the number. */
  const numberChar = (c: number, char: string): boolean | typeof FALLBACK => {
    if (isDigitCode(c)) {
      switch (numPhase) {
        case N_SIGN:
          numPhase = c === 0x30 ? N_ZERO : N_INT
          break
        case N_ZERO:
          return FALLBACK // leading zero
        case N_DOT:
          numPhase = N_FRAC
          break
        case N_EXP:
        case N_EXP_SIGN:
          numPhase = N_EXP_DIGITS
          break
      }
      num += char
      numberDigit()
      return true
    }
    if (c === 0x2e) {
      if (numPhase !== N_ZERO && numPhase !== N_INT) return FALLBACK
      numPhase = N_DOT
      num += char
      return true
    }
    if (c === 0x65 || c === 0x45) {
      if (numPhase !== N_ZERO && numPhase !== N_INT && numPhase !== N_FRAC) return FALLBACK
      numPhase = N_EXP
      num += char
      return true
    }
    if (c === 0x2d) {
      if (numPhase !== N_EXP) return FALLBACK
      numPhase = N_EXP_SIGN
      num += char
      return true
    }
    // `+` in an exponent: upstream's fixJson leaves the number there (a quirk): fall back
    return false
  }

  /** Consumes a string run starting at `i`; returns the next index or FALLBACK. */
  const stringRun = (delta: string, i: number): number | typeof FALLBACK => {
    const n = delta.length
    while (i < n) {
      if (escape === 1) {
        const char = delta[i]!
        i++
        if (char === "u") {
          escape = 2
          unicode = 0
          unicodeDigits = 0
          continue
        }
        const decoded = ESCAPES[char]
        if (decoded === undefined) return FALLBACK
        escape = 0
        str += decoded
        if (!leafIsKey) dirty = true
        continue
      }
      if (escape === 2) {
        const h = hexValue(delta.charCodeAt(i))
        if (h < 0) return FALLBACK
        i++
        unicode = unicode * 16 + h
        if (++unicodeDigits === 4) {
          escape = 0
          str += String.fromCharCode(unicode)
          if (!leafIsKey) dirty = true
        }
        continue
      }
      // fast path: copy the run up to the next quote, backslash or control character
      let j = i
      let c = 0
      while (j < n) {
        c = delta.charCodeAt(j)
        if (c === 0x22 || c === 0x5c || c < 0x20) break
        j++
      }
      if (j > i) {
        str += delta.slice(i, j)
        if (!leafIsKey) dirty = true
      }
      if (j === n) return n
      if (c < 0x20) return FALLBACK
      if (c === 0x5c) {
        escape = 1
        i = j + 1
        continue
      }
      // closing quote
      leaf = L_NONE
      if (leafIsKey) {
        const frame = top()
        if (frame === undefined || frame.kind !== "object") return FALLBACK
        // duplicate and prototype keys: upstream's parse decides (secure parse, last value wins)
        if (str === "__proto__" || str === "constructor" || Object.hasOwn(frame.value, str)) return FALLBACK
        frame.key = str
        frame.state = O_AFTER_KEY
      } else {
        complete(str)
      }
      return j + 1
    }
    return i
  }

  /** Feeds one delta in strict mode; FALLBACK when the text leaves the grammar. */
  const feed = (delta: string): typeof FALLBACK | undefined => {
    const n = delta.length
    let i = 0
    while (i < n) {
      if (leaf === L_STRING) {
        const next = stringRun(delta, i)
        if (next === FALLBACK) return FALLBACK
        i = next
        continue
      }
      const c = delta.charCodeAt(i)
      const char = delta[i]!
      if (leaf === L_NUMBER) {
        const r = numberChar(c, char)
        if (r === FALLBACK) return FALLBACK
        if (r) {
          i++
          continue
        }
        if (!(isWs(c) || c === 0x2c || c === 0x7d || c === 0x5d)) return FALLBACK
        if (!endNumber()) return FALLBACK
        // the terminator is handled by the parent below
      } else if (leaf === L_LITERAL) {
        if (char !== literalWord[literalMatched]) return FALLBACK
        literalMatched++
        i++
        if (literalMatched === literalWord.length) {
          leaf = L_NONE
          complete(literalValue)
        }
        continue
      }
      i++
      const frame = top()
      if (frame === undefined) {
        if (isWs(c)) continue
        if (rootDone || !startValue(c, char)) return FALLBACK
        continue
      }
      if (frame.kind === "object") {
        switch (frame.state) {
          case O_START:
          case O_AFTER_COMMA:
            if (isWs(c)) continue
            if (c === 0x22) {
              frame.state = O_KEY
              leaf = L_STRING
              leafIsKey = true
              str = ""
              escape = 0
              continue
            }
            if (c === 0x7d && frame.state === O_START) {
              frames.pop()
              complete(frame.value)
              continue
            }
            return FALLBACK
          case O_AFTER_KEY:
            if (isWs(c)) continue
            if (c === 0x3a) {
              frame.state = O_BEFORE_VALUE
              continue
            }
            return FALLBACK
          case O_BEFORE_VALUE:
            if (isWs(c)) continue
            if (!startValue(c, char)) return FALLBACK
            continue
          case O_AFTER_VALUE:
            if (isWs(c)) continue
            if (c === 0x2c) {
              frame.state = O_AFTER_COMMA
              continue
            }
            if (c === 0x7d) {
              frames.pop()
              complete(frame.value)
              continue
            }
            return FALLBACK
          default:
            return FALLBACK
        }
      }
      switch (frame.state) {
        case A_START:
        case A_AFTER_COMMA:
          if (isWs(c)) continue
          if (c === 0x5d && frame.state === A_START) {
            frames.pop()
            complete(frame.value)
            continue
          }
          if (!startValue(c, char)) return FALLBACK
          continue
        case A_AFTER_VALUE:
          if (isWs(c)) continue
          if (c === 0x2c) {
            frame.state = A_AFTER_COMMA
            continue
          }
          if (c === 0x5d) {
            frames.pop()
            complete(frame.value)
            continue
          }
          return FALLBACK
        default:
          return FALLBACK
      }
    }
    return undefined
  }

  /** The value of the open leaf, or `absent`. */
  const leafValue = (): { readonly present: boolean; readonly value: unknown } => {
    switch (leaf) {
      case L_STRING:
        return leafIsKey ? { present: false, value: undefined } : { present: true, value: str }
      case L_NUMBER:
        return numValidLength === 0
          ? { present: false, value: undefined }
          : { present: true, value: Number(num.slice(0, numValidLength)) }
      case L_LITERAL:
        return { present: true, value: literalValue }
      default:
        return { present: false, value: undefined }
    }
  }

  /** Copies the open path, attaching each open child to its parent. */
  const snapshot = (): { readonly present: boolean; readonly value: unknown } => {
    if (rootDone) return { present: true, value: rootValue }
    let child = leafValue()
    for (let k = frames.length - 1; k >= 0; k--) {
      const frame = frames[k]!
      if (frame.kind === "object") {
        // a copy of a small object; a shared view of a large one (see ObjectView.ts)
        const open = child.present && frame.state === O_IN_VALUE ? { key: frame.key, value: child.value } : undefined
        const copy = frame.size < OBJECT_SHARE_THRESHOLD
          ? copyObject(frame.value, open)
          : objectView(frame.store ??= trackObject(frame.value), open)
        child = { present: true, value: copy }
      } else {
        // a shared view of the completed elements (O(1), see ArrayView.ts), then the open one
        const copy = child.present && frame.state === A_IN_VALUE ? withTail(frame.value, child.value) : prefixOf(frame.value, frame.value.length)
        child = { present: true, value: copy }
      }
    }
    return child
  }

  const strictState = (): PartialState => {
    if (rootDone) return "successful-parse"
    if (frames.length === 0 && leaf === L_NUMBER && numValidLength === num.length) return "successful-parse"
    if (frames.length === 0 && leaf === L_LITERAL && literalMatched === literalWord.length) return "successful-parse"
    return "repaired-parse"
  }

  const push = (delta: string): IncrementalResult => {
    text += delta
    if (strict && feed(delta) === FALLBACK) {
      strict = false
      // the last value returned is the baseline of the change check from here on
      if (published) lastJson = WireJson.render(lastValue)
    }
    if (!strict) {
      const result = parsePartialJson(text)
      if (result.value === undefined) return { ...result, changed: false }
      const json = WireJson.render(result.value)
      const changed = !published || json !== lastJson
      published = true
      lastJson = json
      lastValue = result.value
      return { ...result, changed }
    }
    if (!dirty && published) return { value: lastValue, state: strictState(), changed: false }
    const snap = snapshot()
    if (!snap.present) return { value: undefined, state: "failed-parse", changed: false }
    dirty = false
    published = true
    lastValue = snap.value
    return { value: snap.value, state: strictState(), changed: true }
  }

  return { push, fellBack: () => !strict }
}
