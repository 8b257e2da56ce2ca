/**
 * `ParseJson`: secure JSON parsing plus Schema decoding with upstream's
 * `safeParseJSON` result shape (`ParseResult`). Never fails: a bad text is a
 * `{ success: false }` result carrying `JSONParseError` or
 * `TypeValidationError`.
 *
 * @since 0.1.0
 */
import { Result, Schema } from "effect"
import { SchemaJITCompiler } from "effect/schema"
import { JSONParseError } from "../contract/errors/JSONParseError.ts"
import { TypeValidationError } from "../contract/errors/TypeValidationError.ts"
import { fastDecoder, invalid } from "./internal/fastDecode.ts"
import { makeShapeCache, miss, type ShapeCache } from "./internal/jsonShape.ts"
import * as WireJson from "./WireJson.ts"

/**
 * Upstream's `ParseResult<T>`: `rawValue` is the parsed JSON (before the
 * Schema decode), `undefined` when the text did not parse.
 *
 * @since 0.1.0
 * @category models
 */
export type ParseResult<T> =
  | { readonly success: true; readonly value: T; readonly rawValue: unknown }
  | { readonly success: false; readonly error: JSONParseError | TypeValidationError; readonly rawValue: unknown }

// Port of upstream `secure-json-parse.ts` (itself from fastify/secure-json-parse).
// Upstream tests the text with its `__proto__` regex, then its `constructor`
// regex; one regex with the two patterns as alternatives matches exactly when
// either does, in one scan of the text (every chunk of a stream passes here).
const suspectKeyRx =
  /"(?:(?:_|\\u005[Ff])(?:_|\\u005[Ff])(?:p|\\u0070)(?:r|\\u0072)(?:o|\\u006[Ff])(?:t|\\u0074)(?:o|\\u006[Ff])(?:_|\\u005[Ff])(?:_|\\u005[Ff])|(?:c|\\u0063)(?:o|\\u006[Ff])(?:n|\\u006[Ee])(?:s|\\u0073)(?:t|\\u0074)(?:r|\\u0072)(?:u|\\u0075)(?:c|\\u0063)(?:t|\\u0074)(?:o|\\u006[Ff])(?:r|\\u0072))"\s*:/

const hasOwn = (o: object, key: string): boolean => Object.prototype.hasOwnProperty.call(o, key)

const forbidden = (): SyntaxError => new SyntaxError("Object contains forbidden prototype property")

const scan = (root: object): SyntaxError | undefined => {
  let next: Array<object> = [root]
  while (next.length) {
    const nodes = next
    next = []
    for (const node of nodes) {
      if (hasOwn(node, "__proto__")) return forbidden()
      if (hasOwn(node, "constructor")) {
        const ctor: unknown = Reflect.get(node, "constructor")
        if (ctor !== null && typeof ctor === "object" && hasOwn(ctor, "prototype")) return forbidden()
      }
      for (const key in node) {
        const value: unknown = Reflect.get(node, key)
        if (value && typeof value === "object") next.push(value)
      }
    }
  }
  return undefined
}

/** A failed parse: never confused with a parsed value (JSON has no class instances). */
class Failed {
  readonly cause: unknown
  constructor(cause: unknown) {
    this.cause = cause
  }
}

const parseUnguarded = (text: string): unknown => {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (cause) {
    return new Failed(cause)
  }
  if (value === null || typeof value !== "object") return value
  if (!suspectKeyRx.test(text)) return value
  const error = scan(value)
  return error === undefined ? value : new Failed(error)
}

// Upstream zeroes the stack trace limit while parsing: a SyntaxError per
// malformed chunk is cheap then.
const parseText = (text: string): unknown => {
  const { stackTraceLimit } = Error
  try {
    Error.stackTraceLimit = 0
  } catch {
    return parseUnguarded(text)
  }
  try {
    return parseUnguarded(text)
  } finally {
    Error.stackTraceLimit = stackTraceLimit
  }
}

