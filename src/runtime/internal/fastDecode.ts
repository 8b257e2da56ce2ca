/**
 * A fast decode path derived once from a Schema AST, for the plain wire
 * schemas providers decode per stream chunk: structs of primitives,
 * literals, `null`, `Unknown`, arrays, nested structs and `anyOf` unions of
 * those, with no checks, transformations or index signatures.
 *
 * The generated function validates and builds the decoded value in one pass
 * (unknown keys dropped, keys in declaration order, arrays copied: exactly
 * Effect's output) or returns {@link invalid}. It never builds issues: the
 * caller decodes a rejected value again with Schema for the error. Every
 * supported node accepts exactly what Effect's decoder accepts (not only a
 * subset): a union picks the first member that accepts, so a member that
 * rejected too much would change which member decodes. Anything outside
 * the supported subset yields no fast path (`undefined`), never an
 * approximation. A node outside the subset is allowed in two places, where
 * the rest of the schema still decodes fast: as a union member (skipped
 * where its required literal key, e.g. `type`, surely rejects the value;
 * otherwise the whole value is left to Schema) and as an optional key (a
 * value that has the key is left to Schema). "Left to Schema" is the
 * {@link invalid} result, so the caller's Schema decode decides it.
 * `test/bench-fast-path.test.ts` and `test/provider-utils/FastDecode.test.ts`
 * compare accept/reject and output with Effect's interpreter on generated
 * and mutated values.
 *
 * @internal
 */
import type { SchemaAST } from "effect"

/**
 * What the fast path returns for a value it does not accept.
 *
 * @internal
 */
export const invalid: unique symbol = Symbol.for("aimux/fastDecode/invalid")

/**
 * A compiled decoder: the decoded value, or {@link invalid}.
 *
 * @internal
 */
export type FastDecode<T> = (input: unknown) => T | typeof invalid

/** What a part of the generated code returns when Schema must decide the whole value. */
const undecided: unique symbol = Symbol("aimux/fastDecode/undecided")

// Code generation: each supported node becomes an expression or a block that
// reads `input` (a variable name) and assigns `target` or returns I (invalid).
interface Emitter {
  next: number
  readonly functions: Array<string>
  readonly constants: Array<unknown>
}

const fresh = (e: Emitter, prefix: string): string => `${prefix}${e.next++}`

const plain = (ast: SchemaAST.AST): boolean =>
  ast.checks === undefined && ast.encoding === undefined &&
  !("encodingChecks" in ast && ast.encodingChecks !== undefined)

/** An inline predicate for leaves whose decoded value is the input itself. */
const leafPredicate = (ast: SchemaAST.AST, input: string, e: Emitter): string | undefined => {
  if (!plain(ast)) return undefined
  switch (ast._tag) {
    case "Null":
      return `${input}===null`
    case "Undefined":
      return `${input}===void 0`
    case "String":
      return `typeof ${input}==="string"`
    case "Number":
      return `typeof ${input}==="number"`
    case "Boolean":
      return `typeof ${input}==="boolean"`
    case "Unknown":
    case "Any":
      return "true"
    case "Literal": {
      const literal = ast.literal
      if (typeof literal === "string") return `${input}===${JSON.stringify(literal)}`
      if (typeof literal === "boolean") return `${input}===${literal}`
      if (typeof literal === "number") {
        // a constant, not a source literal: -0, 1e21 and the like print lossily
        e.constants.push(literal)
        return `${input}===C[${e.constants.length - 1}]`
      }
      return undefined
    }
    case "Union": {
      if (ast.options?.mode === "oneOf") return undefined
      const parts: Array<string> = []
      for (const member of ast.types) {
        const part = leafPredicate(member, input, e)
        if (part === undefined) return undefined
        parts.push(`(${part})`)
      }
      return parts.length === 0 ? "false" : parts.join("||")
    }
    default:
      return undefined
  }
}

/**
 * Statements that decode `input` into the variable `target`, returning I
 * when the value is rejected; `undefined` when the node is not supported.
 */
