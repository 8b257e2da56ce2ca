/**
 * The xAI provider (upstream `createXai` of `@ai-sdk/xai` 5.0.12, whose
 * `xai(modelId)` is the Responses model): settings and Layers providing the
 * Responses model as the `LanguageModel` service.
 *
 * @since 0.1.0
 */
import * as ImageModel from "../../ImageModel.ts"
import { LanguageModel } from "../../LanguageModel.ts"
import * as BearerSettings from "../../provider-utils/BearerSettings.ts"
import * as ModelConstructors from "../../provider-utils/ModelConstructors.ts"
import * as XAIImageModel from "./XAIImageModel.ts"
import * as XAILanguageModel from "./XAILanguageModel.ts"

/**
 * Provider settings, as upstream's `XaiProviderSettings` (no `fetch`: the
 * `HttpClient` of the environment sends the requests): `baseURL` defaults to
 * `https://api.x.ai/v1`, `apiKey` to the `XAI_API_KEY` config value.
 *
 * @since 0.1.0
 * @category models
 */
export interface Settings extends BearerSettings.Settings {}

/**
 * The default base URL.
 *
 * @since 0.1.0
 * @category constants
 */
export const defaultBaseURL = "https://api.x.ai/v1"

/**
 * The `@ai-sdk/xai` version this provider ports (user agent `ai-sdk-xai/<VERSION>`).
 *
 * @since 0.1.0
 * @category constants
 */
export const VERSION = "5.0.12"

// upstream's key description is `xAI API key`
const bearer = BearerSettings.make({
  defaultBaseURL,
  environmentVariableName: "XAI_API_KEY",
  description: "xAI API key",
  userAgentSuffix: `ai-sdk-xai/${VERSION}`
})

/**
 * Resolves settings into the model config.
 *
 * @since 0.1.0
 * @category configuration
 */
export const modelConfig = (modelId: string, settings: Settings = {}): XAILanguageModel.Config =>
  bearer.config("xai.responses", modelId, settings)

const constructors = bearer.constructors(
  LanguageModel,
  (modelId: string, settings: Settings) => XAILanguageModel.make(modelConfig(modelId, settings)),
  {}
)

/**
 * The Responses model for `modelId` as a service; a missing or empty API key fails it with
 * `LoadAPIKeyError`.
 *
 * @since 0.1.0
 * @category models
 */
export const model = constructors.model

/**
 * A Layer providing the Responses model for `modelId` as the `LanguageModel` service.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = constructors.layer

/**
 * A Layer whose settings come from `Config`, e.g. `{ apiKey: Config.Redacted("XAI_API_KEY") }`.
 *
 * @since 0.1.0
 * @category layers
 */
export const layerConfig = constructors.layerConfig

const imageConstructors = ModelConstructors.make(
  ImageModel.ImageModel,
  (modelId: string, settings: Settings) => XAIImageModel.make({ ...modelConfig(modelId, settings), provider: "xai.image" }),
  {}
)

/**
 * The image model for `modelId` (upstream `xai.image(modelId)`); the API key is loaded per request.
 *
 * @since 0.1.0
 * @category constructors
 */
export const image = imageConstructors.model

/**
 * A layer providing {@link image} as the `ImageModel` service.
 *
 * @since 0.1.0
 * @category layers
 */
export const imageLayer = imageConstructors.layer
