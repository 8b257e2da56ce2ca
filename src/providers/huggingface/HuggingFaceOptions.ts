/**
 * Hugging Face provider options (`providerOptions.huggingface`), as a Schema
 * (upstream `huggingface-responses-language-model-options.ts`).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"

const opt = Schema.optionalKey

/**
 * Call options of the Responses model.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ResponsesOptions = Schema.Struct({
  metadata: opt(Schema.Record(Schema.String, Schema.String)),
  instructions: opt(Schema.String),
  strictJsonSchema: opt(Schema.Boolean),
  reasoningEffort: opt(Schema.String)
})

/**
 * Call options of the Responses model.
 *
 * @since 0.1.0
 * @category models
 */
export type ResponsesOptions = typeof ResponsesOptions.Type
