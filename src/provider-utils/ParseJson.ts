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
import { JSONParseError } from "../spec/errors/JSONParseError.ts"
import { TypeValidationError } from "../spec/errors/TypeValidationError.ts"

/**
 * Upstream's `ParseResult<T>`: `rawValue` is the parsed JSON (before the
 * Schema decode), `undefined` when the text did not parse.
 *
 * @since 0.1.0
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

const parseUnguarded = (text: string): Result.Result<unknown, unknown> => {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (cause) {
    return Result.fail(cause)
  }
  if (value === null || typeof value !== "object") return Result.succeed(value)
  if (!suspectKeyRx.test(text)) return Result.succeed(value)
  const error = scan(value)
  return error === undefined ? Result.succeed(value) : Result.fail(error)
}

/**
 * `JSON.parse` that rejects `__proto__` keys and `constructor.prototype`
 * (upstream `secureJsonParse`); the failure is the `SyntaxError`, as upstream
 * throws it.
 *
 * @since 0.1.0
 */
export const secureJsonParse = (text: string): Result.Result<unknown, unknown> => {
  // Upstream zeroes the stack trace limit while parsing: a SyntaxError per
  // malformed chunk is cheap then.
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
 * Upstream `safeParseJSON({ text })` without a schema.
 *
 * @since 0.1.0
 */
export const safeParseJson = (text: string): ParseResult<unknown> => {
  const parsed = secureJsonParse(text)
  return Result.isSuccess(parsed)
    ? { success: true, value: parsed.success, rawValue: parsed.success }
    : { success: false, error: new JSONParseError({ text, cause: parsed.failure }), rawValue: undefined }
}

/**
 * Compiles upstream `safeParseJSON({ text, schema })` for one Schema: secure
 * parse, then one synchronous Schema decode. Build it once per stream (or
 * module), then call it per text.
 *
 * @since 0.1.0
 */
export const makeSafeParseJson = <S extends Schema.ConstraintDecoder<unknown>>(
  schema: S
): (text: string) => ParseResult<S["Type"]> => {
  const validate = makeSafeValidate(schema)
  return (text) => {
    const parsed = secureJsonParse(text)
    return Result.isSuccess(parsed)
      ? validate(parsed.success)
      : { success: false, error: new JSONParseError({ text, cause: parsed.failure }), rawValue: undefined }
  }
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
 * The Schema's decoder is JIT-compiled (Effect's `SchemaJITCompiler`): a
 * generated function decodes a valid value in one pass without building
 * issues, and a value it rejects goes through the detailed decoder, so the
 * `TypeValidationError` is the interpreter's. Where code generation is not
 * allowed (`new Function` blocked), Effect keeps the interpreted decoder.
 * `test/bench-fast-path.test.ts` proves the compiled path accepts and
 * rejects exactly what the interpreter does, with the same output.
 *
 * @since 0.1.0
 */
export const makeSafeValidate = <S extends Schema.ConstraintDecoder<unknown>>(
  schema: S
): (value: unknown) => ParseResult<S["Type"]> => {
  compileOnce(schema.ast)
  const decode = Schema.decodeUnknownResult(schema)
  return (value) => {
    const decoded = decode(value)
    return Result.isSuccess(decoded)
      ? { success: true, value: decoded.success, rawValue: value }
      : { success: false, error: new TypeValidationError({ value, cause: decoded.failure }), rawValue: value }
  }
}
