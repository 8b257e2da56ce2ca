/**
 * The V4 transcription model contract (`TranscriptionModelV4`) as an Effect service: `generate`
 * is upstream's `doGenerate`, the optional `generateFromUrl` its `doGenerateFromUrl` (native URL
 * transcription; `undefined` declines and core downloads the audio itself).
 *
 * @since 0.1.0
 */
import { Context, type Effect } from "effect"
import type { ModelError } from "./contract/errors/index.ts"
import type { TranscriptionCallOptions, TranscriptionResult, TranscriptionUrlCallOptions } from "./contract/Transcription.ts"

/**
 * The service shape of a transcription model.
 *
 * @since 0.1.0
 * @category models
 */
export interface Service {
  readonly specificationVersion: "v4"
  readonly provider: string
  readonly modelId: string
  readonly generate: (options: TranscriptionCallOptions) => Effect.Effect<TranscriptionResult, ModelError>
  readonly generateFromUrl?:
    | ((options: TranscriptionUrlCallOptions) => Effect.Effect<TranscriptionResult | undefined, ModelError>)
    | undefined
}

/**
 * The transcription model service.
 *
 * @since 0.1.0
 * @category services
 */
export class TranscriptionModel
  extends Context.Service<TranscriptionModel, Service>()("aimux/TranscriptionModel")
{}

/**
 * Builds a transcription model service (sets `specificationVersion`).
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (impl: Omit<Service, "specificationVersion">): Service => ({ specificationVersion: "v4", ...impl })
