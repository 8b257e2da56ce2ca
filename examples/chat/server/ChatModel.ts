/**
 * Which model the chat talks to: the embedded scripted model by default (no key, no network),
 * OpenAI when `OPENAI_API_KEY` is set (`OPENAI_BASE_URL` for any OpenAI-compatible server),
 * Anthropic when only `ANTHROPIC_API_KEY` is; `AIMUX_CHAT_MODEL` picks the model id. Whatever the
 * model, {@link observed} counts its calls into {@link ChatStats}.
 *
 * @since 0.3.0
 */
import { Effect, Layer, Stream } from "effect"
import { FetchHttpClient } from "effect/http"
import { LanguageModel } from "aimux"
import { Anthropic } from "aimux/anthropic"
import { OpenAI } from "aimux/openai"
import { ChatStats, outcomeOf } from "./ChatStats.ts"
import * as ScriptedModel from "./ScriptedModel.ts"

/**
 * A model choice: what it is (for the start-up line) and its Layer.
 *
 * @since 0.3.0
 * @category models
 */
export interface Choice {
  readonly description: string
  readonly layer: Layer.Layer<LanguageModel.LanguageModel, unknown>
}

const nonEmpty = (value: string | undefined): string | undefined =>
  value === undefined || value.trim() === "" ? undefined : value

/**
 * The scripted model as a choice.
 *
 * @since 0.3.0
 * @category models
 */
export const scripted = (options: ScriptedModel.Options = {}): Choice => ({
  description: "the embedded scripted model (no network, no API key)",
  layer: Layer.sync(LanguageModel.LanguageModel, () => ScriptedModel.make(options))
})

/**
 * The model the environment asks for (see the module comment); `forceScripted` ignores keys.
 *
 * @since 0.3.0
 * @category models
 */
export const fromEnv = (
  env: Readonly<Record<string, string | undefined>>,
  options: { readonly forceScripted?: boolean | undefined } = {}
): Choice => {
  const modelId = nonEmpty(env.AIMUX_CHAT_MODEL)
  const openAIKey = nonEmpty(env.OPENAI_API_KEY)
  const anthropicKey = nonEmpty(env.ANTHROPIC_API_KEY)
  if (options.forceScripted === true) return scripted()
  if (openAIKey !== undefined) {
    const baseURL = nonEmpty(env.OPENAI_BASE_URL) ?? OpenAI.defaultBaseURL
    const id = modelId ?? "gpt-4o-mini"
    // chat completions, as `npm start`: what OpenAI-compatible servers (OPENAI_BASE_URL) speak
    return {
      description: `OpenAI chat completions ${id} at ${baseURL} (OPENAI_API_KEY is set)`,
      layer: Layer.effect(LanguageModel.LanguageModel, OpenAI.chat(id, { apiKey: openAIKey, baseURL })).pipe(
        Layer.provide(FetchHttpClient.layer)
      )
    }
  }
  if (anthropicKey !== undefined) {
    const baseURL = nonEmpty(env.ANTHROPIC_BASE_URL) ?? Anthropic.defaultBaseURL
    const id = modelId ?? "claude-sonnet-4-5"
    return {
      description: `Anthropic ${id} at ${baseURL} (ANTHROPIC_API_KEY is set)`,
      layer: Anthropic.layer(id, { apiKey: anthropicKey, baseURL }).pipe(Layer.provide(FetchHttpClient.layer))
    }
  }
  return scripted()
}

/**
 * The model with every call and how its stream ended recorded in {@link ChatStats}.
 *
 * @since 0.3.0
 * @category models
 */
export const observed = (model: LanguageModel.Service, stats: ChatStats["Service"]): LanguageModel.Service => ({
  ...model,
  stream: (options) =>
    Effect.andThen(
      stats.modelCalled(options),
      Effect.map(model.stream(options), (response) => ({
        ...response,
        stream: Stream.onExit(response.stream, (exit) => stats.modelStreamEnded(outcomeOf(exit)))
      }))
    )
})

/**
 * Replaces the `LanguageModel` of `layer` by its {@link observed} version.
 *
 * @since 0.3.0
 * @category models
 */
export const observe = <E, R>(
  layer: Layer.Layer<LanguageModel.LanguageModel, E, R>
): Layer.Layer<LanguageModel.LanguageModel, E, R | ChatStats> =>
  Layer.effect(
    LanguageModel.LanguageModel,
    Effect.gen(function*() {
      const stats = yield* ChatStats
      const model = yield* LanguageModel.LanguageModel
      return observed(model, stats)
    })
  ).pipe(Layer.provide(layer))
