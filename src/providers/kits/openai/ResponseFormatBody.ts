/**
 * The chat-completions `response_format` of a V4 response format, as the
 * OpenAI family writes it (upstream openai-compatible, Groq and DeepSeek
 * `getArgs`; OpenAI chat does the same with its normalized schema).
 *
 * @since 0.1.0
 */
import type { JsonSchema7, ResponseFormat } from "../../../contract/CallOptions.ts"

/**
 * The wire `response_format`.
 *
 * @since 0.1.0
 * @category models
 */
export type ResponseFormatBody =
  | {
    readonly type: "json_schema"
    readonly json_schema: {
      readonly schema: JsonSchema7
      readonly strict: boolean | undefined
      readonly name: string
      readonly description: string | undefined
    }
  }
  | { readonly type: "json_object" }
  | undefined

/**
 * JSON with a schema the provider may enforce (`structuredOutputs`) →
 * `json_schema` (name defaults to `response`); other JSON → `json_object`;
 * text or none → `undefined` (the key is left out of the body).
 *
 * @since 0.1.0
 * @category utils
 */
export const responseFormatBody = (
  responseFormat: ResponseFormat | undefined,
  options: { readonly structuredOutputs: boolean; readonly strict: boolean | undefined }
): ResponseFormatBody => {
  if (responseFormat?.type !== "json") {
    return undefined
  }
  return options.structuredOutputs && responseFormat.schema != null
    ? {
      type: "json_schema",
      json_schema: {
        schema: responseFormat.schema,
        strict: options.strict,
        name: responseFormat.name ?? "response",
        description: responseFormat.description
      }
    }
    : { type: "json_object" }
}
