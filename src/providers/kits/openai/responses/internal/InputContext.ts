/**
 * What the Responses prompt conversion reads besides the prompt (upstream
 * `convertToOpenAIResponsesInput`'s options), the input item type, and the
 * validation helpers the conversion shares.
 *
 * @internal
 */
import { Effect, Result, Schema } from "effect"
import { secureJsonParse } from "../../../../../runtime/ParseJson.ts"
import { InvalidArgumentError } from "../../../../../contract/errors/InvalidArgumentError.ts"
import { JSONParseError } from "../../../../../contract/errors/JSONParseError.ts"
import type { NoSuchProviderReferenceError } from "../../../../../contract/errors/NoSuchProviderReferenceError.ts"
import { TypeValidationError } from "../../../../../contract/errors/TypeValidationError.ts"
import type { UnsupportedFunctionalityError } from "../../../../../contract/errors/UnsupportedFunctionalityError.ts"
import type { ProviderOptions } from "../../../../../contract/ProviderMetadata.ts"
import type { ParallelState } from "./ParallelGroups.ts"
import type { ToolNameMapping } from "./ToolNameMapping.ts"

/**
 * One Responses input item (the body's `input` entries), as plain JSON.
 *
 * @internal
 */
export type InputItem = { type?: string; [key: string]: unknown }

/** @internal */
export interface ConvertContext {
  readonly toolNameMapping: ToolNameMapping
  readonly systemMessageMode: "system" | "developer" | "remove"
  readonly providerOptionsName: string
  readonly explicitMessageItemType: boolean
  readonly fileIdPrefixes: ReadonlyArray<string> | undefined
  readonly passThroughUnsupportedFiles: boolean
  readonly store: boolean
  readonly isReasoningModel: boolean
  readonly hasConversation: boolean
  readonly hasPreviousResponseId: boolean
  readonly hasLocalShellTool: boolean
  readonly hasShellTool: boolean
  readonly hasApplyPatchTool: boolean
  readonly hasComputerTool: boolean
  readonly toolSearchToolName: string | undefined
  readonly customProviderToolNames: ReadonlySet<string> | undefined
  readonly outputSchemaToolNames: ReadonlySet<string> | undefined
  readonly configurationUpdateUnsupportedReason: string | undefined
  /** Wrapper groups, collected only with server-side state (`conversation`, `previousResponseId`). */
  readonly parallel?: ParallelState | undefined
}

/**
 * The failures of the conversion.
 *
 * @internal
 */
export type ConvertError =
  | UnsupportedFunctionalityError
  | InvalidArgumentError
  | TypeValidationError
  | JSONParseError
  | NoSuchProviderReferenceError

/**
 * Upstream `parseProviderOptions`: `undefined` when the namespace is absent,
 * an `InvalidArgumentError` when it does not decode.
 *
 * @internal
 */
export const parseOptions = <A>(
  decode: (u: unknown) => Result.Result<A, Schema.SchemaError>,
  provider: string,
  providerOptions: ProviderOptions | undefined
): Effect.Effect<A | undefined, InvalidArgumentError> => {
  const value = providerOptions?.[provider]
  if (value == null) return Effect.succeed(undefined)
  const decoded = decode(value)
  return Result.isSuccess(decoded)
    ? Effect.succeed(decoded.success)
    : Effect.fail(
      new InvalidArgumentError({
        argument: "providerOptions",
        message: `invalid ${provider} provider options`,
        cause: new TypeValidationError({ value, cause: decoded.failure })
      })
    )
}

/**
 * Upstream `validateTypes`: the decoded value or a `TypeValidationError`.
 *
 * @internal
 */
export const validate = <S extends Schema.Decoder<unknown>>(schema: S) => {
  const decode = Schema.decodeUnknownResult(schema)
  return (value: unknown): Effect.Effect<S["Type"], TypeValidationError> => {
    const decoded = decode(value)
    return Result.isSuccess(decoded)
      ? Effect.succeed(decoded.success)
      : Effect.fail(new TypeValidationError({ value, cause: decoded.failure }))
  }
}

/**
 * Upstream `parseJSON({ text, schema })`.
 *
 * @internal
 */
export const parseJsonWith = <S extends Schema.Decoder<unknown>>(schema: S) => {
  const check = validate(schema)
  return (text: string): Effect.Effect<S["Type"], TypeValidationError | JSONParseError> => {
    const parsed = secureJsonParse(text)
    return Result.isSuccess(parsed)
      ? check(parsed.success)
      : Effect.fail(new JSONParseError({ text, cause: parsed.failure }))
  }
}

/** A string-valued provider option, else `undefined`. @internal */
export const stringOption = (value: unknown): string | undefined => typeof value === "string" ? value : undefined
