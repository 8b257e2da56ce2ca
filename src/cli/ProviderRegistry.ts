/**
 * The providers `aimux stream` knows: id → default model and a function that
 * builds the model service. Adding a provider is one entry here.
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import type { HttpClient } from "effect/http"
import type * as LanguageModel from "../LanguageModel.ts"
import type { IdGenerator } from "../runtime/IdGenerator.ts"
import { AmazonBedrock, AmazonBedrockAnthropic } from "../providers/amazon-bedrock/index.ts"
import { Anthropic } from "../providers/anthropic/index.ts"
import { Azure } from "../providers/azure/index.ts"
import { Cohere } from "../providers/cohere/index.ts"
import { DeepSeek } from "../providers/deepseek/index.ts"
import { Groq } from "../providers/groq/index.ts"
import { Mistral } from "../providers/mistral/index.ts"
import { Google } from "../providers/google/index.ts"
import { GoogleVertex, GoogleVertexAnthropic } from "../providers/google-vertex/index.ts"
import { OpenAI } from "../providers/openai/index.ts"
import { OpenAICompatible, OpenAICompatiblePresets } from "../providers/openai-compatible/index.ts"
import { HuggingFace } from "../providers/huggingface/index.ts"
import { XAI } from "../providers/xai/index.ts"
import type { ModelError } from "../contract/errors/ModelError.ts"

/**
 * What a provider needs to build a model for the CLI.
 *
 * @since 0.1.0
 * @category models
 */
export interface BuildOptions {
  readonly modelId: string
  readonly apiKey: string
  readonly baseURL?: string | undefined
}

/**
 * One registered provider.
 *
 * @since 0.1.0
 * @category models
 */
export interface ProviderEntry {
  readonly defaultModel: string
  readonly make: (
    options: BuildOptions
  ) => Effect.Effect<LanguageModel.Service, ModelError, HttpClient.HttpClient | IdGenerator>
}

/**
 * The registered providers, by CLI id.
 *
 * @since 0.1.0
 * @category constants
 */
export const providers: Readonly<Record<string, ProviderEntry>> = {
  "openai-chat": {
    defaultModel: "gpt-4o-mini",
    make: ({ apiKey, baseURL, modelId }) => OpenAI.chat(modelId, { apiKey, baseURL })
  },
  "openai-responses": {
    defaultModel: "gpt-4.1-mini",
    make: ({ apiKey, baseURL, modelId }) => OpenAI.responses(modelId, { apiKey, baseURL })
  },
  // Azure OpenAI, resource `aimux-holdout`: `/openai/v1/{responses|chat/completions}?api-version=v1`, header `api-key`
  "azure-responses": {
    defaultModel: "gpt-4.1-mini",
    make: ({ apiKey, baseURL, modelId }) => Azure.responses(modelId, { resourceName: "aimux-holdout", apiKey, baseURL })
  },
  "azure-chat": {
    defaultModel: "gpt-4o-mini",
    make: ({ apiKey, baseURL, modelId }) => Azure.chat(modelId, { resourceName: "aimux-holdout", apiKey, baseURL })
  },
  "openai-compatible": {
    defaultModel: "test-model",
    make: ({ apiKey, baseURL, modelId }) =>
      OpenAICompatible.model(modelId, {
        name: "openai-compatible",
        baseURL: baseURL ?? "https://openai-compatible.invalid/v1",
        apiKey,
        includeUsage: true
      })
  },
  groq: {
    defaultModel: "llama-3.3-70b-versatile",
    make: ({ apiKey, baseURL, modelId }) => Groq.model(modelId, { apiKey, baseURL })
  },
  deepseek: {
    defaultModel: "deepseek-chat",
    make: ({ apiKey, baseURL, modelId }) => DeepSeek.model(modelId, { apiKey, baseURL })
  },
  anthropic: {
    defaultModel: "claude-sonnet-4-5",
    make: ({ apiKey, baseURL, modelId }) => Anthropic.model(modelId, { apiKey, baseURL })
  },
  xai: {
    defaultModel: "grok-4.20-non-reasoning",
    make: ({ apiKey, baseURL, modelId }) => XAI.model(modelId, { apiKey, baseURL })
  },
  huggingface: {
    defaultModel: "meta-llama/Llama-3.3-70B-Instruct",
    make: ({ apiKey, baseURL, modelId }) => HuggingFace.model(modelId, { apiKey, baseURL })
  },
  // the v2 chat API (`/v2/chat`)
  cohere: {
    defaultModel: "command-a-03-2025",
    make: ({ apiKey, baseURL, modelId }) => Cohere.model(modelId, { apiKey, baseURL })
  },
  // chat completions (`/v1/chat/completions`)
  mistral: {
    defaultModel: "mistral-large-latest",
    make: ({ apiKey, baseURL, modelId }) => Mistral.model(modelId, { apiKey, baseURL })
  },
  google: {
    defaultModel: "gemini-2.5-flash",
    make: ({ apiKey, baseURL, modelId }) => Google.model(modelId, { apiKey, baseURL })
  },
  // express mode (API key): metadata under `googleVertex` and `vertex`
  "google-vertex": {
    defaultModel: "gemini-2.5-flash",
    make: ({ apiKey, baseURL, modelId }) => GoogleVertex.model(modelId, { apiKey, baseURL })
  },
  // Converse stream (binary event-stream frames), region us-east-1, bearer key
  "amazon-bedrock": {
    defaultModel: "us.anthropic.claude-sonnet-4-5-20250929-v1:0",
    make: ({ apiKey, baseURL, modelId }) => AmazonBedrock.model(modelId, { region: "us-east-1", apiKey, baseURL })
  },
  // Anthropic messages on Vertex (`:streamRawPredict`): the key is the bearer access token
  "google-vertex-anthropic": {
    defaultModel: "claude-sonnet-4-5@20250929",
    make: ({ apiKey, baseURL, modelId }) =>
      GoogleVertexAnthropic.model(modelId, {
        project: "aimux",
        location: "us-east5",
        baseURL,
        generateAuthToken: Effect.succeed(apiKey)
      })
  },
  // Anthropic messages on Bedrock (`invoke-with-response-stream`, binary event-stream frames), us-east-1, bearer key
  "amazon-bedrock-anthropic": {
    defaultModel: "us.anthropic.claude-sonnet-4-5-20250929-v1:0",
    make: ({ apiKey, baseURL, modelId }) =>
      AmazonBedrockAnthropic.model(modelId, { region: "us-east-1", apiKey, baseURL })
  },
  // the OpenAI-compatible presets (Together AI, Fireworks, ..., Ollama, vLLM): one entry each
  ...Object.fromEntries(OpenAICompatiblePresets.presets.map((preset): [string, ProviderEntry] => [preset.id, {
    defaultModel: preset.defaultModel,
    make: ({ apiKey, baseURL, modelId }) => OpenAICompatiblePresets.model(preset, modelId, { apiKey, baseURL })
  }]))
}
