/**
 * An aimux error as an instance of its `@ai-sdk/provider` class, so upstream code that checks
 * `error instanceof APICallError` (not only `APICallError.isInstance`) cannot tell a bridged aimux
 * model from an upstream one. The instance is made on the class's prototype and takes the aimux
 * error's own properties (its fields, `cause` and the `Symbol.for("vercel.ai.error...")` markers),
 * so no upstream constructor runs: the message stays aimux's (equal to upstream's), and a value no
 * constructor could render (a deep one) is carried as it is.
 *
 * @internal
 */
import {
  AISDKError,
  APICallError,
  EmptyResponseBodyError,
  Experimental_DecisionRefusalError,
  Experimental_DecisionUnsupportedQuestionTypeError,
  InvalidArgumentError,
  InvalidPromptError,
  InvalidResponseDataError,
  JSONParseError,
  LoadAPIKeyError,
  LoadSettingError,
  NoContentGeneratedError,
  NoSuchModelError,
  NoSuchProviderReferenceError,
  TooManyEmbeddingValuesForCallError,
  TypeValidationError,
  UnsupportedFunctionalityError
} from "@ai-sdk/provider"
import { Predicate } from "effect"

const classes: ReadonlyMap<string, { readonly prototype: object }> = new Map<string, { readonly prototype: object }>([
  ["AI_APICallError", APICallError],
  ["AI_EmptyResponseBodyError", EmptyResponseBodyError],
  ["AI_DecisionRefusalError", Experimental_DecisionRefusalError],
  ["AI_DecisionUnsupportedQuestionTypeError", Experimental_DecisionUnsupportedQuestionTypeError],
  ["AI_InvalidArgumentError", InvalidArgumentError],
  ["AI_InvalidPromptError", InvalidPromptError],
  ["AI_InvalidResponseDataError", InvalidResponseDataError],
  ["AI_JSONParseError", JSONParseError],
  ["AI_LoadAPIKeyError", LoadAPIKeyError],
  ["AI_LoadSettingError", LoadSettingError],
  ["AI_NoContentGeneratedError", NoContentGeneratedError],
  ["AI_NoSuchModelError", NoSuchModelError],
  ["AI_NoSuchProviderReferenceError", NoSuchProviderReferenceError],
  ["AI_TooManyEmbeddingValuesForCallError", TooManyEmbeddingValuesForCallError],
  ["AI_TypeValidationError", TypeValidationError],
  ["AI_UnsupportedFunctionalityError", UnsupportedFunctionalityError]
])

const markerOf = Symbol.for("vercel.ai.error")

/** The upstream instance for an aimux error with an upstream class; anything else as given. */
export const toUpstreamError = (error: unknown): unknown => {
  if (!Predicate.hasProperty(error, "name") || !Predicate.isString(error.name)) return error
  if (!Predicate.hasProperty(error, markerOf)) return error
  if (error instanceof AISDKError) return error
  const upstream = classes.get(error.name)
  if (upstream === undefined) return error
  const out: object = Object.create(upstream.prototype)
  for (const key of Reflect.ownKeys(error)) {
    // the Effect tag is aimux's discriminant, not a field of the upstream class
    if (key === "_tag") continue
    const descriptor = Reflect.getOwnPropertyDescriptor(error, key)
    if (descriptor !== undefined) Reflect.defineProperty(out, key, descriptor)
  }
  // upstream's markers are instance fields its constructors set: set them as they would
  for (const marker of [markerOf, Symbol.for(`vercel.ai.error.${error.name}`)]) {
    Reflect.defineProperty(out, marker, { value: true, writable: true, enumerable: true, configurable: true })
  }
  const message = Predicate.hasProperty(error, "message") ? String(error.message) : ""
  Reflect.defineProperty(out, "name", { value: error.name, writable: true, configurable: true })
  Reflect.defineProperty(out, "message", { value: message, writable: true, configurable: true })
  if (Predicate.hasProperty(error, "stack")) Reflect.defineProperty(out, "stack", { value: error.stack, writable: true, configurable: true })
  return out
}
