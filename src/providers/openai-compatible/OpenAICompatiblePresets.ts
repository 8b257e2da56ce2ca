/**
 * A catalogue of OpenAI-compatible endpoints, kept as data: id, provider name (the key of
 * provider options and metadata), base URL, API-key environment variable and the quirks the
 * OpenAI-compatible chat model is configured with. Each preset is a provider for the registry
 * (`ProviderRegistry.layer(OpenAICompatiblePresets.providers())` then `"ollama:llama3.2"`) and an
 * `aimux stream <id>` target.
 *
 * Sources. None of the dedicated upstream packages (`@ai-sdk/togetherai`, `@ai-sdk/fireworks`,
 * `@ai-sdk/cerebras`, `@ai-sdk/deepinfra`, `@ai-sdk/perplexity`, `@ai-sdk/baseten`,
 * `@ai-sdk/moonshotai`, `@ai-sdk/alibaba`, `@openrouter/ai-sdk-provider`) is installed in this
 * repository, so the base URLs and environment variables below are those of the AI SDK provider
 * documentation pages (ai-sdk.dev/providers/...) and of each vendor's public OpenAI-compatibility
 * documentation; the local servers use their documented default ports. `includeUsage` is set
 * where the vendor returns usage in the final stream chunk when asked (`stream_options`);
 * `supportsStructuredOutputs` where it accepts `response_format: {type: "json_schema"}`;
 * `reasoningField` names the message field that carries reasoning text (the chat model reads
 * both `reasoning_content` and `reasoning`; the field is recorded for users and tests).
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import type * as HttpClient from "effect/http/HttpClient"
import type * as LanguageModel from "../../LanguageModel.ts"
import { loadApiKey } from "../../provider-utils/ApiKey.ts"
import type { LoadAPIKeyError } from "../../contract/errors/LoadAPIKeyError.ts"
import * as OpenAICompatibleLanguageModel from "./OpenAICompatibleLanguageModel.ts"

/**
 * One endpoint of the catalogue.
 *
 * @since 0.1.0
 * @category models
 */
export interface Preset {
  /** The registry / CLI id. */
  readonly id: string
  /** Display name, used in the `LoadAPIKeyError` message. */
  readonly description: string
  /** Provider name: the model's `provider` is `<name>.chat`; provider options use `<name>`. */
  readonly name: string
  readonly baseURL: string
  /** Absent for local servers: no key is needed (one given is still sent). */
  readonly apiKeyEnvVar?: string | undefined
  readonly includeUsage: boolean
  readonly supportsStructuredOutputs: boolean
  readonly reasoningField?: "reasoning_content" | "reasoning" | undefined
  /** A model id to try it with (the CLI's default). */
  readonly defaultModel: string
}

/**
 * The catalogue, in the order.
 *
 * @since 0.1.0
 * @category presets
 */
export const presets: ReadonlyArray<Preset> = [
  {
    id: "togetherai",
    description: "Together.ai",
    name: "togetherai",
    baseURL: "https://api.together.xyz/v1",
    apiKeyEnvVar: "TOGETHER_AI_API_KEY",
    includeUsage: true,
    supportsStructuredOutputs: false,
    defaultModel: "meta-llama/Llama-3.3-70B-Instruct-Turbo"
  },
  {
    id: "fireworks",
    description: "Fireworks",
    name: "fireworks",
    baseURL: "https://api.fireworks.ai/inference/v1",
    apiKeyEnvVar: "FIREWORKS_API_KEY",
    includeUsage: true,
    supportsStructuredOutputs: false,
    reasoningField: "reasoning_content",
    defaultModel: "accounts/fireworks/models/llama-v3p3-70b-instruct"
  },
  {
    id: "openrouter",
    description: "OpenRouter",
    name: "openrouter",
    baseURL: "https://openrouter.ai/api/v1",
    apiKeyEnvVar: "OPENROUTER_API_KEY",
    includeUsage: true,
    supportsStructuredOutputs: true,
    reasoningField: "reasoning",
    defaultModel: "openai/gpt-4o-mini"
  },
  {
    id: "cerebras",
    description: "Cerebras",
    name: "cerebras",
    baseURL: "https://api.cerebras.ai/v1",
    apiKeyEnvVar: "CEREBRAS_API_KEY",
    includeUsage: true,
    supportsStructuredOutputs: true,
    reasoningField: "reasoning",
    defaultModel: "llama-3.3-70b"
  },
  {
    id: "deepinfra",
    description: "DeepInfra",
    name: "deepinfra",
    baseURL: "https://api.deepinfra.com/v1/openai",
    apiKeyEnvVar: "DEEPINFRA_API_KEY",
    includeUsage: true,
    supportsStructuredOutputs: false,
    reasoningField: "reasoning_content",
    defaultModel: "meta-llama/Llama-3.3-70B-Instruct"
  },
  {
    id: "perplexity",
    description: "Perplexity",
    name: "perplexity",
    baseURL: "https://api.perplexity.ai",
    apiKeyEnvVar: "PERPLEXITY_API_KEY",
    includeUsage: false,
    supportsStructuredOutputs: true,
    defaultModel: "sonar"
  },
  {
    id: "baseten",
    description: "Baseten",
    name: "baseten",
    baseURL: "https://inference.baseten.co/v1",
    apiKeyEnvVar: "BASETEN_API_KEY",
    includeUsage: true,
    supportsStructuredOutputs: true,
    defaultModel: "deepseek-ai/DeepSeek-V3-0324"
  },
  {
    id: "moonshotai",
    description: "Moonshot AI",
    name: "moonshotai",
    baseURL: "https://api.moonshot.ai/v1",
    apiKeyEnvVar: "MOONSHOT_API_KEY",
    includeUsage: true,
    supportsStructuredOutputs: false,
    reasoningField: "reasoning_content",
    defaultModel: "kimi-k2-0905-preview"
  },
  {
    id: "alibaba",
    description: "Alibaba Cloud (DashScope)",
    name: "alibaba",
    baseURL: "https://dashscope-intl.aliyuncs.com/compatible-mode/v1",
    apiKeyEnvVar: "DASHSCOPE_API_KEY",
    includeUsage: true,
    supportsStructuredOutputs: false,
    reasoningField: "reasoning_content",
    defaultModel: "qwen-plus"
  },
  {
    id: "ollama",
    description: "Ollama",
    name: "ollama",
    baseURL: "http://localhost:11434/v1",
    includeUsage: true,
    supportsStructuredOutputs: true,
    reasoningField: "reasoning",
    defaultModel: "llama3.2"
  },
  {
    id: "lmstudio",
    description: "LM Studio",
    name: "lmstudio",
    baseURL: "http://localhost:1234/v1",
    includeUsage: true,
    supportsStructuredOutputs: true,
    reasoningField: "reasoning_content",
    defaultModel: "qwen2.5-7b-instruct"
  },
  {
    id: "vllm",
    description: "vLLM",
    name: "vllm",
    baseURL: "http://localhost:8000/v1",
    includeUsage: true,
    supportsStructuredOutputs: true,
    reasoningField: "reasoning_content",
    defaultModel: "Qwen/Qwen2.5-7B-Instruct"
  },
  {
    id: "llamacpp",
    description: "llama.cpp server",
    name: "llamacpp",
    baseURL: "http://localhost:8080/v1",
    includeUsage: true,
    supportsStructuredOutputs: true,
    reasoningField: "reasoning_content",
    defaultModel: "default"
  }
]

