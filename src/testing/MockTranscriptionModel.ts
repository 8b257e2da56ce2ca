/**
 * A scripted transcription model for tests: the Effect counterpart of upstream `MockTranscriptionModelV4`
 * (`ai/test`). `generate` takes a script (a function of the options and the call index, one
 * result, or one result per call); every call's options are recorded in `calls`.
 *
 * @since 0.1.0
 */
import { Layer } from "effect"
import * as TranscriptionModelNs from "../TranscriptionModel.ts"
import type { TranscriptionCallOptions, TranscriptionResult, TranscriptionUrlCallOptions } from "../contract/Transcription.ts"
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
  readonly generate?: MediaScript<TranscriptionCallOptions, TranscriptionResult>
  /** The native URL path (`doGenerateFromUrl`); absent: the model has none. */
  readonly generateFromUrl?: MediaScript<TranscriptionUrlCallOptions, TranscriptionResult | undefined>
}

/**
 * A mock model: the service and the recorded call options.
 *
 * @since 0.1.0
 * @category models
 */
export interface Mock {
  readonly model: TranscriptionModelNs.Service
  readonly calls: ReadonlyArray<TranscriptionCallOptions>
  /** The options of every `generateFromUrl` call. */
  readonly urlCalls: ReadonlyArray<TranscriptionUrlCallOptions>
}

/**
 * Builds a mock transcription model.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (options: Options = {}): Mock => {
  const calls: Array<TranscriptionCallOptions> = []
  const urlCalls: Array<TranscriptionUrlCallOptions> = []
  const fromUrl = options.generateFromUrl
  const model = TranscriptionModelNs.make({
    provider: options.provider ?? "mock-provider",
    modelId: options.modelId ?? "mock-model-id",
    generate: (call) => runScript(options.generate, calls, call),
    generateFromUrl: fromUrl === undefined ? undefined : (call) => runScript(fromUrl, urlCalls, call)
  })
  return { model, calls, urlCalls }
}

/**
 * A Layer providing the mock as the `TranscriptionModel` service.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = (options: Options = {}): Layer.Layer<TranscriptionModelNs.TranscriptionModel> =>
  Layer.succeed(TranscriptionModelNs.TranscriptionModel, make(options).model)
