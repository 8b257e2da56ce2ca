/**
 * `getErrorMessage`, byte-for-byte the upstream `@ai-sdk/provider` helper.
 *
 * @since 0.1.0
 */

/**
 * Renders any thrown value as a string: `'unknown error'` for null/undefined,
 * a string as itself, an `Error` via `toString()` (`"AI_X: message"`), anything
 * else via `JSON.stringify`.
 *
 * @since 0.1.0
 * @category getters
 */
export const getErrorMessage = (error: unknown): string => {
  if (error == null) return "unknown error"
  if (typeof error === "string") return error
  if (error instanceof Error) return error.toString()
  return JSON.stringify(error)
}
