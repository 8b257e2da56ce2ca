/**
 * Field builders that give the spec schemas the JSON form of `JSON.stringify` on upstream values:
 * an `undefined` value is an absent key, never `null`.
 *
 * @since 0.1.0
 */
import { Option, Schema, SchemaGetter } from "effect"

const dropUndefined = <A>(o: Option.Option<A | undefined>): Option.Option<A> =>
  Option.isSome(o) && o.value !== undefined ? Option.some(o.value) : Option.none()

/**
 * An optional key (`k?: A | undefined` in memory, as upstream's TypeScript allows); an `undefined`
 * value is written as an absent key.
 *
 * @since 0.1.0
 * @category field builders
 */
export const optional = <S extends Schema.Top>(schema: S) =>
  Schema.optional(schema).pipe(Schema.decodeTo(Schema.optional(Schema.toType(schema)), {
    decode: SchemaGetter.passthrough(),
    encode: SchemaGetter.transformOptional(dropUndefined)
  }))

/**
 * A key that is always present in memory with a possibly `undefined` value (`k: A | undefined`,
 * e.g. usage counts); absent in JSON means `undefined`, and `undefined` is written as an absent key.
 *
 * @since 0.1.0
 * @category field builders
 */
export const undefinedOr = <S extends Schema.Top>(schema: S) =>
  Schema.optional(schema).pipe(Schema.decodeTo(Schema.UndefinedOr(Schema.toType(schema)), {
    decode: SchemaGetter.transformOptional((o) => Option.some(Option.getOrUndefined(o))),
    encode: SchemaGetter.transformOptional(dropUndefined)
  }))

/**
 * A key that may be absent, `undefined` or `null` (zod's `.nullish()`), as `Schema.optional`: the
 * decoded type is `k?: A | null | undefined`.
 *
 * @since 0.1.0
 * @category field builders
 */
export const nullish = <S extends Schema.Top>(schema: S) => Schema.optional(Schema.NullOr(schema))

/**
 * A key that may be absent or `null` (zod's `.nullish()` under exact optional keys), as
 * `Schema.optionalKey`: the decoded type is `k?: A | null`, an explicit `undefined` is rejected.
 *
 * @since 0.1.0
 * @category field builders
 */
export const nullishKey = <S extends Schema.Top>(schema: S) => Schema.optionalKey(Schema.NullOr(schema))
