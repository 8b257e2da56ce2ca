/**
 * A file part's full `type/subtype` media type (upstream provider-utils
 * `resolve-full-media-type.ts`), for APIs that demand one.
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import { UnsupportedFunctionalityError } from "../contract/errors/UnsupportedFunctionalityError.ts"
import type { FilePart } from "../contract/Prompt.ts"
import { detectMediaType, getTopLevelMediaType, isFullMediaType } from "./DetectMediaType.ts"

/**
 * The part's media type when it is already full; else the type sniffed from
 * inline bytes with the table of its top-level segment. Fails with upstream's
 * `UnsupportedFunctionalityError` when the bytes match nothing or the data is
 * not inline (a URL, a reference, text).
 *
 * @since 0.1.0
 * @category getters
 */
export const resolveFullMediaType = (part: FilePart): Effect.Effect<string, UnsupportedFunctionalityError> => {
  if (isFullMediaType(part.mediaType)) {
    return Effect.succeed(part.mediaType)
  }
  if (part.data.type === "data") {
    const detected = detectMediaType({ data: part.data.data, topLevelType: getTopLevelMediaType(part.mediaType) })
    if (detected) {
      return Effect.succeed(detected)
    }
    return Effect.fail(
      new UnsupportedFunctionalityError({
        functionality:
          `file of media type "${part.mediaType}" must specify subtype since it could not be auto-detected`
      })
    )
  }
  return Effect.fail(
    new UnsupportedFunctionalityError({
      functionality: `file of media type "${part.mediaType}" must specify subtype since it is not passed as inline bytes`
    })
  )
}
