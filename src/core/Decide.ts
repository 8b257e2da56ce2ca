/**
 * `experimental_decide` (upstream `ai/src/decide/decide.ts`, 7.0.173) over the
 * {@link DecisionModel} service: every question answered against the same state in one call.
 *
 * Upstream semantics kept: `maxOutputTokens` an integer >= 1; the state and questions validated
 * before any I/O (no non-finite numbers, cycles or holes; nonempty questions, choice options,
 * score levels; boolean questions with instructions or a criterion, criteria only `true`/`false`);
 * question types outside `supportedQuestionTypes` fail with
 * `DecisionUnsupportedQuestionTypeError`; a string state is one text part, an object one JSON
 * part; a file part at a URL fails with upstream's `DownloadError` (no download function by
 * default); retries as upstream (default 2); answers validated against the questions and the
 * declared rounding (distributions sum to 1, the choice is a most likely option, the score is the
 * probability-weighted mean, box edges ordered in [0, 1]); any refusal fails with
 * `DecisionRefusalError` listing the refused ids; usage gets `totalTokens`; the response's
 * timestamp and model id default to now and the model's id.
 *
 * @since 0.1.0
 */
import { Clock, Effect } from "effect"
import { DecisionModel } from "../DecisionModel.ts"
import type { DecisionError } from "../DecisionModel.ts"
import type { DecisionResult as ModelDecisionResult, Question, State, StatePart } from "../contract/Decision.ts"
import { CoreInvalidArgumentError } from "../contract/errors/CoreInvalidArgumentError.ts"
import { DecisionRefusalError } from "../contract/errors/DecisionRefusalError.ts"
import { DecisionUnsupportedQuestionTypeError } from "../contract/errors/DecisionUnsupportedQuestionTypeError.ts"
import { DownloadError } from "../contract/errors/DownloadError.ts"
import type { InvalidResponseDataError } from "../contract/errors/InvalidResponseDataError.ts"
import type { RetryError } from "../contract/errors/RetryError.ts"
import type { JsonObject } from "../contract/Json.ts"
import type { ProviderOptions } from "../contract/ProviderMetadata.ts"
import { validateDecisionAnswers, validateDecisionInput } from "./internal/DecisionValidation.ts"
import { withAiUserAgent } from "./internal/EmbedChunks.ts"
import { callIds } from "./generation/Ids.ts"
import { type Callback, notify } from "./generation/Callbacks.ts"
import { prepareRetries, withRetries } from "./generation/CallRetry.ts"

/**
 * The state the questions are judged against: a text, a JSON object, or state parts.
 *
 * @since 0.1.0
 * @category models
 */
export type DecisionState = string | JsonObject | ReadonlyArray<StatePart>

/**
 * Options of {@link decide}.
 *
 * @since 0.1.0
 * @category models
 */
export interface DecideOptions<Q extends Readonly<Record<string, Question>>> {
  readonly state: DecisionState
  readonly questions: Q
  readonly maxOutputTokens?: number | undefined
  readonly reasoning?: ModelDecisionCallOptionsReasoning | undefined
  readonly maxRetries?: number | undefined
  readonly headers?: Readonly<Record<string, string | undefined>> | undefined
  readonly providerOptions?: ProviderOptions | undefined
  readonly runtimeContext?: Readonly<Record<string, unknown>> | undefined
  readonly onStart?: Callback<DecideStartEvent>
  readonly onEnd?: Callback<DecideEndEvent>
  /** Before the model call (upstream's telemetry `experimental_onDecisionModelCallStart`). */
  readonly onDecisionModelCallStart?: Callback<DecisionModelCallStartEvent>
  /** After the model call (upstream's telemetry `experimental_onDecisionModelCallEnd`). */
  readonly onDecisionModelCallEnd?: Callback<DecisionModelCallEndEvent>
}

/**
 * @since 0.1.0
 * @category models
 */
export type ModelDecisionCallOptionsReasoning = NonNullable<import("../contract/Decision.ts").DecisionCallOptions["reasoning"]>

/**
 * `onStart` of decide.
 *
 * @since 0.1.0
 * @category models
 */
export interface DecideStartEvent {
  readonly runtimeContext: Readonly<Record<string, unknown>>
  readonly callId: string
  readonly operationId: "ai.decide"
  readonly provider: string
  readonly modelId: string
  readonly state: DecisionState
  readonly questions: Readonly<Record<string, Question>>
  readonly maxOutputTokens: number | undefined
  readonly reasoning: ModelDecisionCallOptionsReasoning | undefined
  readonly maxRetries: number
  readonly headers: Readonly<Record<string, string | undefined>> | undefined
  readonly providerOptions: ProviderOptions
}

/**
 * The result of {@link decide} (upstream `DecisionResult`).
 *
 * @since 0.1.0
 * @category models
 */
export interface DecideResult {
  readonly answers: ModelDecisionResult["answers"]
  readonly usage: {
    readonly inputTokens: number | undefined
    readonly outputTokens: number | undefined
    readonly totalTokens: number | undefined
  }
  readonly warnings: ModelDecisionResult["warnings"]
  readonly rounding: ModelDecisionResult["rounding"]
  readonly providerMetadata: ModelDecisionResult["providerMetadata"]
  readonly response: NonNullable<ModelDecisionResult["response"]> & { readonly timestamp: Date; readonly modelId: string }
}

/**
 * `onEnd` of decide: the start event and the result.
 *
 * @since 0.1.0
 * @category models
 */
export type DecideEndEvent = DecideStartEvent & DecideResult

/**
 * Before the model call.
 *
 * @since 0.1.0
 * @category models
 */
