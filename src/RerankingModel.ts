/**
 * The reranking model contract (`RerankingModelV4`) as an Effect service.
 *
 * `rerank(options)` is upstream's `doRerank`: an `Effect` of the V4 `RerankingResult`. No
 * `abortSignal`: cancelling is interrupting the fiber.
 *
 * @since 0.1.0
 */
import { Context, Effect, Schema } from "effect"
import type { ModelError } from "./contract/errors/index.ts"
import { InvalidPromptError } from "./contract/errors/index.ts"
import { RerankingCallOptions } from "./contract/Reranking.ts"
import type { RerankingResult } from "./contract/Reranking.ts"

/**
 * The service shape of a reranking model.
 *
 * @since 0.1.0
 * @category models
 */
export interface Service {
  readonly specificationVersion: "v4"
  readonly provider: string
  readonly modelId: string
  readonly rerank: (options: RerankingCallOptions) => Effect.Effect<RerankingResult, ModelError>
}

/**
 * The reranking model service (the V4 `doRerank` contract).
 *
 * @since 0.1.0
 * @category services
 */
export class RerankingModel extends Context.Service<RerankingModel, Service>()("aimux/RerankingModel") {}

const decodeOptions = Schema.decodeUnknownEffect(RerankingCallOptions)

/**
 * Checks reranking call options that come from outside the type system; a value that does not
 * decode fails with `InvalidPromptError`, never a defect.
 *
 * @since 0.1.0
 * @category validation
 */
export const validateCallOptions = (options: unknown): Effect.Effect<RerankingCallOptions, InvalidPromptError> =>
  decodeOptions(options).pipe(
    Effect.mapError((issue) =>
      new InvalidPromptError({
        prompt: options,
        message: `Invalid reranking call options: ${issue.message}`,
        cause: issue
      })
    )
  )

/**
 * Builds a reranking model service (adds `specificationVersion`).
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (impl: Omit<Service, "specificationVersion">): Service => ({ specificationVersion: "v4", ...impl })
