/**
 * The Decision model contract (`Experimental_DecisionModelV4`, `@ai-sdk/provider`
 * `src/decision-model/v4/*`): questions about a shared state, answered by a model in one call.
 * The deprecated `Experimental_EvaluationModelV4` names are the same shapes.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { optional } from "./Fields.ts"
import { JsonObject, JsonValue, UnknownValue } from "./Json.ts"
import { ReasoningLevel } from "./CallOptions.ts"
import { FilePart, TextPart } from "./Prompt.ts"
import { Headers, ProviderMetadata, ProviderOptions } from "./ProviderMetadata.ts"
import { Warning } from "./Warning.ts"

/**
 * Content of instructions and criteria descriptions: a string, a JSON object or a JSON array.
 *
 * @since 0.1.0
 * @category schemas
 */
export const DecisionInput = Schema.Union([Schema.String, JsonObject, Schema.Array(JsonValue)])

/**
 * Content of instructions and criteria descriptions.
 *
 * @since 0.1.0
 * @category models
 */
export type DecisionInput = typeof DecisionInput.Type

const NullableInput = Schema.NullOr(DecisionInput)
const instructions = optional(NullableInput)

/**
 * Pick one of named options (`criteria`: option name → description, `null` for none).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ChoiceQuestion = Schema.Struct({
  type: Schema.Literal("choice"),
  instructions,
  criteria: Schema.Record(Schema.String, NullableInput)
})

/**
 * Place the state on ordered levels (`criteria` indexed from zero).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ScoreQuestion = Schema.Struct({
  type: Schema.Literal("score"),
  instructions,
  criteria: Schema.Array(NullableInput)
})

/**
 * Locate a bounding box in an image of the state.
 *
 * @since 0.1.0
 * @category schemas
 */
export const BoxQuestion = Schema.Struct({
  type: Schema.Literal("box"),
  instructions
})

/**
 * Estimate the probability that a statement is true.
 *
 * @since 0.1.0
 * @category schemas
 */
export const BooleanQuestion = Schema.Struct({
  type: Schema.Literal("boolean"),
  instructions,
  criteria: optional(Schema.NullOr(Schema.Struct({
    true: optional(NullableInput),
    false: optional(NullableInput)
  })))
})

/**
 * A judgment to make about the shared state (`DecisionModelV4Question`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const Question = Schema.Union([ChoiceQuestion, ScoreQuestion, BoxQuestion, BooleanQuestion])

/**
 * A judgment to make about the shared state.
 *
 * @since 0.1.0
 * @category models
 */
export type Question = typeof Question.Type

/**
 * The question types (`DecisionModelV4Question['type']`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const QuestionType = Schema.Literals(["choice", "score", "box", "boolean"])

/**
 * The question types.
 *
 * @since 0.1.0
 * @category models
 */
export type QuestionType = typeof QuestionType.Type

/**
 * A JSON value as part of the state.
 *
 * @since 0.1.0
 * @category schemas
 */
export const JsonStatePart = Schema.Struct({ type: Schema.Literal("json"), value: JsonValue })

/**
 * A part of the shared state: a prompt text part, a prompt file part, or a JSON value.
 *
 * @since 0.1.0
 * @category schemas
 */
export const StatePart = Schema.Union([TextPart, FilePart, JsonStatePart])

/**
 * A part of the shared state.
 *
 * @since 0.1.0
 * @category models
 */
export type StatePart = typeof StatePart.Type

/**
 * The shared state every question is judged against.
 *
 * @since 0.1.0
 * @category schemas
 */
export const State = Schema.Array(StatePart)

/**
 * The shared state every question is judged against.
 *
 * @since 0.1.0
 * @category models
 */
export type State = typeof State.Type

/**
 * Call options of `doDecide` (`DecisionModelV4CallOptions`); as for language models, there is no
 * `abortSignal`: cancelling is interrupting the fiber.
 *
 * @since 0.1.0
 * @category schemas
 */
export const DecisionCallOptions = Schema.Struct({
  state: State,
  questions: Schema.Record(Schema.String, Question),
  maxOutputTokens: optional(Schema.Number),
  reasoning: optional(ReasoningLevel),
  headers: optional(Headers),
  providerOptions: optional(ProviderOptions)
})

