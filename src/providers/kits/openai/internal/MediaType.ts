/**
 * `resolveFullMediaType` for the prompt conversion, without upstream's byte
 * sniffing (the shared `src/provider-utils/ResolveFullMediaType.ts` sniffs).
 *
 * @internal
 */
import { Result } from "effect"
import { isFullMediaType } from "../../../../provider-utils/DetectMediaType.ts"
import { UnsupportedFunctionalityError } from "../../../../contract/errors/UnsupportedFunctionalityError.ts"
import type { FilePart } from "../../../../contract/Prompt.ts"

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
