/**
 * Upstream `validate-decision.ts` (ai 7.0.173): the checks of decide's input before any I/O and of
 * the model's answers after the call, with upstream's messages. The answers are read as `unknown`
 * (a provider may return anything), never trusted.
 *
 * @internal
 */
import { Effect, Predicate } from "effect"
import type { Question } from "../../contract/Decision.ts"
import { CoreInvalidArgumentError } from "../../contract/errors/CoreInvalidArgumentError.ts"
import { InvalidResponseDataError } from "../../contract/errors/InvalidResponseDataError.ts"

// Absolute tolerance for sums and means. Never renormalize provider output.
const tolerance = 1e-6

const isRecord = (value: unknown): value is Record<string, unknown> => {
  if (value == null || typeof value !== "object" || Array.isArray(value)) return false
  const prototype: unknown = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}

const isSerializableJSON = (value: unknown, ancestors = new Set<object>()): boolean => {
  if (typeof value === "number") return Number.isFinite(value)
  if (value == null || typeof value !== "object") return true
  if (ancestors.has(value)) return false
  ancestors.add(value)
  const valid = Array.isArray(value)
    ? Array.from(value.keys()).every((index) => index in value && isSerializableJSON(value[index], ancestors))
    : Object.values(value).every((item) => isSerializableJSON(item, ancestors))
  ancestors.delete(value)
  return valid
}

class Invalid {
  readonly error: CoreInvalidArgumentError | InvalidResponseDataError
  constructor(error: CoreInvalidArgumentError | InvalidResponseDataError) {
    this.error = error
  }
}

const invalidInput = (parameter: string, value: unknown, message: string): Invalid =>
  new Invalid(new CoreInvalidArgumentError({ parameter, value, message }))

const inputProblem = (state: unknown, questions: Readonly<Record<string, Question>>): Invalid | undefined => {
  if (Array.isArray(state) && Array.from(state.keys()).some((index) => !(index in state))) {
    return invalidInput("state", state, "state parts must not contain array holes")
  }
  const stateJSON: unknown = Array.isArray(state)
    ? state.flatMap((part: unknown) => isRecord(part) && part.type === "json" ? [part.value] : [])
    : state
  if (!isSerializableJSON(stateJSON)) {
    return invalidInput("state", state, "JSON content must not contain non-finite numbers, cycles, or array holes")
  }
  if (Object.keys(questions).length === 0) return invalidInput("questions", questions, "must be a nonempty question map")
  for (const [id, question] of Object.entries(questions)) {
    const parameter = `questions.${id}`
    if (!isSerializableJSON(question.instructions) || ("criteria" in question && !isSerializableJSON(question.criteria))) {
      return invalidInput(parameter, question, "instructions and criteria must not contain non-finite numbers, cycles, or array holes")
    }
    switch (question.type) {
      case "choice":
        if (Object.keys(question.criteria).length === 0) return invalidInput(parameter, question, "choice criteria must be a nonempty option map")
        break
      case "score":
        if (question.criteria.length === 0) return invalidInput(parameter, question, "score criteria must contain at least one ordered level")
        break
      case "boolean": {
        const criteria = question.criteria
        if (question.instructions == null && (criteria == null || !Object.values(criteria).some((value) => value != null))) {
          return invalidInput(parameter, question, "boolean questions require instructions or at least one non-null criterion")
        }
        if (criteria != null && Object.keys(criteria).some((key) => key !== "true" && key !== "false")) {
          return invalidInput(parameter, question, "boolean criteria may only describe true and false")
        }
        break
      }
    }
  }
  return undefined
}

/**
 * Upstream `validateDecisionInput`.
 *
 * @internal
 */
export const validateDecisionInput = (
  state: unknown,
  questions: Readonly<Record<string, Question>>
): Effect.Effect<void, CoreInvalidArgumentError | InvalidResponseDataError> => {
  const problem = inputProblem(state, questions)
  return problem === undefined ? Effect.void : Effect.fail(problem.error)
}

const isProbability = (value: unknown): value is number =>
  typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= 1

const hasExactKeys = (value: Record<string, unknown>, keys: ReadonlyArray<string>): boolean =>
  Object.keys(value).length === keys.length && keys.every((key) => Object.hasOwn(value, key))

const invalidAnswer = (answers: unknown, message: string): Invalid =>
  new Invalid(new InvalidResponseDataError({ data: answers, message }))

const distributionProblem = (
  value: unknown,
  keys: ReadonlyArray<string>,
  answers: unknown,
  id: string,
  roundingError: number
): Invalid | Record<string, number> => {
  if (!isRecord(value) || !hasExactKeys(value, keys) || !Object.values(value).every(isProbability)) {
    return invalidAnswer(answers, `Question "${id}" must have a complete distribution of finite probabilities in [0, 1].`)
  }
  const distribution: Record<string, number> = {}
  let sum = 0
  for (const [key, probability] of Object.entries(value)) {
    if (!Predicate.isNumber(probability)) continue
    distribution[key] = probability
    sum += probability
  }
  if (Math.abs(sum - 1) > tolerance + keys.length * roundingError) {
    return invalidAnswer(answers, `Question "${id}" probabilities must sum to 1 within the declared rounding precision.`)
  }
  return distribution
}

