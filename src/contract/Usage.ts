/**
 * Token usage of a model call (`LanguageModelV4Usage`): every key present, values possibly undefined.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { optional, undefinedOr } from "./Fields.ts"
import { JsonObject } from "./Json.ts"

const Count = undefinedOr(Schema.Number)

/**
 * Token usage of a model call.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Usage = Schema.Struct({
  inputTokens: Schema.Struct({
    total: Count,
    noCache: Count,
    cacheRead: Count,
    cacheWrite: Count
  }),
  outputTokens: Schema.Struct({
    total: Count,
    text: Count,
    reasoning: Count
  }),
  raw: optional(JsonObject)
})

/**
 * Token usage of a model call.
 *
 * @since 0.1.0
 * @category models
 */
export type Usage = typeof Usage.Type

/**
 * Usage with every count undefined (what providers report when the response has no usage), with
 * `raw: undefined` as upstream's `createNullLanguageModelUsage`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const emptyUsage = (): Usage => ({
  inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: undefined, text: undefined, reasoning: undefined },
  raw: undefined
})
