/**
 * Shape-specialized JSON parsing for streams of same-shaped events.
 *
 * The events of one provider stream repeat one layout: the same keys in the same order, the same
 * nesting, the same `null`s, with only strings and numbers changing (a text delta, a sequence
 * number, an index). Each event text is small (a few hundred characters), and for such texts
 * `JSON.parse` is most of a stream's CPU time. A *shape* is learned from one parsed text: the text
 * cut into static segments (punctuation, whitespace, keys, `true`/`false`/`null`) and the scalar
 * tokens between them (strings and numbers, the *holes*). A later text matches the shape when
 * every static segment is there byte for byte and every hole holds one complete, valid token of
 * its kind, scanned with JSON's grammar; then its value is built by a function generated once per
 * shape (an object/array literal with the holes as arguments), which is what `JSON.parse` returns
 * for that text: the same keys in the same order, fresh objects and arrays, equal strings and
 * numbers. Anything in doubt (a different key, a `null` where a string was, an invalid escape, a
 * malformed number, other whitespace, trailing text) is a miss, and the caller parses the text
 * with `JSON.parse` as before. A shape is only learned from a text that `JSON.parse` accepted and
 * the prototype-key check passed; a matching text has the same keys, so it passes that check too.
 *
 * A shape's usual case (the holes that changed so far, e.g. a text delta and a sequence number)
 * is matched by one sticky regular expression per layout (the static text as literals, each
 * changing hole as a token of JSON's grammar), then the holes are read by position; any other
 * text is matched hole by hole in JavaScript.
 *
 * Strings that equal the shape's own (an id, a model name repeated in every event) are the
 * shape's string, not a slice of the event: a slice would keep the network chunk's text alive for
 * as long as the value lives. New strings are copies (V8 copies substrings shorter than 13
 * characters; longer ones are parsed as one JSON string literal).
 *
 * `test/runtime/JsonShape.test.ts` compares it with `JSON.parse` on generated and mutated texts.
 *
 * @internal
 */

/** What {@link ShapeCache.match} returns for a text that matches no learned shape. */
export const miss: unique symbol = Symbol.for("aimux/jsonShape/miss")

/**
 * The shapes of one stream (never shared between streams).
 *
 * @internal
 */
export interface ShapeCache {
  /** The value `JSON.parse(text)` returns, or {@link miss}. */
  readonly match: (text: string) => unknown
  /** Learns the shape of a text `JSON.parse` accepted (and the prototype-key check passed). */
  readonly learn: (text: string) => void
}

const QUOTE = 0x22
const BACKSLASH = 0x5c
const MINUS = 0x2d
const DOT = 0x2e
const ZERO = 0x30
const NINE = 0x39
const LOWER_E = 0x65
const UPPER_E = 0x45
const PLUS = 0x2b
const COLON = 0x3a

/** Texts longer than this are parsed by `JSON.parse` alone (its per-call cost is what shapes save). */
const MAX_TEXT = 8 * 1024
const MAX_HOLES = 256
/** Shapes kept per stream (interleaved tool calls, alternating event types). */
const MAX_SHAPES = 8
/** After this many texts, a stream whose texts mostly miss stops trying. */
const TRIAL = 64
/**
 * Texts parsed by `JSON.parse` alone before the first shape is learned: learning costs a scan and
 * (once per layout and process) a compile, which must not delay a stream's first part, and a short
 * stream never pays for it.
 */
const WARMUP = 8

type Build = (holes: Array<unknown>) => unknown