const answerProblem = (id: string, question: Question, answer: Record<string, unknown>, answers: unknown, probabilityError: number, scoreError: number): Invalid | undefined => {
  switch (question.type) {
    case "choice": {
      if (typeof answer.choice !== "string" || !Object.hasOwn(question.criteria, answer.choice)) {
        return invalidAnswer(answers, `Question "${id}" selected an unknown option.`)
      }
      if (answer.probabilities !== undefined) {
        const distribution = distributionProblem(answer.probabilities, Object.keys(question.criteria), answers, id, probabilityError)
        if (distribution instanceof Invalid) return distribution
        const selected = distribution[answer.choice]
        if (Object.values(distribution).some((probability) => probability > selected + tolerance + 2 * probabilityError)) {
          return invalidAnswer(answers, `Question "${id}" did not select a highest-probability option.`)
        }
      }
      return undefined
    }
    case "score": {
      const levels = question.criteria.length
      if (typeof answer.score !== "number" || !Number.isFinite(answer.score) || answer.score < 0 || answer.score > levels - 1) {
        return invalidAnswer(answers, `Question "${id}" score must be in [0, ${levels - 1}].`)
      }
      if (answer.probabilities !== undefined) {
        const keys = question.criteria.map((_, index) => String(index))
        const distribution = distributionProblem(answer.probabilities, keys, answers, id, probabilityError)
        if (distribution instanceof Invalid) return distribution
        const mean = Object.entries(distribution).reduce((total, [index, probability]) => total + Number(index) * probability, 0)
        const meanRoundingError = keys.reduce((total, index) => total + Number(index) * probabilityError, 0)
        if (Math.abs(mean - answer.score) > tolerance + meanRoundingError + scoreError) {
          return invalidAnswer(answers, `Question "${id}" score must equal the probability-weighted mean within the declared rounding precision.`)
        }
      }
      return undefined
    }
    case "box": {
      const box = answer.box
      if (
        !isRecord(box) || !hasExactKeys(box, ["top", "bottom", "left", "right"]) ||
        !isProbability(box.left) || !isProbability(box.right) || !isProbability(box.top) || !isProbability(box.bottom) ||
        !(box.left < box.right) || !(box.top < box.bottom)
      ) {
        return invalidAnswer(answers, `Question "${id}" must return box edges in [0, 1] with left < right and top < bottom.`)
      }
      return undefined
    }
    case "boolean":
      return isProbability(answer.probability)
        ? undefined
        : invalidAnswer(answers, `Question "${id}" must return P(true) as a finite probability in [0, 1].`)
  }
}

/**
 * Upstream `validateDecisionAnswers`: exactly one answer per question, of the question's type
 * (or a refusal), consistent with the declared rounding.
 *
 * @internal
 */
export const validateDecisionAnswers = (
  questions: Readonly<Record<string, Question>>,
  answers: unknown,
  rounding: { readonly probabilityDecimals?: number | undefined; readonly scoreDecimals?: number | undefined } | undefined
): Effect.Effect<void, InvalidResponseDataError> => {
  const roundingError = (decimals: number | undefined): number | Invalid => {
    if (decimals === undefined) return 0
    if (!Number.isInteger(decimals) || decimals < 0 || decimals > 15) {
      return invalidAnswer(answers, "Decision rounding decimals must be integers between 0 and 15.")
    }
    return 0.5 * 10 ** -decimals
  }
  const check = (): Invalid | undefined => {
    const probabilityError = roundingError(rounding?.probabilityDecimals)
    if (probabilityError instanceof Invalid) return probabilityError
    const scoreError = roundingError(rounding?.scoreDecimals)
    if (scoreError instanceof Invalid) return scoreError
    if (!isRecord(answers) || !hasExactKeys(answers, Object.keys(questions))) {
      return invalidAnswer(answers, "Decision must return exactly one answer for every question.")
    }
    for (const [id, question] of Object.entries(questions)) {
      const answer = answers[id]
      if (isRecord(answer) && answer.type === "refusal") continue
      if (!isRecord(answer) || answer.type !== question.type) {
        return invalidAnswer(answers, `Question "${id}" returned an answer with the wrong type.`)
      }
      const problem = answerProblem(id, question, answer, answers, probabilityError, scoreError)
      if (problem !== undefined) return problem
    }
    return undefined
  }
  const problem = check()
  if (problem === undefined) return Effect.void
  return problem.error instanceof InvalidResponseDataError ? Effect.fail(problem.error) : Effect.void
}
