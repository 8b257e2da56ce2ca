/**
 * What a generation keeps of each model call in its parts and step results (upstream
 * `StreamTextInclude` / `GenerateTextInclude`): the request body (off by default: it can be large
 * with images or files), the response body of generateText's calls (off by default), and raw
 * chunks (streamText; `includeRawChunks` is the deprecated spelling).
 *
 * @internal
 */
import type * as Prompt from "../../contract/Prompt.ts"
import type { RequestInfo } from "../../contract/Results.ts"
import type { GenerateTextInclude, StepRequest, StreamTextInclude } from "../GenerationInclude.ts"
import type { ResponseMessage } from "../ResponseMessages.ts"
import type { ModelMessage } from "../ModelMessage.ts"
import type { UserModelMessage } from "../SteeringState.ts"

/**
 * The resolved settings, upstream's defaults applied.
 *
 * @internal
 */
export interface Include {
  readonly requestBody: boolean
  readonly requestMessages: boolean
  readonly responseBody: boolean
  readonly rawChunks: boolean
}

/**
 * Upstream's defaults: `include ?? experimental_include`, each flag `false`, `rawChunks` falling
 * back to `includeRawChunks`.
 *
 * @internal
 */
export const includeOf = (options: {
  readonly include?: StreamTextInclude | GenerateTextInclude | undefined
  readonly experimental_include?: StreamTextInclude | GenerateTextInclude | undefined
  readonly includeRawChunks?: boolean | undefined
}): Include => {
  const include = options.include ?? options.experimental_include
  return {
    requestBody: include?.requestBody ?? false,
    requestMessages: include?.requestMessages ?? false,
    responseBody: (include !== undefined && "responseBody" in include ? include.responseBody : undefined) ?? false,
    rawChunks: (include !== undefined && "rawChunks" in include ? include.rawChunks : undefined) ?? options.includeRawChunks ?? false
  }
}

/**
 * A step's request as its parts and result keep it: the body only with `include.requestBody`, the
 * step's messages only with `include.requestMessages` (upstream `getStepRequest` / `stepRequest`).
 *
 * @internal
 */
export const stepRequestOf = (
  request: RequestInfo | undefined,
  include: Include,
  messages: ReadonlyArray<ModelMessage | Prompt.Message> | undefined
): StepRequest => ({
  ...request,
  body: include.requestBody ? request?.body : undefined,
  messages: include.requestMessages ? messages : undefined
})

/**
 * The messages a generation's steps send, in upstream's model-message form, tracked beside the
 * V4 prompt conversation: the prompt as the user gave it (a string prompt as one user message),
 * then the resumed tool messages, each step's steering messages and response messages. Where
 * `prepareStep` replaced the messages, the step sent its V4 prompt messages and the later steps
 * build on those. Kept only with `include.requestMessages` (otherwise `undefined` throughout).
 *
 * @internal
 */
export class RequestMessages {
  private messages: ReadonlyArray<ModelMessage | Prompt.Message> | undefined
  constructor(
    include: Include,
    options: { readonly prompt?: string | ReadonlyArray<ModelMessage> | undefined; readonly messages?: ReadonlyArray<ModelMessage> | undefined }
  ) {
    this.messages = !include.requestMessages ? undefined : typeof options.prompt === "string"
      ? [{ role: "user", content: options.prompt }]
      : options.prompt ?? options.messages ?? []
  }
  /** Appends the tool messages of resumed approvals (upstream `initialResponseMessages`). */
  resumed(messages: ReadonlyArray<ResponseMessage>): void {
    if (this.messages !== undefined && messages.length > 0) this.messages = [...this.messages, ...messages]
  }
  /**
   * The step's messages: the tracked ones and the taken steering messages, unless `prepareStep`
   * replaced the step's conversation (`replaced`: the messages it returned instead).
   */
  forStep(
    steering: ReadonlyArray<UserModelMessage>,
    replaced: Prompt.Prompt | undefined
  ): ReadonlyArray<ModelMessage | Prompt.Message> | undefined {
    if (this.messages === undefined) return undefined
    this.messages = replaced === undefined ? (steering.length > 0 ? [...this.messages, ...steering] : this.messages) : replaced
    return this.messages
  }
  /** After a step: its messages and its response messages are the next step's (upstream). */
  answered(messages: ReadonlyArray<ResponseMessage>): void {
    if (this.messages !== undefined) this.messages = [...this.messages, ...messages]
  }
}

/**
 * A generateText step's response body: kept only with `include.responseBody` (upstream).
 *
 * @internal
 */
export const responseBodyOf = (response: { readonly body?: unknown } | undefined, include: Include): unknown =>
  include.responseBody ? response?.body : undefined
