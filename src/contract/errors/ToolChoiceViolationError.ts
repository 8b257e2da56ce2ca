/**
 * `ToolChoiceViolationError`: a model response did not satisfy an enforced
 * tool choice.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Content } from "../Content.ts"
import { UnifiedFinishReason } from "../FinishReason.ts"
import { omitUndefined, type UpstreamLike } from "./internal/marker.ts"
import { UpstreamError } from "./internal/UpstreamError.ts"

const name = "AI_ToolChoiceViolationError"

/**
 * The tool choices that can be violated: `none`, `required`, or a specific tool.
 *
 * @since 0.1.0
 * @category schemas
 */
export const EnforcedToolChoice = Schema.Union([
  Schema.Struct({ type: Schema.Literal("none") }),
  Schema.Struct({ type: Schema.Literal("required") }),
  Schema.Struct({ type: Schema.Literal("tool"), toolName: Schema.String })
])

/**
 * The tool choices that can be violated.
 *
 * @since 0.1.0
 * @category models
 */
export type EnforcedToolChoice = typeof EnforcedToolChoice.Type

/**
 * Constructor options, named as upstream's. `finishReason` is core's unified
 * finish reason; `content` the normalized V4 content of the response.
 *
 * @since 0.1.0
 * @category models
 */
export interface ToolChoiceViolationErrorOptions {
  readonly toolChoice: EnforcedToolChoice
  readonly finishReason: UnifiedFinishReason
  readonly provider: string
  readonly modelId: string
  readonly content: ReadonlyArray<Content>
  readonly message?: string | undefined
}

const defaultMessage = (toolChoice: EnforcedToolChoice): string => {
  switch (toolChoice.type) {
    case "none":
      return "Model response contained a tool call even though tool choice was none."
    case "required":
      return "Model response did not contain a tool call even though tool choice was required."
    case "tool":
      return `Model response did not contain a call to the required tool '${toolChoice.toolName}'.`
  }
}

/**
 * The response violated the enforced tool choice; message as upstream.
 *
 * @since 0.1.0
 * @category errors
 */
export class ToolChoiceViolationError extends UpstreamError<ToolChoiceViolationError>(name)(
  "ToolChoiceViolationError",
  {
    message: Schema.String,
    toolChoice: EnforcedToolChoice,
    finishReason: UnifiedFinishReason,
    provider: Schema.String,
    modelId: Schema.String,
    content: Schema.Array(Content)
  }
) {
  constructor(options: ToolChoiceViolationErrorOptions, makeOptions?: Schema.MakeOptions) {
    super(omitUndefined({
      message: options.message ?? defaultMessage(options.toolChoice),
      toolChoice: options.toolChoice,
      finishReason: options.finishReason,
      provider: options.provider,
      modelId: options.modelId,
      content: options.content
    }), makeOptions)
  }
}

/**
 * What `ToolChoiceViolationError.isInstance` narrows to.
 *
 * @since 0.1.0
 * @category models
 */
export type ToolChoiceViolationErrorLike = UpstreamLike<ToolChoiceViolationError>