interface Shape {
  /** Static text before hole i; `segments[holes]` is the text after the last hole. */
  readonly segments: ReadonlyArray<string>
  /** Per hole: true for a string, false for a number. */
  readonly strings: ReadonlyArray<boolean>
  /** The hole's token as the learned text wrote it, and its value. */
  readonly literals: ReadonlyArray<string>
  readonly values: ReadonlyArray<unknown>
  readonly build: Build
  /**
   * The holes' values of the current match, read synchronously by `build` and never handed out.
   * A hole that never changed keeps the learned value here.
   */
  readonly holes: Array<unknown>
  /** Holes that have held another token than the learned one. */
  readonly volatile: Array<boolean>
  /**
   * The fast plan: the text between volatile holes (every other hole's learned token written in
   * it), and the volatile holes in order. Most events change one or two tokens (a text delta, a
   * sequence number), so a match is a couple of compares and scans.
   */
  plan: ReadonlyArray<string>
  planHoles: ReadonlyArray<number>
  /**
   * The fast plan as one sticky regular expression over the whole text: the plan's static text
   * as literals, each volatile hole as one token under JSON's grammar. One native
   * match replaces a compare per segment and a scan per hole in JavaScript (the texts are slices
   * of a network chunk's string, often two-byte, where JavaScript's per-character reads and
   * slice compares are slow).
   */
  planRegex: RegExp | undefined
}

// Builders are shared by every stream of the process, keyed by their source (the shape without
// its hole values): a thousand streams of one provider compile one function.
const builders = new Map<string, Build>()
const MAX_BUILDERS = 512
let codegen = true

const compile = (source: string): Build | undefined => {
  const cached = builders.get(source)
  if (cached !== undefined) return cached
  if (!codegen) return undefined
  try {
    const made: unknown = new Function("h", `"use strict";return(${source})`)
    if (typeof made !== "function") return undefined
    const build = (holes: Array<unknown>): unknown => made(holes)
    if (builders.size >= MAX_BUILDERS) builders.clear()
    builders.set(source, build)
    return build
  } catch (error) {
    // code generation not allowed (a CSP without unsafe-eval: an EvalError): no shapes from now
    // on; any other failure (a layout nested too deep for the parser) is this layout's only
    if (error instanceof EvalError) codegen = false
    return undefined
  }
}

/**
 * Whether `text` holds `segment` at `p`. A slice compared with `===` is several times faster than
 * `startsWith` in V8 (which compares character by character through the generic string path).
 */
const at = (text: string, segment: string, p: number): boolean => text.slice(p, p + segment.length) === segment

const isDigit = (c: number): boolean => c >= ZERO && c <= NINE
const isNumberChar = (c: number): boolean =>
  isDigit(c) || c === MINUS || c === PLUS || c === DOT || c === LOWER_E || c === UPPER_E

// Whether the last `stringEnd` scan met a backslash.
let escaped = false

/** End of the string literal opening at `start` (index after its closing quote), or -1. */
const stringEnd = (text: string, start: number): number => {
  const length = text.length
  escaped = false
  let i = start + 1
  while (i < length) {
    const c = text.charCodeAt(i)
    if (c === QUOTE) return i + 1
    if (c === BACKSLASH) {
      escaped = true
      i += 2
    } else if (c < 0x20) return -1
    else i++
  }
  return -1
}

/**
 * The value of the string literal `text[start, end)` just scanned by `stringEnd`, or `miss` when
 * it is not valid JSON. Without escapes and under 13 characters it is the characters themselves
 * (V8 copies such short substrings); otherwise the literal is parsed, which copies.
 */
const stringValue = (text: string, start: number, end: number): unknown => {
  if (!escaped && end - start < 15) return text.slice(start + 1, end - 1)
  try {
    return JSON.parse(text.slice(start, end))
  } catch {
    return miss
  }
}

/**
 * A flat copy of a string: a slice would keep the whole network chunk's text alive, and a
 * concatenation is compared slower than a flat string.
 */
const own = (s: string): string => JSON.parse(JSON.stringify(s))

/** End of the JSON number at `start` (maximal munch of JSON's grammar), or -1. */
const numberEnd = (text: string, start: number): number => {
  let i = start
  let c = text.charCodeAt(i)
  if (c === MINUS) c = text.charCodeAt(++i)
  if (c === ZERO) c = text.charCodeAt(++i)
  else if (c > ZERO && c <= NINE) {
    do c = text.charCodeAt(++i)
    while (isDigit(c))
  } else return -1
  if (c === DOT) {
    c = text.charCodeAt(++i)
    if (!isDigit(c)) return -1
    do c = text.charCodeAt(++i)
    while (isDigit(c))
  }
  if (c === LOWER_E || c === UPPER_E) {
    c = text.charCodeAt(++i)
    if (c === PLUS || c === MINUS) c = text.charCodeAt(++i)
    if (!isDigit(c)) return -1
    do c = text.charCodeAt(++i)
    while (isDigit(c))
  }
  return i
}

