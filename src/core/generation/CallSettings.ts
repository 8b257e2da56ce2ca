/**
 * The call settings of a generation (and of a step, as prepareStep may set them).
 *
 * @internal
 */
import type { ReasoningLevel } from "../../contract/CallOptions.ts"
import type { ProviderOptions } from "../../contract/ProviderMetadata.ts"

/** @internal */
export interface CallSettings {
  readonly maxOutputTokens?: number | undefined
  readonly temperature?: number | undefined
  readonly topP?: number | undefined
  readonly topK?: number | undefined
  readonly presencePenalty?: number | undefined
  readonly frequencyPenalty?: number | undefined
  readonly stopSequences?: ReadonlyArray<string> | undefined
  readonly seed?: number | undefined
  readonly headers?: Readonly<Record<string, string | undefined>> | undefined
  readonly reasoning?: ReasoningLevel | undefined
  readonly providerOptions?: ProviderOptions | undefined
}
