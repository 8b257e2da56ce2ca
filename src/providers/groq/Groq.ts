/**
 * The Groq provider (upstream `createGroq()(id)`, `@ai-sdk/groq` 4.0.84): settings and the
 * constructors of the chat model (`GroqLanguageModel.ts`) as a `LanguageModel` service or Layer.
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import * as LanguageModel from "../../LanguageModel.ts"
import * as ApiKey from "../../provider-utils/ApiKey.ts"
import * as ModelConstructors from "../../provider-utils/ModelConstructors.ts"
import * as TranscriptionModel from "../../TranscriptionModel.ts"
import * as ChatEndpoint from "../kits/openai/ChatEndpoint.ts"
import * as GroqLanguageModel from "./GroqLanguageModel.ts"
import * as GroqTranscriptionModel from "./GroqTranscriptionModel.ts"

/**
 * The package version upstream puts in the user agent (`ai-sdk-groq/<version>`).
 *
 * @since 0.1.0
 * @category constants
 */
export const VERSION = "4.0.84"

/**
 * Settings (upstream `GroqProviderSettings`). `baseURL`
 * defaults to `https://api.groq.com/openai/v1`, `apiKey` to the
 * `GROQ_API_KEY` config value.
 *
 * @since 0.1.0
 * @category models
 */
export interface Settings extends ChatEndpoint.KeyedSettings {}

const constructors = ModelConstructors.make(
  LanguageModel.LanguageModel,
  (modelId: string, settings: Settings) =>
    Effect.flatMap(
      ChatEndpoint.withRequiredKey(settings, {
        defaultBaseURL: "https://api.groq.com/openai/v1",
        environmentVariableName: "GROQ_API_KEY",
        description: "Groq",
        userAgentSuffix: `ai-sdk-groq/${VERSION}`
      }),
      (endpoint) => GroqLanguageModel.make({ modelId, ...endpoint })
    ),
  {}
)

/**
 * The chat model for `modelId` as a service; the API key is loaded when the model is built (a missing
 * or empty one fails with `LoadAPIKeyError`).
 *
 * @since 0.1.0
 * @category models
 */
export const model = constructors.model

/**
 * A layer providing the model for `modelId` as the `LanguageModel` service.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = constructors.layer

/**
 * A layer whose settings come from effect `Config` (a `Config` of the whole settings, or a record
 * of `Config`s per setting).
 *
 * @since 0.1.0
 * @category layers
 */
export const layerConfig = constructors.layerConfig

const transcriptionConstructors = ModelConstructors.make(
  TranscriptionModel.TranscriptionModel,
  (modelId: string, settings: Settings) =>
    Effect.flatMap(
      ApiKey.loadApiKey({ apiKey: settings.apiKey, environmentVariableName: "GROQ_API_KEY", description: "Groq" }),
      (apiKey) =>
        GroqTranscriptionModel.make({
          provider: "groq.transcription",
          modelId,
          baseURL: (settings.baseURL ?? "https://api.groq.com/openai/v1").replace(/\/$/, ""),
          headers: ChatEndpoint.configHeaders({ apiKey, headers: settings.headers, userAgentSuffix: `ai-sdk-groq/${VERSION}` })
        })
    ),
  {}
)

/**
 * The transcription model for `modelId` (upstream `groq.transcription(modelId)`).
 *
 * @since 0.1.0
 * @category constructors
 */
export const transcription = transcriptionConstructors.model

/**
 * A layer providing {@link transcription} as the `TranscriptionModel` service.
 *
 * @since 0.1.0
 * @category layers
 */
export const transcriptionLayer = transcriptionConstructors.layer