/** The value of the JSON number `text[start, end)`: `Number` rounds exactly as `JSON.parse` does. */
const numberValue = (text: string, start: number, end: number): number => {
  if (end - start <= 9) {
    let i = start
    const negative = text.charCodeAt(i) === MINUS
    if (negative) i++
    let n = 0
    for (; i < end; i++) {
      const c = text.charCodeAt(i)
      if (!isDigit(c)) return Number(text.slice(start, end))
      n = n * 10 + (c - ZERO)
    }
    return negative ? -n : n
  }
  return Number(text.slice(start, end))
}

/** Cuts a text `JSON.parse` accepted into a shape, or undefined (not an object/array, too many holes). */
const shapeOf = (text: string): Shape | undefined => {
  const length = text.length
  let i = 0
  while (i < length && text.charCodeAt(i) <= 0x20) i++
  const first = text.charCodeAt(i)
  if (first !== 0x7b && first !== 0x5b) return undefined
  const segments: Array<string> = []
  const strings: Array<boolean> = []
  const literals: Array<string> = []
  const values: Array<unknown> = []
  const code: Array<string> = []
  let segmentStart = 0
  i = 0
  while (i < length) {
    const c = text.charCodeAt(i)
    if (c === QUOTE) {
      const end = stringEnd(text, i)
      if (end === -1) return undefined
      let j = end
      while (j < length && text.charCodeAt(j) <= 0x20) j++
      if (text.charCodeAt(j) === COLON) {
        // a key: static; re-encoded for the generated source
        const key: unknown = JSON.parse(text.slice(i, end))
        // `__proto__` in a literal would set the prototype (and never passes the prototype-key check)
        if (typeof key !== "string" || key === "__proto__") return undefined
        code.push(JSON.stringify(key))
        i = end
        continue
      }
      if (strings.length >= MAX_HOLES) return undefined
      segments.push(own(text.slice(segmentStart, i)))
      const value = stringValue(text, i, end)
      if (typeof value !== "string") return undefined
      strings.push(true)
      literals.push(own(text.slice(i, end)))
      values.push(value)
      code.push(`h[${strings.length - 1}]`)
      i = end
      segmentStart = end
    } else if (c === MINUS || isDigit(c)) {
      const end = numberEnd(text, i)
      if (end === -1 || strings.length >= MAX_HOLES) return undefined
      segments.push(own(text.slice(segmentStart, i)))
      strings.push(false)
      literals.push(own(text.slice(i, end)))
      values.push(numberValue(text, i, end))
      code.push(`h[${strings.length - 1}]`)
      i = end
      segmentStart = end
    } else {
      // punctuation, whitespace, true/false/null: the same text in JavaScript
      code.push(text[i])
      i++
    }
  }
  segments.push(own(text.slice(segmentStart)))
  const build = compile(code.join(""))
  if (build === undefined) return undefined
  const shape: Shape = {
    segments,
    strings,
    literals,
    values,
    build,
    holes: values.slice(),
    volatile: strings.map(() => false),
    plan: [],
    planHoles: [],
    planRegex: undefined
  }
  replan(shape)
  return shape
}

/** Rebuilds the fast plan after a hole turned volatile. */
const replan = (shape: Shape): void => {
  const { literals, segments, volatile } = shape
  const plan: Array<string> = []
  const planHoles: Array<number> = []
  let current = segments[0]
  for (let h = 0; h < volatile.length; h++) {
    if (volatile[h]) {
      plan.push(own(current))
      planHoles.push(h)
      current = segments[h + 1]
    } else {
      current += literals[h] + segments[h + 1]
    }
  }
  plan.push(own(current))
  shape.plan = plan
  shape.planHoles = planHoles
  shape.planRegex = planRegexOf(plan, planHoles.map((h) => shape.strings[h]))
}

