/**
 * A scripted speech model for tests: the Effect counterpart of upstream `MockSpeechModelV4`
 * (`ai/test`). `generate` takes a script (a function of the options and the call index, one
 * result, or one result per call); every call's options are recorded in `calls`.
 *
 * @since 0.1.0
 */
import { Layer } from "effect"
import * as SpeechModelNs from "../SpeechModel.ts"
import type { SpeechCallOptions, SpeechResult } from "../contract/Speech.ts"
import { type MediaScript, runScript } from "./internal/mediaScript.ts"

/**
 * Options of {@link make} / {@link layer}.
 *
 * @since 0.1.0
 * @category models
 */
export interface Options {
  readonly provider?: string | undefined
  readonly modelId?: string | undefined
  readonly generate?: MediaScript<SpeechCallOptions, SpeechResult>
}

/**
 * A mock model: the service and the recorded call options.
 *
 * @since 0.1.0
 * @category models
 */
export interface Mock {
  readonly model: SpeechModelNs.Service
  readonly calls: ReadonlyArray<SpeechCallOptions>
}

/**
 * Builds a mock speech model.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (options: Options = {}): Mock => {
  const calls: Array<SpeechCallOptions> = []
  const model = SpeechModelNs.make({
    provider: options.provider ?? "mock-provider",
    modelId: options.modelId ?? "mock-model-id",
    generate: (call) => runScript(options.generate, calls, call)
  })
  return { model, calls }
}

/**
 * A Layer providing the mock as the `SpeechModel` service.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = (options: Options = {}): Layer.Layer<SpeechModelNs.SpeechModel> =>
  Layer.succeed(SpeechModelNs.SpeechModel, make(options).model)
