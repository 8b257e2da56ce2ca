/**
 * Upstream's `getPotentialStartIndex` (`ai/src/util/get-potential-start-index.ts`): where
 * `searched` starts in `text`, or where a suffix of `text` that is a prefix of `searched` starts
 * (the tag may continue in the next delta); `undefined` when neither.
 *
 * @since 0.1.0
 */
export const getPotentialStartIndex = (text: string, searched: string): number | undefined => {
  if (searched.length === 0) return undefined
  const direct = text.indexOf(searched)
  if (direct !== -1) return direct
  for (let i = text.length - 1; i >= 0; i--) {
    if (searched.startsWith(text.substring(i))) return i
  }
  return undefined
}
