/**
 * Media-type helpers used by the prompt conversion (upstream provider-utils
 * `getTopLevelMediaType`, `isFullMediaType`, `resolveFullMediaType`,
 * `convertToBase64`).
 *
 * @internal
 */
import { Result } from "effect"
import { Base64 } from "effect/encoding"
import { UnsupportedFunctionalityError } from "../../../spec/errors/UnsupportedFunctionalityError.ts"
import type { FilePart } from "../../../spec/Prompt.ts"

/** @internal */
export const getTopLevelMediaType = (mediaType: string): string => {
  const slash = mediaType.indexOf("/")
  return slash === -1 ? mediaType : mediaType.substring(0, slash)
}

/** @internal */
export const isFullMediaType = (mediaType: string): boolean => {
  const slash = mediaType.indexOf("/")
  if (slash === -1) return false
  const subtype = mediaType.substring(slash + 1)
  return subtype.length > 0 && subtype !== "*"
}

/**
 * A full `type/subtype` media type. Upstream sniffs the bytes of inline data
 * with a top-level-only media type; aimux does not (see docs/divergences.md)
 * and reports that case with upstream's "could not be auto-detected" error.
 *
 * @internal
 */
export const resolveFullMediaType = (part: FilePart): Result.Result<string, UnsupportedFunctionalityError> => {
  if (isFullMediaType(part.mediaType)) return Result.succeed(part.mediaType)
  return Result.fail(
    new UnsupportedFunctionalityError({
      functionality: part.data.type === "data"
        ? `file of media type "${part.mediaType}" must specify subtype since it could not be auto-detected`
        : `file of media type "${part.mediaType}" must specify subtype since it is not passed as inline bytes`
    })
  )
}

/** @internal */
export const convertToBase64 = (value: string | Uint8Array): string =>
  typeof value === "string" ? value : Base64.encode(value)
