/**
 * The examples of docs/middleware.md and docs/registry.md (each fenced block there is a region
 * of this file).
 */
import { Config, Effect, Layer } from "effect"
import { FetchHttpClient } from "effect/http"
import {
  CustomProvider,
  DefaultSettings,
  ExtractReasoning,
  GenerateText,
  Middleware,
  ProviderRegistry,
  SimulateStreaming
} from "aimux"
import { OpenAI } from "aimux/openai"
import { OpenAICompatiblePresets } from "aimux/openai-compatible"

// a middleware maps one LanguageModel service to another; the first one transforms first
const reasoningModel = Middleware.layer([
  DefaultSettings.make({ temperature: 0.2, providerOptions: { openai: { store: false } } }),
  ExtractReasoning.make({ tagName: "think", startWithReasoning: true }),
  SimulateStreaming.make()
]).pipe(Layer.provide(OpenAI.layer("gpt-4.1")), Layer.provide(FetchHttpClient.layer))

export const answer = GenerateText.generateText({ prompt: "Why is the sky blue?" }).pipe(
  Effect.provide(reasoningModel)
)

// a custom middleware: log every call's settings
export const logging = Middleware.make({
  transformParams: ({ params, type }) =>
    Effect.as(Effect.logDebug(`${type} with temperature ${params.temperature}`), params)
})

// providers under ids; a custom provider adds aliases over a fallback
const registry = ProviderRegistry.layer(
  {
    openai: { languageModel: (id) => OpenAI.model(id) },
    fast: CustomProvider.make({
      languageModels: { default: OpenAI.model("gpt-4.1-mini") },
      fallbackProvider: { languageModel: (id) => OpenAI.model(id) }
    }),
    ...OpenAICompatiblePresets.providers()
  },
  { languageModelMiddleware: [logging] }
).pipe(Layer.provide(FetchHttpClient.layer))

// the model id comes from configuration: MODEL=ollama:llama3.2 or MODEL=openai:gpt-4.1
export const configured = GenerateText.generateText({ prompt: "hi" }).pipe(
  Effect.provide(ProviderRegistry.layerLanguageModel(Config.String("MODEL"))),
  Effect.provide(registry)
)

// or one effect at a time
export const pinned = GenerateText.generateText({ prompt: "hi" }).pipe(
  ProviderRegistry.withLanguageModel("fast:default"),
  Effect.provide(registry)
)
