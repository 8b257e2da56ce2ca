/**
 * `IsUrlSupported`: whether a model takes a file URL as it is (upstream
 * provider-utils `isUrlSupported`): a pattern under the media type (full,
 * `type/*` or top-level only) or `*` matches the URL from its start.
 *
 * @since 0.1.0
 */

// Global and sticky patterns keep match state in `lastIndex`: test from the start without changing it.
const testFromStart = (pattern: RegExp, value: string): boolean => {
  if (!pattern.global && !pattern.sticky) return pattern.test(value)
  const lastIndex = pattern.lastIndex
  pattern.lastIndex = 0
  try {
    return pattern.test(value)
  } finally {
    pattern.lastIndex = lastIndex
  }
}

/**
 * Upstream `isUrlSupported`; media types and keys compare case-insensitively.
 *
 * @since 0.1.0
 * @category guards
 */
export const isUrlSupported = (options: {
  readonly mediaType: string
  readonly url: string
  readonly supportedUrls: Readonly<Record<string, ReadonlyArray<RegExp>>>
}): boolean => {
  const mediaType = options.mediaType.toLowerCase()
  const isTopLevelOnly = !mediaType.includes("/")
  return Object.entries(options.supportedUrls).some(([key, regexes]) => {
    const lower = key.toLowerCase()
    const prefix = lower === "*" || lower === "*/*" ? "" : lower.replace(/\*/, "")
    const matches = prefix === ""
      ? true
      : isTopLevelOnly
      ? `${mediaType}/` === prefix
      : prefix.endsWith("/")
      ? mediaType.startsWith(prefix)
      : mediaType === prefix
    return matches && regexes.some((pattern) => testFromStart(pattern, options.url))
  })
}