const emit = (ast: SchemaAST.AST, input: string, target: string, e: Emitter): string | undefined => {
  const predicate = leafPredicate(ast, input, e)
  if (predicate !== undefined) {
    return predicate === "true" ? `${target}=${input};` : `if(!(${predicate}))return I;${target}=${input};`
  }
  const fn = compileFunction(ast, e)
  // I (rejected) and B (left to Schema) both end the enclosing decode
  return fn === undefined ? undefined : `${target}=${fn}(${input});if(${target}===I||${target}===B)return ${target};`
}

/** A generated function for a struct, an array or a union of non-leaf members. */
const compileFunction = (ast: SchemaAST.AST, e: Emitter): string | undefined => {
  if (!plain(ast)) return undefined
  switch (ast._tag) {
    case "Objects":
      return compileObjects(ast, e)
    case "Arrays":
      return compileArrays(ast, e)
    case "Union":
      return compileUnion(ast, e)
    default:
      return undefined
  }
}

/**
 * A member's required string-literal key (e.g. `type`), if it has one: a plain struct surely
 * rejects a value that is not an object, lacks that key, or holds another value there.
 */
const discriminator = (member: SchemaAST.AST): { readonly key: string; readonly literal: string } | undefined => {
  if (member._tag !== "Objects" || member.encoding !== undefined) return undefined
  for (const ps of member.propertySignatures) {
    const type = ps.type
    if (
      typeof ps.name !== "string" || ps.name === "__proto__" || type.context?.isOptional === true ||
      type._tag !== "Literal" || !plain(type) || typeof type.literal !== "string"
    ) continue
    return { key: ps.name, literal: type.literal }
  }
  return undefined
}

/**
 * A test that skips a union member outside the subset when its discriminator surely rejects the
 * value; the empty string when it has none (the member is never skipped).
 */
const memberGuard = (member: SchemaAST.AST): string => {
  const d = discriminator(member)
  if (d === undefined) return ""
  const key = JSON.stringify(d.key)
  return `if(typeof v!=="object"||v===null||Array.isArray(v)||!(${key} in v)||v[${key}]!==${JSON.stringify(d.literal)}){}else `
}

/** Members with a discriminator on one key from which a union dispatches on it instead of trying each. */
const DISPATCH = 4

/**
 * A union's members as a `switch` on their common discriminator key: for a value whose key holds
 * `L`, only the members whose literal is `L` and the members without that key (in declaration
 * order) are tried; every other member surely rejects it.
 */
const dispatch = (ast: SchemaAST.Union, codes: ReadonlyArray<string>): string | undefined => {
  const discriminators = ast.types.map(discriminator)
  const counts = new Map<string, number>()
  for (const d of discriminators) if (d !== undefined) counts.set(d.key, (counts.get(d.key) ?? 0) + 1)
  let key: string | undefined
  let best = 0
  for (const [k, n] of counts) {
    if (n > best) {
      key = k
      best = n
    }
  }
  if (key === undefined || best < DISPATCH) return undefined
  const literals: Array<string> = []
  for (const d of discriminators) if (d?.key === key && !literals.includes(d.literal)) literals.push(d.literal)
  const branch = (literal: string | undefined) =>
    codes.filter((_, i) => {
      const d = discriminators[i]
      return d?.key !== key || d.literal === literal
    }).join("")
  const k = JSON.stringify(key)
  const cases = literals.map((literal) => `case ${JSON.stringify(literal)}:{${branch(literal)}return I}`)
  return `const t=typeof v==="object"&&v!==null&&!Array.isArray(v)&&${k} in v?v[${k}]:void 0;` +
    `switch(t){${cases.join("")}default:{${branch(undefined)}return I}}`
}