/**
 * One JSON string token: no raw control character, quote or backslash except in a valid escape
 * (the loop unrolled, so a long string is one character-class run between escapes).
 */
const STRING_TOKEN = String.raw`"[^"\\\u0000-\u001f]*(?:\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})[^"\\\u0000-\u001f]*)*"`
/**
 * One JSON number token. The static text after a number never starts with a character a number
 * can continue with, so the greedy match is the maximal munch `JSON.parse` reads.
 */
const NUMBER_TOKEN = String.raw`-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?`

const escapeRegex = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&")

// Shared by every stream of the process (a regular expression is stateless here: `lastIndex` is
// set before each use, and matching is synchronous).
const planRegexes = new Map<string, RegExp>()

const planRegexOf = (plan: ReadonlyArray<string>, strings: ReadonlyArray<boolean>): RegExp | undefined => {
  let source = escapeRegex(plan[0])
  for (let k = 0; k < strings.length; k++) {
    source += `${strings[k] ? STRING_TOKEN : NUMBER_TOKEN}${escapeRegex(plan[k + 1])}`
  }
  source += "$"
  const cached = planRegexes.get(source)
  if (cached !== undefined) return cached
  try {
    const made = new RegExp(source, "y")
    if (planRegexes.size >= MAX_BUILDERS) planRegexes.clear()
    planRegexes.set(source, made)
    return made
  } catch {
    // a plan too large for the regular-expression compiler: the plan is matched in JavaScript
    return undefined
  }
}

/**
 * Scans the token of hole `h` at `p` into `shape.holes`; the index after it, or -1. A number
 * token ends where JSON's grammar ends it, and the static text after it (never empty after a
 * number) must follow.
 */
const scanHole = (shape: Shape, h: number, text: string, p: number): number => {
  if (shape.strings[h]) {
    if (text.charCodeAt(p) !== QUOTE) return -1
    const end = stringEnd(text, p)
    if (end === -1) return -1
    const value = stringValue(text, p, end)
    if (value === miss) return -1
    shape.holes[h] = value
    return end
  }
  const end = numberEnd(text, p)
  if (end === -1) return -1
  shape.holes[h] = numberValue(text, p, end)
  return end
}

/**
 * End of the string token opening at `start` that the plan's regular expression has already
 * validated: the first quote not escaped by an odd run of backslashes.
 */
const validStringEnd = (text: string, start: number): number => {
  let q = text.indexOf('"', start + 1)
  for (;;) {
    let b = q - 1
    while (text.charCodeAt(b) === BACKSLASH) b--
    if ((q - 1 - b) % 2 === 0) return q + 1
    q = text.indexOf('"', q + 1)
  }
}

/** The value of the validated string token `text[start, end)` (see `stringValue`). */
const validStringValue = (text: string, start: number, end: number): unknown => {
  // short and unescaped: the characters themselves (V8 copies substrings this short); else the
  // literal is parsed, which only copies here (a slice would keep the chunk's text alive)
  if (end - start < 15) {
    const inner = text.slice(start + 1, end - 1)
    if (inner.indexOf("\\") === -1) return inner
  }
  try {
    return JSON.parse(text.slice(start, end))
  } catch {
    return miss
  }
}

/**
 * The value of `text` under the fast plan of `shape`, or `miss`. The regular expression decides
 * the match without allocating; the holes are then found by position: the last ends where the
 * plan's last static text begins, the others at their token's end (the first unescaped quote;
 * a number's maximal munch, which the static text after it never continues).
 */
