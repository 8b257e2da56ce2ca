/**
 * The DeepSeek provider (upstream `createDeepSeek()(id)`, `@ai-sdk/deepseek` 3.0.56): settings and
 * the constructors of the chat model (`DeepSeekLanguageModel.ts`) as a `LanguageModel` service or Layer.
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import * as LanguageModel from "../../LanguageModel.ts"
import * as ModelConstructors from "../../provider-utils/ModelConstructors.ts"
import * as ChatEndpoint from "../kits/openai/ChatEndpoint.ts"
import * as DeepSeekLanguageModel from "./DeepSeekLanguageModel.ts"

/**
 * The package version upstream puts in the user agent (`ai-sdk-deepseek/<version>`).
 *
 * @since 0.1.0
 * @category constants
 */
export const VERSION = "3.0.56"

/**
 * Settings (upstream `DeepSeekProviderSettings`). `baseURL`
 * defaults to `https://api.deepseek.com` (one ending in `/beta` enables prefix
 * completion and strict tools), `apiKey` to the `DEEPSEEK_API_KEY` config value.
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
        defaultBaseURL: "https://api.deepseek.com",
        environmentVariableName: "DEEPSEEK_API_KEY",
        description: "DeepSeek API key",
        userAgentSuffix: `ai-sdk-deepseek/${VERSION}`
      }),
      (endpoint) => DeepSeekLanguageModel.make({ modelId, ...endpoint })
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