/**
 * The catalogue by id.
 *
 * @since 0.1.0
 * @category presets
 */
export const byId: ReadonlyMap<string, Preset> = new Map(presets.map((preset) => [preset.id, preset]))

/**
 * What a user may set over a preset.
 *
 * @since 0.1.0
 * @category models
 */
export interface Overrides {
  /** Wins over the preset's environment variable. */
  readonly apiKey?: OpenAICompatibleLanguageModel.BaseSettings["apiKey"]
  readonly baseURL?: string | undefined
  readonly headers?: Readonly<Record<string, string>> | undefined
  readonly queryParams?: Readonly<Record<string, string>> | undefined
}

/**
 * The chat-model settings of a preset: its base URL, name and quirks, and the API key (the
 * explicit one, else the preset's environment variable; a local server needs none).
 *
 * @since 0.1.0
 * @category presets
 */
export const settings = (
  preset: Preset,
  overrides: Overrides = {}
): Effect.Effect<OpenAICompatibleLanguageModel.Settings, LoadAPIKeyError> =>
  Effect.gen(function*() {
    const apiKey = preset.apiKeyEnvVar === undefined
      ? overrides.apiKey
      : yield* loadApiKey({
        apiKey: overrides.apiKey,
        environmentVariableName: preset.apiKeyEnvVar,
        description: preset.description
      })
    return {
      name: preset.name,
      baseURL: overrides.baseURL ?? preset.baseURL,
      includeUsage: preset.includeUsage,
      supportsStructuredOutputs: preset.supportsStructuredOutputs,
      ...(apiKey === undefined ? {} : { apiKey }),
      ...(overrides.headers === undefined ? {} : { headers: overrides.headers }),
      ...(overrides.queryParams === undefined ? {} : { queryParams: overrides.queryParams })
    }
  })

/**
 * The chat model `modelId` of a preset.
 *
 * @since 0.1.0
 * @category constructors
 */
export const model = (
  preset: Preset,
  modelId: string,
  overrides: Overrides = {}
): Effect.Effect<LanguageModel.Service, LoadAPIKeyError, HttpClient.HttpClient> =>
  Effect.flatMap(settings(preset, overrides), (s) => OpenAICompatibleLanguageModel.make(modelId, s))

/**
 * A preset as a registry provider (structurally core's `Provider<HttpClient>`).
 *
 * @since 0.1.0
 * @category presets
 */
export const provider = (preset: Preset, overrides: Overrides = {}): {
  readonly languageModel: (
    modelId: string
  ) => Effect.Effect<LanguageModel.Service, LoadAPIKeyError, HttpClient.HttpClient>
} => ({ languageModel: (modelId) => model(preset, modelId, overrides) })

/**
 * Every preset as a registry provider under its id, with per-preset overrides.
 *
 * @since 0.1.0
 * @category presets
 */
export const providers = (
  overrides: Readonly<Record<string, Overrides>> = {}
): Record<string, ReturnType<typeof provider>> =>
  Object.fromEntries(presets.map((preset) => [preset.id, provider(preset, overrides[preset.id] ?? {})]))
