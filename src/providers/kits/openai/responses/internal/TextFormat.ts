/**
 * Upstream `normalizeOpenAIResponsesTextFormat`: a `json_schema` text
 * format's schema normalized for OpenAI (with its warnings).
 *
 * @internal
 */
import { Effect, Result } from "effect"
import type { Warning } from "../../../../../contract/Warning.ts"
import type { TextFormat } from "../OpenAIResponsesOptions.ts"
import { normalizeOpenAIJsonSchema } from "../../internal/NormalizeJsonSchema.ts"

/** @internal */
export const normalizeTextFormat = (format: TextFormat, warnings: Array<Warning>) => {
  if (format.type === "text") return Effect.succeed<TextFormat>(format)
  const normalized = normalizeOpenAIJsonSchema({ ...format.schema })
  if (Result.isFailure(normalized)) return Effect.fail(normalized.failure)
  warnings.push(...normalized.success.warnings)
  return Effect.succeed<TextFormat>({ ...format, schema: normalized.success.schema })
}
