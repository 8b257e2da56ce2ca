/**
 * Upstream thrown values → aimux `ModelError`s.
 *
 * Recognition goes through the `Symbol.for("vercel.ai.error.AI_<Name>")` markers (the aimux
 * classes' static `isInstance`), never `instanceof`, so errors from any copy of
 * `@ai-sdk/provider` are recognised. A recognised upstream error becomes an aimux instance of the
 * same class, field by field (its `cause` kept as is); an aimux instance is kept as it is.
 *
 * @internal
 */
import { Effect } from "effect"
import {
  APICallError,
  EmptyResponseBodyError,
  InvalidArgumentError,
  InvalidPromptError,
  InvalidResponseDataError,
  JSONParseError,
  LoadAPIKeyError,
  LoadSettingError,
  type ModelError,
  NoContentGeneratedError,
  NoSuchModelError,
  NoSuchProviderReferenceError,
  TypeValidationError,
  UnsupportedFunctionalityError
} from "../../contract/errors/index.ts"
import { type Operation, UpstreamModelError } from "../UpstreamModelError.ts"

const modelErrorClasses = [
  APICallError,
  EmptyResponseBodyError,
  InvalidArgumentError,
  InvalidPromptError,
  InvalidResponseDataError,
  JSONParseError,
  LoadAPIKeyError,
  LoadSettingError,
  NoContentGeneratedError,
  NoSuchModelError,
  NoSuchProviderReferenceError,
  TypeValidationError,
  UnsupportedFunctionalityError
] as const

const isAimuxModelError = (u: unknown): u is ModelError => modelErrorClasses.some((c) => u instanceof c)

const invalidPromptPrefix = "Invalid prompt: "

// The aimux constructors re-add what upstream's constructors add (the InvalidPrompt prefix) and
// recompute derived messages (JSONParse, TypeValidation) exactly as upstream does.
const convert = (u: unknown): ModelError | undefined => {
  if (APICallError.isInstance(u)) {
    return new APICallError({
      message: u.message,
      url: u.url,
      requestBodyValues: u.requestBodyValues,
      statusCode: u.statusCode,
      responseHeaders: u.responseHeaders,
      responseBody: u.responseBody,
      cause: u.cause,
      isRetryable: u.isRetryable,
      data: u.data
    })
  }
  if (EmptyResponseBodyError.isInstance(u)) return new EmptyResponseBodyError({ message: u.message })
  if (InvalidArgumentError.isInstance(u)) {
    // `ai`'s InvalidArgumentError shares the marker but has `parameter`/`value`, not `argument`;
    // it is not a model error.
    return "argument" in u && typeof u.argument === "string"
      ? new InvalidArgumentError({ argument: u.argument, message: u.message, cause: u.cause })
      : undefined
  }
  if (InvalidPromptError.isInstance(u)) {
    return new InvalidPromptError({
      prompt: u.prompt,
      message: u.message.startsWith(invalidPromptPrefix) ? u.message.slice(invalidPromptPrefix.length) : u.message,
      cause: u.cause
    })
  }
  if (InvalidResponseDataError.isInstance(u)) {
    return new InvalidResponseDataError({ data: u.data, message: u.message })
  }
  if (JSONParseError.isInstance(u)) return new JSONParseError({ text: u.text, cause: u.cause })
  if (TypeValidationError.isInstance(u)) {
    return new TypeValidationError({ value: u.value, cause: u.cause, context: u.context })
  }
  if (LoadAPIKeyError.isInstance(u)) return new LoadAPIKeyError({ message: u.message })
  if (LoadSettingError.isInstance(u)) return new LoadSettingError({ message: u.message })
  if (UnsupportedFunctionalityError.isInstance(u)) {
    return new UnsupportedFunctionalityError({ functionality: u.functionality, message: u.message })
  }
  if (NoContentGeneratedError.isInstance(u)) return new NoContentGeneratedError({ message: u.message })
  if (NoSuchModelError.isInstance(u)) {
    return new NoSuchModelError({
      errorName: u.name,
      modelId: u.modelId,
      modelType: u.modelType,
      message: u.message
    })
  }
  if (NoSuchProviderReferenceError.isInstance(u)) {
    return new NoSuchProviderReferenceError({ provider: u.provider, reference: u.reference, message: u.message })
  }
  return undefined
}

/**
 * The aimux `ModelError` for an upstream thrown value, or `undefined` when it is not one (not
 * an AI SDK model error, or fields the aimux class rejects).
 *
 * @internal
 */
export const toModelError = (u: unknown): ModelError | undefined => {
  if (isAimuxModelError(u)) return u
  try {
    return convert(u)
  } catch {
    // A marked error whose fields do not fit the aimux class (e.g. a model type newer than
    // ours) is not a recognised model error; the caller wraps it with the value intact.
    return undefined
  }
}

/**
 * Fails with the aimux `ModelError` for `u`, or dies with an {@link UpstreamModelError} wrapping
 * `u` when it is not one.
 *
 * @internal
 */
export const failWith = (
  u: unknown,
  model: { readonly provider: string; readonly modelId: string },
  operation: Operation
): Effect.Effect<never, ModelError> => {
  const error = toModelError(u)
  return error !== undefined
    ? Effect.fail(error)
    : Effect.die(UpstreamModelError.wrap({ provider: model.provider, modelId: model.modelId, operation, cause: u }))
}
