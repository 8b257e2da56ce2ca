/**
 * The JSON-mode instruction in the system message (upstream provider-utils
 * `inject-json-instruction.ts`), for APIs whose JSON mode needs the model told
 * to answer with JSON.
 *
 * @since 0.1.0
 */
import { Result } from "effect"
import type { JSONParseError } from "../contract/errors/JSONParseError.ts"
import type { Prompt } from "../contract/Prompt.ts"
import * as WireJson from "../runtime/WireJson.ts"

const defaultSchemaPrefix = "JSON schema:"
const defaultSchemaSuffix = "You MUST answer with a JSON object that matches the JSON schema above."
const defaultGenericSuffix = "You MUST answer with JSON."

/**
 * Upstream `injectJsonInstruction`: the prompt text, a blank line, the schema prefix, the schema
 * as JSON and the suffix (`You MUST answer with JSON.` without a schema), one per line. A schema
 * too deep for `JSON.stringify` is a `JSONParseError` (upstream throws a `RangeError`).
 *
 * @since 0.1.0
 * @category utils
 */
export const injectJsonInstruction = (options: {
  readonly prompt?: string | undefined
  readonly schema?: unknown
  readonly schemaPrefix?: string | undefined
  readonly schemaSuffix?: string | undefined
}): Result.Result<string, JSONParseError> => {
  const { prompt, schema } = options
  const schemaPrefix = options.schemaPrefix ?? (schema != null ? defaultSchemaPrefix : undefined)
  const schemaSuffix = options.schemaSuffix ?? (schema != null ? defaultSchemaSuffix : defaultGenericSuffix)
  let schemaText: string | undefined
  if (schema != null) {
    const text = WireJson.stringify(schema)
    if (Result.isFailure(text)) return text
    schemaText = text.success
  }
  const hasPrompt = prompt != null && prompt.length > 0
  return Result.succeed(
    [hasPrompt ? prompt : undefined, hasPrompt ? "" : undefined, schemaPrefix, schemaText, schemaSuffix]
      .filter((line) => line != null)
      .join("\n")
  )
}

/**
 * Upstream `injectJsonInstructionIntoMessages`: the instruction appended to the first message
 * when it is a system message, else a new system message in front.
 *
 * @since 0.1.0
 * @category utils
 */
export const injectJsonInstructionIntoMessages = (options: {
  readonly messages: Prompt
  readonly schema?: unknown
  readonly schemaPrefix?: string | undefined
  readonly schemaSuffix?: string | undefined
}): Result.Result<Prompt, JSONParseError> => {
  const first = options.messages[0]
  const system = first?.role === "system" ? first : undefined
  return Result.map(
    injectJsonInstruction({
      prompt: system?.content ?? "",
      schema: options.schema,
      schemaPrefix: options.schemaPrefix,
      schemaSuffix: options.schemaSuffix
    }),
    (content): Prompt => [
      system !== undefined ? { ...system, content } : { role: "system", content },
      ...(system !== undefined ? options.messages.slice(1) : options.messages)
    ]
  )
}