/**
 * `JSON.parse` that rejects `__proto__` keys and `constructor.prototype`
 * (upstream `secureJsonParse`); the failure is the `SyntaxError`, as upstream
 * throws it.
 *
 * @since 0.1.0
 * @category parsing
 */
export const secureJsonParse = (text: string): Result.Result<unknown, unknown> => {
  const parsed = parseText(text)
  return parsed instanceof Failed ? Result.fail(parsed.cause) : Result.succeed(parsed)
}

/**
 * Upstream `safeParseJSON({ text })` without a schema.
 *
 * @since 0.1.0
 * @category parsing
 */
export const safeParseJson = (text: string): ParseResult<unknown> => {
  const parsed = parseText(text)
  return parsed instanceof Failed
    ? { success: false, error: new JSONParseError({ text, cause: parsed.cause }), rawValue: undefined }
    : { success: true, value: parsed, rawValue: parsed }
}

/**
 * Compiles upstream `safeParseJSON({ text, schema })` for one Schema: secure
 * parse, then one synchronous Schema decode. Build it once per stream (or
 * module), then call it per text.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeSafeParseJson = <S extends Schema.ConstraintDecoder<unknown>>(
  schema: S
): (text: string) => ParseResult<S["Type"]> => makeBatchSafeParseJson(schema).parse

/**
 * `makeSafeParseJson` for many texts in a row (the events of one network
 * chunk): `parse` gives the same results, and inside `batch(f)` the stack
 * trace limit upstream zeroes around each `JSON.parse` is zeroed once for
 * all of them. Inside a batch the errors (`JSONParseError`,
 * `TypeValidationError` and the Schema issue) are built with no stack trace
 * too: an error part of a stream carries its name, message and fields, and a
 * body of a million bad events must not pay a stack capture per event
 * (`npm run bench`, error storm). Outside a batch errors keep the caller's
 * limit; the parse failure itself (the `SyntaxError`) never has one, as
 * upstream's.
 *
 * @since 0.1.0
 * @category models
 */
export interface BatchSafeParseJson<T> {
  /** Parses one text; with a stream's {@link Shapes}, texts of a learned shape skip `JSON.parse`. */
  readonly parse: (text: string, shapes?: Shapes) => ParseResult<T>
  readonly batch: <A>(f: () => A) => A
}

/**
 * The event shapes one stream has seen, for {@link BatchSafeParseJson.parse}: the events of a
 * provider stream repeat one layout (the same keys, nesting and `null`s; only strings and numbers
 * change), and a text that matches a learned layout byte for byte outside its strings and
 * numbers is parsed by a function generated for that layout instead of `JSON.parse`, with the
 * same value as `JSON.parse` gives (`internal/jsonShape.ts`). Anything else is parsed as before.
 * One per stream run: never share it between streams.
 *
 * @since 0.1.0
 * @category models
 */
export type Shapes = ShapeCache