/**
 * Call options of `doDecide`.
 *
 * @since 0.1.0
 * @category models
 */
export type DecisionCallOptions = typeof DecisionCallOptions.Type

/**
 * The selected option, with the full distribution when available.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ChoiceAnswer = Schema.Struct({
  type: Schema.Literal("choice"),
  choice: Schema.String,
  probabilities: optional(Schema.Record(Schema.String, Schema.Number))
})

/**
 * A fractional level in `[0, levels - 1]`, with the distribution keyed by level index when available.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ScoreAnswer = Schema.Struct({
  type: Schema.Literal("score"),
  score: Schema.Number,
  probabilities: optional(Schema.Record(Schema.String, Schema.Number))
})

/**
 * A bounding box; edges in `[0, 1]` from the image's top-left corner.
 *
 * @since 0.1.0
 * @category schemas
 */
export const BoxAnswer = Schema.Struct({
  type: Schema.Literal("box"),
  box: Schema.Struct({ top: Schema.Number, bottom: Schema.Number, left: Schema.Number, right: Schema.Number })
})

/**
 * The model-estimated probability that the statement is true.
 *
 * @since 0.1.0
 * @category schemas
 */
export const BooleanAnswer = Schema.Struct({
  type: Schema.Literal("boolean"),
  probability: Schema.Number
})

/**
 * The model declined to answer (valid for any question type).
 *
 * @since 0.1.0
 * @category schemas
 */
export const RefusalAnswer = Schema.Struct({ type: Schema.Literal("refusal") })

/**
 * An answer to one question (`DecisionModelV4Answer`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const Answer = Schema.Union([ChoiceAnswer, ScoreAnswer, BoxAnswer, BooleanAnswer, RefusalAnswer])

/**
 * An answer to one question.
 *
 * @since 0.1.0
 * @category models
 */
export type Answer = typeof Answer.Type

/**
 * The result of `doDecide` (`DecisionModelV4Result`): one answer per question id.
 * `response.timestamp` is a `Date` in memory and an ISO-8601 string in JSON form.
 *
 * @since 0.1.0
 * @category schemas
 */
export const DecisionResult = Schema.Struct({
  answers: Schema.Record(Schema.String, Answer),
  rounding: optional(Schema.Struct({
    probabilityDecimals: optional(Schema.Number),
    scoreDecimals: optional(Schema.Number)
  })),
  usage: optional(Schema.Struct({
    inputTokens: optional(Schema.Number),
    outputTokens: optional(Schema.Number)
  })),
  warnings: Schema.Array(Warning),
  providerMetadata: optional(ProviderMetadata),
  response: optional(Schema.Struct({
    id: optional(Schema.String),
    timestamp: optional(Schema.Date),
    modelId: optional(Schema.String),
    headers: optional(Headers),
    body: optional(UnknownValue)
  }))
})

/**
 * The result of `doDecide`.
 *
 * @since 0.1.0
 * @category models
 */
export type DecisionResult = typeof DecisionResult.Type

/**
 * @since 0.1.0
 * @category models
 */
export type ChoiceQuestion = typeof ChoiceQuestion.Type
/**
 * @since 0.1.0
 * @category models
 */
export type ScoreQuestion = typeof ScoreQuestion.Type
/**
 * @since 0.1.0
 * @category models
 */
export type BoxQuestion = typeof BoxQuestion.Type
/**
 * @since 0.1.0
 * @category models
 */
export type BooleanQuestion = typeof BooleanQuestion.Type
/**
 * @since 0.1.0
 * @category models
 */
export type ChoiceAnswer = typeof ChoiceAnswer.Type
/**
 * @since 0.1.0
 * @category models
 */
export type ScoreAnswer = typeof ScoreAnswer.Type
/**
 * @since 0.1.0
 * @category models
 */
export type BoxAnswer = typeof BoxAnswer.Type
/**
 * @since 0.1.0
 * @category models
 */
export type BooleanAnswer = typeof BooleanAnswer.Type
/**
 * @since 0.1.0
 * @category models
 */
export type RefusalAnswer = typeof RefusalAnswer.Type
