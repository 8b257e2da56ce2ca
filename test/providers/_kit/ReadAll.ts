/**
 * Reads an upstream stream to its end: the parts, and the error the read
 * rejected with (if any). Generic in the part type, so each pinned package's
 * own `LanguageModelV4StreamPart` is kept.
 */
export const readAll = async <T>(stream: ReadableStream<T>): Promise<{ parts: Array<T>; error?: unknown }> => {
  const parts: Array<T> = []
  const reader = stream.getReader()
  try {
    while (true) {
      const { done, value } = await reader.read()
      if (done) return { parts }
      parts.push(value)
    }
  } catch (error) {
    return { parts, error }
  }
}
