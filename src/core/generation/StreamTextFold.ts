/**
 * The fold behind `StreamText.collect` / `aggregate` / `withResult`: the parts of one run back
 * into the aggregated values, as upstream resolves its result promises from the parts it recorded.
 *
 * @internal
 */
import { Effect } from "effect"
import { NoOutputGeneratedError } from "../../contract/errors/NoOutputGeneratedError.ts"
import type { StepRequest } from "../GenerationInclude.ts"
import type { Warning } from "../../contract/Warning.ts"
import * as CoreUsage from "../CoreUsage.ts"
import { type ResponseMessage, toResponseMessages } from "../ResponseMessages.ts"
import { type StepResult, viewsOf } from "../StepResult.ts"
import type { StreamTextResult } from "../StreamTextResult.ts"
import type { SteeringMessagePart, TextStreamPart } from "../TextStreamPart.ts"
import { resultOf } from "./Outcome.ts"
import { makeContentBuilder, resumedMessagesOf } from "./StreamParts.ts"
import { startsAttempt } from "../internal/AttemptStart.ts"
import { retriedAttemptOf } from "./StreamRetries.ts"

/**
 * A resumed tool message comes first in the response messages (upstream `initialResponseMessages`).
 *
 * @internal
 */
export const withResumed = (result: StreamTextResult, resumed: ReadonlyArray<ResponseMessage>): StreamTextResult =>
  resumed.length === 0 ? result : { ...result, responseMessages: [...resumed, ...result.responseMessages] }

/**
 * Folds the parts of one run into the aggregated values. Fails with `aborted(reason)` when the run
 * ended with `abort`, and with `NoOutputGeneratedError` when no step finished (its `cause` is the
 * run's first error) or a step's model stream ended without a finish and without output.
 *
 * @internal
 */
export const aggregateParts = <A>(
  parts: ReadonlyArray<TextStreamPart>,
  aborted: (reason: unknown) => A
): Effect.Effect<StreamTextResult, A | NoOutputGeneratedError> =>
  Effect.gen(function*() {
    const steps: Array<StepResult> = []
    let builder = makeContentBuilder()
    let warnings: ReadonlyArray<Warning> = []
    let request: StepRequest = {}
    let finish: Extract<TextStreamPart, { readonly type: "finish" }> | undefined = undefined
    let firstError: { readonly error: unknown } | undefined = undefined
    let noOutput: unknown = undefined
    let resumed: ReadonlyArray<ResponseMessage> = []
    // the steering messages of the step being folded (their parts come before its start-step)
    let steeringMessages: Array<SteeringMessagePart["message"]> = []
    // the step's builder restarted at a retried attempt's first part (upstream's retry boundary):
    // it then holds the successful attempt as the transforms emitted it
    let restarted = false
    for (const part of parts) {
      if (startsAttempt(part)) {
        builder = makeContentBuilder()
        restarted = true
      }
      switch (part.type) {
        case "steering-message":
          steeringMessages.push(part.message)
          break
        case "abort":
          return yield* Effect.fail(aborted(part.reason))
        case "error":
          if (firstError === undefined) firstError = { error: part.error }
          if (NoOutputGeneratedError.isInstance(part.error)) noOutput = part.error
          break
        case "finish":
          finish = part
          break
        case "start-step":
          if (steps.length === 0) resumed = resumedMessagesOf(part)
          builder = makeContentBuilder()
          restarted = false
          warnings = part.warnings
          request = part.request
          break
        case "finish-step": {
          // a stream-retried step keeps only its successful attempt (the failed one's parts came before)
          const attempt = retriedAttemptOf(part)
          const content = restarted ? builder.content : attempt?.content ?? builder.content
          if (attempt !== undefined) {
            warnings = attempt.warnings
            request = attempt.request
          }
          const messages = yield* toResponseMessages(content, undefined)
          const stepMessages = steeringMessages
          steeringMessages = []
          steps.push({
            stepNumber: steps.length,
            model: { provider: "", modelId: part.response.modelId },
            ...viewsOf(content),
            finishReason: part.finishReason,
            rawFinishReason: part.rawFinishReason,
            usage: part.usage,
            performance: part.performance,
            warnings,
            request,
            response: { ...part.response, messages },
            providerMetadata: part.providerMetadata,
            ...(stepMessages.length > 0 ? { experimental_steeringMessages: stepMessages } : {})
          })
          break
        }
        default:
          builder.add(part)
      }
    }
    if (noOutput instanceof NoOutputGeneratedError) return yield* Effect.fail(noOutput)
    if (steps.length === 0) {
      return yield* Effect.fail(
        new NoOutputGeneratedError({
          message: "No output generated. Check the stream for errors.",
          cause: firstError?.error
        })
      )
    }
    return withResumed(resultOf(steps, {
      finishReason: finish?.finishReason ?? "other",
      rawFinishReason: finish?.rawFinishReason,
      totalUsage: finish?.totalUsage ?? CoreUsage.nullUsage()
    }), resumed)
  })
