/**
 * The OpenAI Responses example of docs/providers.md, with the values the doc leaves out declared
 * first, and checks that the types named in its comments are the real ones.
 */
import type { Effect, Layer } from "effect"
import type { HttpClient } from "effect/http"
import type { Errors, LanguageModel as LanguageModelNs } from "aimux"

declare const apiKey: string

import { OpenAI } from "aimux/openai"
const layer = OpenAI.layer("gpt-4.1-mini")           // the Responses model
const service = OpenAI.responses("gpt-5", { apiKey }) // Effect<LanguageModel.Service, ...>

// the types the comments name
export const responsesLayer: Layer.Layer<LanguageModelNs.LanguageModel, Errors.LoadAPIKeyError | Errors.InvalidArgumentError, HttpClient.HttpClient> = layer
export const responsesService: Effect.Effect<LanguageModelNs.Service, Errors.LoadAPIKeyError | Errors.InvalidArgumentError, HttpClient.HttpClient> = service
