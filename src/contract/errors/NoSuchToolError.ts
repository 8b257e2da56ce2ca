/**
 * `NoSuchToolError`: the model called a tool that is not available.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { omitUndefined, type UpstreamLike } from "./internal/marker.ts"
import { UpstreamError } from "./internal/UpstreamError.ts"

const name = "AI_NoSuchToolError"

/**
 * Constructor options, named as upstream's.
 *
 * @since 0.1.0
 * @category models
 */
export interface NoSuchToolErrorOptions {
  readonly toolName: string
  readonly availableTools?: ReadonlyArray<string> | undefined
  readonly message?: string | undefined
}

/**
 * The model tried to call an unavailable tool; message as upstream.
 *
 * @since 0.1.0
 * @category errors
 */
export class NoSuchToolError extends UpstreamError<NoSuchToolError>(name)("NoSuchToolError", {
  message: Schema.String,
  toolName: Schema.String,
  availableTools: Schema.optional(Schema.Array(Schema.String))
}) {
  constructor(options: NoSuchToolErrorOptions, makeOptions?: Schema.MakeOptions) {
    const { availableTools, toolName } = options
    super(omitUndefined({
      message: options.message ??
        `Model tried to call unavailable tool '${toolName}'. ${
          availableTools === undefined ? "No tools are available." : `Available tools: ${availableTools.join(", ")}.`
        }`,
      toolName,
      availableTools
    }), makeOptions)
  }
}

/**
 * What `NoSuchToolError.isInstance` narrows to.
 *
 * @since 0.1.0
 * @category models
 */
export type NoSuchToolErrorLike = UpstreamLike<NoSuchToolError>
