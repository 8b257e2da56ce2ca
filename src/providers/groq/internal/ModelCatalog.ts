/**
 * The parts of upstream's Groq model catalog (`groq-model-catalog.ts`) that
 * request building reads: which models are documented, browser-search
 * support, and the reasoning flags.
 *
 * @since 0.1.0
 */

const documentedLanguageModels: ReadonlySet<string> = new Set([
  "gemma2-9b-it",
  "llama-3.1-8b-instant",
  "llama-3.3-70b-versatile",
  "meta-llama/llama-guard-4-12b",
  "deepseek-r1-distill-llama-70b",
  "meta-llama/llama-4-maverick-17b-128e-instruct",
  "meta-llama/llama-4-scout-17b-16e-instruct",
  "meta-llama/llama-prompt-guard-2-22m",
  "meta-llama/llama-prompt-guard-2-86m",
  "moonshotai/kimi-k2-instruct-0905",
  "qwen/qwen3.6-27b",
  "llama-guard-3-8b",
  "llama3-70b-8192",
  "llama3-8b-8192",
  "mixtral-8x7b-32768",
  "qwen-qwq-32b",
  "qwen-2.5-32b",
  "deepseek-r1-distill-qwen-32b",
  "openai/gpt-oss-20b",
  "openai/gpt-oss-120b"
])

/**
 * What `getArgs` and `prepareTools` read of a model's catalog entry.
 *
 * @since 0.1.0
 */
export interface LanguageEntry {
  /** `false` only for documented models that are not GPT-OSS; unknown models forward the tool. */
  readonly browserSearch: boolean | "unknown"
  /** The model accepts reasoning effort `none` (`qwen/qwen3.6-27b`). */
  readonly reasoningDisable: boolean
  /** The model always reasons (GPT-OSS ids, by prefix). */
  readonly reasoningAlways: boolean
}

/**
 * The catalog entry of a model id (an undocumented id gets the generic entry, as upstream).
 *
 * @since 0.1.0
 */
export const languageEntry = (modelId: string): LanguageEntry => {
  const documented = documentedLanguageModels.has(modelId)
  const always = modelId.startsWith("openai/gpt-oss")
  return {
    browserSearch: documented ? always : "unknown",
    reasoningDisable: modelId === "qwen/qwen3.6-27b",
    reasoningAlways: always
  }
}
