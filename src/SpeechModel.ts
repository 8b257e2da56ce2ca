/**
 * The V4 speech model contract (`SpeechModelV4`) as an Effect service: `generate` is upstream's
 * `doGenerate`; failures are typed `ModelError`s; cancelling is interrupting the fiber.
 *
 * @since 0.1.0
 */
import { Context, type Effect } from "effect"
import type { ModelError } from "./contract/errors/index.ts"
import type { SpeechCallOptions, SpeechResult } from "./contract/Speech.ts"

/**
 * The service shape of a speech model.
 *
 * @since 0.1.0
 * @category models
 */
export interface Service {
  readonly specificationVersion: "v4"
  readonly provider: string
  readonly modelId: string
  readonly generate: (options: SpeechCallOptions) => Effect.Effect<SpeechResult, ModelError>
}

/**
 * The speech model service.
 *
 * @since 0.1.0
 * @category services
 */
export class SpeechModel extends Context.Service<SpeechModel, Service>()("aimux/SpeechModel") {}

/**
 * Builds a speech model service (sets `specificationVersion`).
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (impl: Omit<Service, "specificationVersion">): Service => ({ specificationVersion: "v4", ...impl })
