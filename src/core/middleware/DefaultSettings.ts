/**
 * `defaultSettingsMiddleware`: default call settings under every call's own (upstream
 * `ai/src/middleware/default-settings-middleware.ts`): the call's options are deep-merged over
 * the defaults with upstream's `mergeObjects` (nested objects such as `providerOptions` merge
 * key by key; arrays, and values of other kinds, are replaced; `undefined` never overrides).
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import { validateCallOptions } from "../../LanguageModel.ts"
import type { CallOptions } from "../../contract/CallOptions.ts"
import { mergeObjects } from "./internal/mergeObjects.ts"
import type { Middleware } from "./Middleware.ts"

/**
 * The settings a default can be given for (upstream's list).
 *
 * @since 0.1.0
 * @category models
 */
export type Settings = Partial<
  Pick<
    CallOptions,
    | "maxOutputTokens"
    | "temperature"
    | "stopSequences"
    | "topP"
    | "topK"
    | "presencePenalty"
    | "frequencyPenalty"
    | "responseFormat"
    | "seed"
    | "tools"
    | "toolChoice"
    | "headers"
    | "providerOptions"
  >
>

/**
 * The middleware applying `settings` as defaults.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (settings: Settings): Middleware => ({
  // The merged record is checked against the call-options Schema: a default of the wrong shape
  // (given from untyped configuration) is an `InvalidPromptError`, never a defect.
  transformParams: ({ params }) => Effect.suspend(() => validateCallOptions(mergeObjects(settings, params)))
})
