/**
 * `JSONParseError`: text that should be JSON did not parse.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { getErrorMessage } from "./getErrorMessage.ts"
import { omitUndefined, type UpstreamLike } from "./internal/marker.ts"
import { UpstreamError } from "./internal/UpstreamError.ts"

const name = "AI_JSONParseError"

/**
 * Constructor options, named as upstream's.
 *
 * @since 0.1.0
 * @category models
 */
export interface JSONParseErrorOptions {
  readonly text: string
  readonly cause: unknown
}

/**
 * JSON parsing failed; the message embeds the text and the cause's message
 * exactly as upstream.
 *
 * @since 0.1.0
 * @category errors
 */
export class JSONParseError extends UpstreamError<JSONParseError>(name)("JSONParseError", {
  message: Schema.String,
  text: Schema.String,
  cause: Schema.optional(Schema.Defect())
}) {
  constructor(options: JSONParseErrorOptions, makeOptions?: Schema.MakeOptions) {
    super(omitUndefined({
      message: `JSON parsing failed: Text: ${options.text}.\nError message: ${getErrorMessage(options.cause)}`,
      text: options.text,
      cause: options.cause
    }), makeOptions)
  }
}

/**
 * What `JSONParseError.isInstance` narrows to.
 *
 * @since 0.1.0
 * @category models
 */
export type JSONParseErrorLike = UpstreamLike<JSONParseError>