const matchPlan = (shape: Shape, text: string): unknown => {
  const regex = shape.planRegex
  if (regex === undefined) return matchPlanScan(shape, text)
  regex.lastIndex = 0
  if (!regex.test(text)) return miss
  const { holes, plan, planHoles, strings } = shape
  const last = planHoles.length - 1
  let p = 0
  for (let k = 0; k <= last; k++) {
    p += plan[k].length
    const h = planHoles[k]
    if (strings[h]) {
      const end = k === last ? text.length - plan[k + 1].length : validStringEnd(text, p)
      const value = validStringValue(text, p, end)
      if (value === miss) return miss
      holes[h] = value
      p = end
    } else {
      const end = k === last ? text.length - plan[k + 1].length : numberEnd(text, p)
      holes[h] = numberValue(text, p, end)
      p = end
    }
  }
  return shape.build(holes)
}

/** {@link matchPlan} in JavaScript, segment by segment (a plan without a regular expression). */
const matchPlanScan = (shape: Shape, text: string): unknown => {
  const { plan, planHoles } = shape
  const count = planHoles.length
  let p = 0
  for (let k = 0; k < count; k++) {
    const segment = plan[k]
    if (!at(text, segment, p)) return miss
    p = scanHole(shape, planHoles[k], text, p + segment.length)
    if (p === -1) return miss
  }
  const last = plan[count]
  if (text.length !== p + last.length || !at(text, last, p)) return miss
  return shape.build(shape.holes)
}

/**
 * The value of `text` under `shape` hole by hole, or `miss`; a hole whose token differs from the
 * learned one turns volatile (and the fast plan is rebuilt).
 */
const matchShape = (shape: Shape, text: string): unknown => {
  const value = matchHoles(shape, text)
  const { holes, values, volatile } = shape
  let changed = false
  for (let h = 0; h < volatile.length; h++) {
    if (volatile[h]) continue
    if (value !== miss && holes[h] !== values[h]) {
      volatile[h] = true
      changed = true
    } else {
      // a hole that stays static holds the learned value (the fast plan relies on it)
      holes[h] = values[h]
    }
  }
  if (changed) replan(shape)
  return value
}

const matchHoles = (shape: Shape, text: string): unknown => {
  const { holes, literals, segments, strings, values } = shape
  const count = strings.length
  let p = 0
  for (let h = 0; h < count; h++) {
    const segment = segments[h]
    if (!at(text, segment, p)) return miss
    p += segment.length
    const literal = literals[h]
    // the same string literal ends at its closing quote here too; the same number must end here
    if (at(text, literal, p) && (strings[h] || !isNumberChar(text.charCodeAt(p + literal.length)))) {
      holes[h] = values[h]
      p += literal.length
      continue
    }
    p = scanHole(shape, h, text, p)
    if (p === -1) return miss
  }
  const last = segments[count]
  if (text.length !== p + last.length || !at(text, last, p)) return miss
  return shape.build(holes)
}

/**
 * A fresh cache for one stream; `warmup` texts are parsed before the first shape is learned.
 *
 * @internal
 */
export const makeShapeCache = (warmup: number = WARMUP): ShapeCache => {
  const shapes: Array<Shape> = []
  let latest = 0
  let oldest = 0
  let texts = 0
  let hits = 0
  let enabled = codegen
  return {
    match: (text) => {
      if (!enabled || text.length > MAX_TEXT) return miss
      texts++
      const count = shapes.length
      for (let k = 0; k < count; k++) {
        const index = (latest + k) % count
        const shape = shapes[index]
        let value = matchPlan(shape, text)
        if (value === miss) value = matchShape(shape, text)
        if (value !== miss) {
          latest = index
          hits++
          return value
        }
      }
      if (texts === TRIAL && hits * 2 < texts) enabled = false
      return miss
    },
    learn: (text) => {
      if (!enabled || texts <= warmup || text.length > MAX_TEXT) return
      const shape = shapeOf(text)
      if (shape === undefined) return
      if (shapes.length < MAX_SHAPES) {
        shapes.push(shape)
        latest = shapes.length - 1
      } else {
        shapes[oldest] = shape
        latest = oldest
        oldest = (oldest + 1) % MAX_SHAPES
      }
    }
  }
}
