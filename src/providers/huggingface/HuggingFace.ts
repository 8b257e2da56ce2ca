/**
 * The Hugging Face provider (upstream `createHuggingFace` of
 * `@ai-sdk/huggingface` 2.0.48: the Responses API at the Hugging Face
 * router): settings and Layers providing the Responses model as the
 * `LanguageModel` service.
 *
 * @since 0.1.0
 */
import { LanguageModel } from "../../LanguageModel.ts"
import * as BearerSettings from "../../provider-utils/BearerSettings.ts"
import * as HuggingFaceLanguageModel from "./HuggingFaceLanguageModel.ts"

/**
 * Provider settings, as upstream's `HuggingFaceProviderSettings` (no
 * `fetch`: the `HttpClient` of the environment sends the requests):
 * `baseURL` defaults to `https://router.huggingface.co/v1`, `apiKey` to the
 * `HUGGINGFACE_API_KEY` config value.
 *
 * @since 0.1.0
 * @category models
 */
export interface Settings extends BearerSettings.Settings {
  /** Generates source ids; default the `IdGenerator` service, else random ids. */
  readonly generateId?: (() => string) | undefined
}

/**
 * The default base URL.
 *
 * @since 0.1.0
 * @category constants
 */
export const defaultBaseURL = "https://router.huggingface.co/v1"

// upstream adds no user agent suffix of its own for this provider
const bearer = BearerSettings.make({
  defaultBaseURL,
  environmentVariableName: "HUGGINGFACE_API_KEY",
  description: "Hugging Face"
})

/**
 * Resolves settings into the model config.
 *
 * @since 0.1.0
 * @category configuration
 */
export const modelConfig = (modelId: string, settings: Settings = {}): HuggingFaceLanguageModel.Config =>
  bearer.config("huggingface.responses", modelId, settings)

const constructors = bearer.constructors(
  LanguageModel,
  (modelId: string, settings: Settings) => HuggingFaceLanguageModel.make(modelConfig(modelId, settings)),
  {}
)

/**
 * The Responses model for `modelId` as a service; a missing or empty API key fails it with `LoadAPIKeyError`.
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
 * A Layer whose settings come from `Config`, e.g. `{ apiKey: Config.Redacted("HUGGINGFACE_API_KEY") }` (a `Config` of the whole
 * settings, or a record of `Config`s per setting).
 *
 * @since 0.1.0
 * @category layers
 */
export const layerConfig = constructors.layerConfig
