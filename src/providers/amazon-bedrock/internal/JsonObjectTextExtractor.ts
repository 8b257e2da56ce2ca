/**
 * Upstream `JsonObjectTextExtractor`: with the JSON-instruction fallback of
 * structured output, only the first top-level JSON object of the text is
 * kept (text before it and after it is dropped), across deltas.
 *
 * @internal
 */

/** Stateful extractor; `process` returns the kept part of each text. */
export class JsonObjectTextExtractor {
  private started = false
  private completed = false
  private depth = 0
  private inString = false
  private escaped = false

  /** The part of `text` inside the first JSON object. */
  process(text: string): string {
    let result = ""
    for (const character of text) {
      if (this.completed) break
      if (!this.started) {
        if (character !== "{") continue
        this.started = true
        this.depth = 1
        result += character
        continue
      }
      result += character
      if (this.escaped) {
        this.escaped = false
        continue
      }
      if (character === "\\" && this.inString) {
        this.escaped = true
        continue
      }
      if (character === "\"") {
        this.inString = !this.inString
        continue
      }
      if (this.inString) continue
      if (character === "{") {
        this.depth++
      } else if (character === "}") {
        this.depth--
        if (this.depth === 0) this.completed = true
      }
    }
    return result
  }
}