/**
 * A fresh {@link Shapes} for one stream run.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeShapes = (): Shapes => makeShapeCache()

/**
 * Builds a {@link BatchSafeParseJson} for one Schema.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeBatchSafeParseJson = <S extends Schema.ConstraintDecoder<unknown>>(
  schema: S
): BatchSafeParseJson<S["Type"]> => {
  const { fast, slow } = makeValidators(schema)
  let zeroed = false
  let saved = Error.stackTraceLimit
  const parse = (text: string, shapes?: Shapes): ParseResult<S["Type"]> => {
    let parsed: unknown
    if (shapes === undefined) parsed = zeroed ? parseUnguarded(text) : parseText(text)
    else {
      parsed = shapes.match(text)
      if (parsed === miss) {
        parsed = zeroed ? parseUnguarded(text) : parseText(text)
        if (!(parsed instanceof Failed)) shapes.learn(text)
      }
    }
    if (parsed instanceof Failed) {
      return { success: false, error: new JSONParseError({ text, cause: parsed.cause }), rawValue: undefined }
    }
    // Upstream's safeParseJSON turns anything validation throws (a RangeError from a value nested
    // too deep to decode or to print in the TypeValidationError message) into a JSONParseError.
    try {
      if (fast !== undefined) {
        const decoded = fast(parsed)
        if (decoded !== invalid) return { success: true, value: decoded, rawValue: parsed }
      }
      const result = slow(parsed)
      return !result.success && result.error._tag === "JSONParseError" && result.error.text === unprintable
        ? { success: false, error: new JSONParseError({ text, cause: result.error.cause }), rawValue: undefined }
        : result
    } catch (cause) {
      return { success: false, error: new JSONParseError({ text, cause }), rawValue: undefined }
    }
  }
  const batch = <A>(f: () => A): A => {
    if (zeroed) return f()
    saved = Error.stackTraceLimit
    try {
      Error.stackTraceLimit = 0
    } catch {
      return f()
    }
    zeroed = true
    try {
      return f()
    } finally {
      zeroed = false
      Error.stackTraceLimit = saved
    }
  }
  return { parse, batch }
}

// Per-chunk decoding is the provider streams' hot path (`npm run bench`).
// Enabling builds a new generated decoder each time (and new code starts
// cold), so each AST is compiled once per process, not once per model.
const compiled = new WeakSet<object>()
const compileOnce = (ast: Schema.Top["ast"]): void => {
  if (compiled.has(ast)) return
  compiled.add(ast)
  SchemaJITCompiler.enable(ast)
}

/**
 * Compiles upstream `safeValidateTypes({ value, schema })`: the decoded value
 * or a `TypeValidationError` whose cause is the Schema error.
 *
 * A plain wire schema (structs, arrays, unions of primitives and literals,
 * no checks or transformations) gets a fast path generated once from its
 * AST (`internal/fastDecode.ts`): it validates and builds the decoded value
 * in one pass, with no issue, `Exit` or `Result` on the way. Other schemas
 * are JIT-compiled by Effect's `SchemaJITCompiler`. A value the fast path
 * rejects is decoded again by Schema, so the `TypeValidationError` and its
 * issue are Schema's. Where code generation is not allowed (`new Function`
 * blocked), Schema's interpreter decodes everything.
 * `test/bench-fast-path.test.ts` proves both paths accept and reject exactly
 * what the interpreter does, with the same output.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeSafeValidate = <S extends Schema.ConstraintDecoder<unknown>>(
  schema: S
): (value: unknown, text?: string) => ParseResult<S["Type"]> => {
  const { fast, slow } = makeValidators(schema)
  return (value, text) => {
    try {
      if (fast === undefined) return slow(value)
      const decoded = fast(value)
      return decoded === invalid ? slow(value) : { success: true, value: decoded, rawValue: value }
    } catch (cause) {
      // as in makeBatchSafeParseJson: what validation throws becomes upstream's JSONParseError
      return { success: false, error: new JSONParseError({ text: text ?? unprintable, cause }), rawValue: undefined }
    }
  }
}

// The text of a JSONParseError for a value validated without its source text.
const unprintable = "[value nested too deeply to print]"

const makeValidators = <S extends Schema.ConstraintDecoder<unknown>>(schema: S) => {
  const fast = fastDecoder(schema)
  if (fast === undefined) compileOnce(schema.ast)
  const decode = Schema.decodeUnknownResult(schema)
  const slow = (value: unknown): ParseResult<S["Type"]> => {
    const decoded = decode(value)
    if (Result.isSuccess(decoded)) return { success: true, value: decoded.success, rawValue: value }
    // upstream's JSONParseError for a value too deep to print in the TypeValidationError message
    const unprintableValue = WireJson.unprintableFailure(value, unprintable)
    if (unprintableValue !== undefined) return { success: false, error: unprintableValue, rawValue: undefined }
    return { success: false, error: new TypeValidationError({ value, cause: decoded.failure }), rawValue: value }
  }
  return { fast, slow }
}
