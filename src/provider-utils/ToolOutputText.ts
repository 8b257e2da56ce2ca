/**
 * A tool result output as the text of a chat-completions `tool` message, the
 * way openai-compatible, Groq and DeepSeek write it (and Anthropic for its
 * non-content outputs); OpenAI chat wraps errors differently and does not use it.
 *
 * @since 0.1.0
 */
import type { ToolResultOutput } from "../contract/Prompt.ts"

/**
 * `text` / `error-text` as they are; `execution-denied` as its reason, else
 * `Tool call execution denied.`; `json`, `error-json` and `content` through
 * `stringify`, which differs by provider (`stringifyWithBigIntAndCycles`,
 * DeepSeek's plain `JSON.stringify`). Providers that send some `content`
 * outputs as parts decide that before calling this.
 *
 * @since 0.1.0
 * @category utils
 */
export const toolOutputText = (
  output: ToolResultOutput,
  stringify: (value: unknown) => string | undefined
): string | undefined => {
  switch (output.type) {
    case "text":
    case "error-text":
      return output.value
    case "execution-denied":
      return output.reason ?? "Tool call execution denied."
    case "json":
    case "error-json":
    case "content":
      return stringify(output.value)
  }
}