export interface DecisionModelCallStartEvent {
  readonly callId: string
  readonly operationId: "ai.decide.doDecide"
  readonly provider: string
  readonly modelId: string
  readonly state: State
  readonly questions: Readonly<Record<string, Question>>
}

/**
 * After the model call: the start event and the model's result.
 *
 * @since 0.1.0
 * @category models
 */
export type DecisionModelCallEndEvent = DecisionModelCallStartEvent & ModelDecisionResult

/**
 * The failures of `decide`.
 *
 * @since 0.1.0
 * @category errors
 */
export type DecideError =
  | DecisionError
  | CoreInvalidArgumentError
  | InvalidResponseDataError
  | DecisionRefusalError
  | DecisionUnsupportedQuestionTypeError
  | DownloadError
  | RetryError

const validateMaxOutputTokens = (maxOutputTokens: number | undefined): Effect.Effect<void, CoreInvalidArgumentError> => {
  if (maxOutputTokens == null) return Effect.void
  if (!Number.isInteger(maxOutputTokens)) {
    return Effect.fail(new CoreInvalidArgumentError({ parameter: "maxOutputTokens", value: maxOutputTokens, message: "maxOutputTokens must be an integer" }))
  }
  if (maxOutputTokens < 1) {
    return Effect.fail(new CoreInvalidArgumentError({ parameter: "maxOutputTokens", value: maxOutputTokens, message: "maxOutputTokens must be >= 1" }))
  }
  return Effect.void
}

const isParts = (state: DecisionState): state is ReadonlyArray<StatePart> => Array.isArray(state)

const prepareState = (state: DecisionState): Effect.Effect<State, DownloadError> => {
  if (typeof state === "string") return Effect.succeed([{ type: "text", text: state }])
  if (!isParts(state)) return Effect.succeed([{ type: "json", value: state }])
  for (const part of state) {
    if (part.type === "file" && part.data.type === "url") {
      return Effect.fail(
        new DownloadError({
          url: part.data.url.toString(),
          message:
            "URL file state requires experimental_download. For untrusted URLs, use createDownload({ fetch }) with a transport that validates DNS at connection time."
        })
      )
    }
  }
  return Effect.succeed(state)
}

/**
 * Answers questions about a state with the {@link DecisionModel} service (upstream
 * `experimental_decide`).
 *
 * @since 0.1.0
 * @category generation
 */
export const decide = <const Q extends Readonly<Record<string, Question>>>(
  options: DecideOptions<Q>
): Effect.Effect<DecideResult, DecideError, DecisionModel> =>
  Effect.gen(function*() {
    const model = yield* DecisionModel
    yield* validateMaxOutputTokens(options.maxOutputTokens)
    yield* validateDecisionInput(options.state, options.questions)
    for (const [questionId, question] of Object.entries(options.questions)) {
      if (!model.supportedQuestionTypes.includes(question.type)) {
        return yield* new DecisionUnsupportedQuestionTypeError({
          questionId,
          questionType: question.type,
          provider: model.provider,
          modelId: model.modelId
        })
      }
    }
    const callId = (yield* callIds)()
    const maxRetries = yield* prepareRetries(options.maxRetries)
    const providerOptions = options.providerOptions ?? {}
    const start: DecideStartEvent = {
      callId,
      operationId: "ai.decide",
      runtimeContext: options.runtimeContext ?? {},
      provider: model.provider,
      modelId: model.modelId,
      state: options.state,
      questions: options.questions,
      maxOutputTokens: options.maxOutputTokens,
      reasoning: options.reasoning,
      maxRetries,
      headers: options.headers,
      providerOptions
    }
    yield* notify(options.onStart, start)
    const state = yield* prepareState(options.state)
    const callEvent: DecisionModelCallStartEvent = {
      callId,
      operationId: "ai.decide.doDecide",
      provider: model.provider,
      modelId: model.modelId,
      state,
      questions: options.questions
    }
    yield* notify(options.onDecisionModelCallStart, callEvent)
    const result = yield* withRetries(
      model.decide({
        state,
        questions: options.questions,
        maxOutputTokens: options.maxOutputTokens,
        reasoning: options.reasoning,
        headers: withAiUserAgent(options.headers),
        providerOptions
      }),
      maxRetries
    )
    yield* validateDecisionAnswers(options.questions, result.answers, result.rounding)
    const refused = Object.keys(options.questions).filter((id) => Object.hasOwn(result.answers, id) && result.answers[id].type === "refusal")
    if (refused.length > 0) {
      return yield* new DecisionRefusalError({ questionIds: refused, provider: model.provider, modelId: model.modelId })
    }
    yield* notify(options.onDecisionModelCallEnd, { ...callEvent, ...result })
    if (result.warnings.length > 0) yield* Effect.logWarning(`AI SDK Warning (${model.provider} / ${model.modelId}):`, ...result.warnings)
    const inputTokens = result.usage?.inputTokens
    const outputTokens = result.usage?.outputTokens
    const now = new Date(yield* Clock.currentTimeMillis)
    const decided: DecideResult = {
      answers: result.answers,
      usage: {
        inputTokens,
        outputTokens,
        totalTokens: inputTokens != null && outputTokens != null ? inputTokens + outputTokens : undefined
      },
      warnings: result.warnings,
      rounding: result.rounding,
      providerMetadata: result.providerMetadata,
      response: {
        ...result.response,
        timestamp: result.response?.timestamp ?? now,
        modelId: result.response?.modelId ?? model.modelId
      }
    }
    yield* notify(options.onEnd, { ...start, ...decided })
    return decided
  }).pipe(Effect.withSpan("ai.decide"))
