/**
 * The examples of docs/providers.md, with the values the doc leaves out declared first, and
 * checks that the types named in the doc's comments are the real ones.
 */
import { Config } from "effect"
import type { Effect, Layer } from "effect"
import type { HttpClient } from "effect/http"
import type { LanguageModel as LanguageModelNs } from "aimux"
type LanguageModel = LanguageModelNs.LanguageModel
import type { Errors } from "aimux"
import type { OpenAIChatLanguageModel as OpenAIChatLanguageModelNs } from "aimux/openai"
type InvalidArgumentError = Errors.InvalidArgumentError
type LoadAPIKeyError = Errors.LoadAPIKeyError

declare const apiKey: string
declare const baseURL: string
declare const organization: string
declare const project: string
declare const headers: Record<string, string>
declare const name: string
declare const fetch: typeof globalThis.fetch
declare const settings: OpenAI.Settings
declare const httpClient: HttpClient.HttpClient
declare const config: OpenAIChatLanguageModelNs.Config

import { OpenAI, OpenAIChatLanguageModel } from "aimux/openai"

OpenAI.chatLayer("gpt-4o-mini")                   // Layer<LanguageModel, LoadAPIKeyError | InvalidArgumentError, HttpClient>
OpenAI.chatLayer("gpt-4o", { apiKey, baseURL, organization, project, headers, name })
OpenAI.chatLayer("gpt-4o-mini", { apiKey, fetch })    // Layer<LanguageModel, LoadAPIKeyError | InvalidArgumentError>: requests through fetch
OpenAI.chat("gpt-4o-mini", settings)                  // Effect<LanguageModel.Service, ..., HttpClient>
OpenAI.chatLayerConfig("gpt-4o-mini", { apiKey: Config.Redacted("OPENAI_API_KEY") })
OpenAIChatLanguageModel.makeWith(httpClient, config)  // plain constructor (tests): no environment

import { Anthropic } from "aimux/anthropic"
const layer = Anthropic.layer("claude-sonnet-4-5") // Layer<LanguageModel, LoadAPIKeyError | InvalidArgumentError, HttpClient>

import { OpenAICompatible } from "aimux/openai-compatible"
import { Groq } from "aimux/groq"
import { DeepSeek } from "aimux/deepseek"

OpenAICompatible.layer("test-model", { name: "acme", baseURL: "https://api.acme.test/v1", apiKey, includeUsage: true })
Groq.layer("llama-3.3-70b-versatile")   // key: apiKey or Config.Redacted("GROQ_API_KEY")
DeepSeek.layer("deepseek-chat")          // key: apiKey or Config.Redacted("DEEPSEEK_API_KEY")

// the types the comments name
export const openAILayer: Layer.Layer<LanguageModel, LoadAPIKeyError | InvalidArgumentError, HttpClient.HttpClient> =
  OpenAI.chatLayer("gpt-4o-mini")
export const openAIFetchLayer: Layer.Layer<LanguageModel, LoadAPIKeyError | InvalidArgumentError> =
  OpenAI.chatLayer("gpt-4o-mini", { apiKey, fetch })
export const openAIChat: Effect.Effect<LanguageModelNs.Service, LoadAPIKeyError | InvalidArgumentError, HttpClient.HttpClient> =
  OpenAI.chat("gpt-4o-mini", settings)
export const plain: LanguageModelNs.Service = OpenAIChatLanguageModel.makeWith(httpClient, config)
export const anthropicLayer: Layer.Layer<LanguageModel, LoadAPIKeyError | InvalidArgumentError, HttpClient.HttpClient> = layer
