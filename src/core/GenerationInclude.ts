/**
 * What a generation keeps of each model call in its parts and step results (upstream
 * `StreamTextInclude` / `GenerateTextInclude`, option `include`, deprecated `experimental_include`).
 *
 * @since 0.1.0
 */
import type * as Prompt from "../contract/Prompt.ts"
import type { RequestInfo } from "../contract/Results.ts"
import type { ModelMessage } from "./ModelMessage.ts"

/**
 * A step's request as its `start-step` part and result keep it (upstream
 * `LanguageModelRequestMetadata`): the body with `include.requestBody`, the messages the step sent
 * with `include.requestMessages` (model messages as the user gave them and as the steps answered;
 * V4 prompt messages where `prepareStep` replaced them).
 *
 * @since 0.1.0
 * @category models
 */
export type StepRequest = RequestInfo & {
  readonly messages?: ReadonlyArray<ModelMessage | Prompt.Message> | undefined
}

/**
 * streamText's `include` (upstream `StreamTextInclude`).
 *
 * @since 0.1.0
 * @category models
 */
export interface StreamTextInclude {
  /** Keep the request body in `start-step` parts and step results (default false: it can be large). */
  readonly requestBody?: boolean | undefined
  /** Keep the messages each step sent in `start-step` parts and step results (default false). */
  readonly requestMessages?: boolean | undefined
  /** Forward the provider's `raw` parts (default: `includeRawChunks`, else false). */
  readonly rawChunks?: boolean | undefined
}

/**
 * generateText's `include` (upstream `GenerateTextInclude`).
 *
 * @since 0.1.0
 * @category models
 */
export interface GenerateTextInclude {
  /** Keep the request body in step results (default false: it can be large). */
  readonly requestBody?: boolean | undefined
  /** Keep the messages each step sent in step results (default false: they can be large). */
  readonly requestMessages?: boolean | undefined
  /** Keep the response body in step results (default false). */
  readonly responseBody?: boolean | undefined
}