const compileUnion = (ast: SchemaAST.Union, e: Emitter): string | undefined => {
  if (ast.options?.mode === "oneOf") return undefined
  // Members in declaration order, the first that accepts wins (Effect's
  // candidate index only skips members that would reject).
  const members: Array<string> = []
  let unsupported = 0
  for (const member of ast.types) {
    const memberPredicate = leafPredicate(member, "v", e)
    if (memberPredicate !== undefined) {
      members.push(`if(${memberPredicate})return v;`)
      continue
    }
    const fn = compileFunction(member, e)
    if (fn !== undefined) {
      // a value, or B (undecided: Schema decides the whole value)
      members.push(`{const r=${fn}(v);if(r!==I)return r;}`)
      continue
    }
    // A member outside the subset: skipped where it surely rejects (its literal discriminator
    // differs), otherwise the whole value is left to Schema (B), since it might accept.
    members.push(`${memberGuard(member)}return B;`)
    unsupported++
  }
  if (unsupported === ast.types.length) return undefined
  const name = fresh(e, "u")
  const body = dispatch(ast, members) ?? `${members.join("")}return I`
  e.functions.push(`function ${name}(v){${body}}`)
  return name
}

const compileObjects = (ast: SchemaAST.Objects, e: Emitter): string | undefined => {
  // An empty struct is a refinement (any non-nullish value, returned as is):
  // not worth a special case on the hot path.
  if (ast.indexSignatures.length > 0 || ast.propertySignatures.length === 0) return undefined
  const name = fresh(e, "o")
  const body: Array<string> = [
    `if(typeof i!=="object"||i===null||Array.isArray(i))return I;const o={};let v,w;`
  ]
  for (const ps of ast.propertySignatures) {
    // `__proto__` needs an own-property test and a defined-property write;
    // symbols and numbers are not JSON keys.
    if (typeof ps.name !== "string" || ps.name === "__proto__") return undefined
    const key = JSON.stringify(ps.name)
    const decode = emit(ps.type, "v", "w", e)
    const optional = ps.type.context?.isOptional === true
    if (decode === undefined) {
      // an optional key outside the subset: Schema decides a value that has it
      if (!optional) return undefined
      body.push(`if(${key} in i)return B;`)
      continue
    }
    // Effect tests presence with `in` and assigns in declaration order; a
    // missing required key is a MissingKey issue.
    body.push(
      optional
        ? `if(${key} in i){v=i[${key}];${decode}o[${key}]=w}`
        : `if(!(${key} in i))return I;v=i[${key}];${decode}o[${key}]=w;`
    )
  }
  body.push("return o")
  e.functions.push(`function ${name}(i){${body.join("")}}`)
  return name
}

const compileArrays = (ast: SchemaAST.Arrays, e: Emitter): string | undefined => {
  if (ast.elements.length !== 0 || ast.rest.length !== 1) return undefined
  const name = fresh(e, "a")
  const decode = emit(ast.rest[0], "v", "w", e)
  if (decode === undefined) return undefined
  e.functions.push(
    `function ${name}(i){if(!Array.isArray(i))return I;const n=i.length;const o=new Array(n);let v,w;` +
      `for(let k=0;k<n;k++){v=i[k];${decode}o[k]=w}return o}`
  )
  return name
}

// The generated function returns the schema's decoded type by construction
// (proved against Effect's decoder by the property tests), which no static
// type can express.
const isFastDecode = <T>(f: unknown): f is FastDecode<T> => typeof f === "function"

const cache = new WeakMap<SchemaAST.AST, Function | null>()

/**
 * The fast decoder of an AST, generated once per AST; `undefined` when the
 * AST uses anything outside the supported subset or code generation is not
 * allowed (`new Function` blocked).
 *
 * @internal
 */
export const fastDecoder = <S extends { readonly ast: SchemaAST.AST; readonly Type: unknown }>(schema: S): FastDecode<S["Type"]> | undefined => {
  const ast = schema.ast
  let compiled = cache.get(ast)
  if (compiled === undefined) {
    compiled = null
    const e: Emitter = { next: 0, functions: [], constants: [] }
    const root = emit(ast, "v", "w", e)
    if (root !== undefined) {
      // B (undecided) becomes I at the top: the caller decodes again with Schema
      const source = `"use strict";${e.functions.join("\n")}\nconst d=function(v){let w;${root}return w};return function(v){const r=d(v);return r===B?I:r}`
      try {
        const made: unknown = new Function("I", "C", "B", source)(invalid, e.constants, undecided)
        if (typeof made === "function") compiled = made
      } catch {
        compiled = null
      }
    }
    cache.set(ast, compiled)
  }
  return isFastDecode<S["Type"]>(compiled) ? compiled : undefined
}
