/**
 * Media type detection from a file's leading bytes (upstream provider-utils
 * `detect-media-type.ts`); it lives in `src/runtime/DetectMediaType.ts` so core (media
 * functions) and providers share it.
 *
 * @since 0.1.0
 */

/** @since 0.1.0 */
export { detectMediaType, getTopLevelMediaType, isFullMediaType } from "../runtime/DetectMediaType.ts"
