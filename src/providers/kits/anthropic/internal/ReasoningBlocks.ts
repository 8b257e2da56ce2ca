/**
 * Reasoning blocks of the Anthropic stream: `thinking` and `redacted_thinking`, `thinking_delta`,
 * and `signature_delta` (a reasoning delta carrying the signature, inside a thinking block only).
 *
 * @internal
 */
import { type BlockOf, type DeltaOf, emit, type StreamState } from "./StreamState.ts"

/**
 * `content_block_start` of a `thinking` block.
 *
 * @internal
 */
export const startThinking = (state: StreamState, index: number, id: string): void => {
  state.contentBlocks.set(index, { type: "reasoning" })
  emit(state, { type: "reasoning-start", id })
}

/**
 * `content_block_start` of a `redacted_thinking` block (its data in the provider metadata).
 *
 * @internal
 */
export const startRedactedThinking = (state: StreamState, index: number, id: string, part: BlockOf<"redacted_thinking">): void => {
  state.contentBlocks.set(index, { type: "reasoning" })
  emit(state, { type: "reasoning-start", id, providerMetadata: { anthropic: { redactedData: part.data } } })
}

/**
 * `thinking_delta`.
 *
 * @internal
 */
export const thinkingDelta = (state: StreamState, id: string, delta: DeltaOf<"thinking_delta">): void => {
  emit(state, { type: "reasoning-delta", id, delta: delta.thinking })
}

/**
 * `signature_delta`.
 *
 * @internal
 */
export const signatureDelta = (state: StreamState, id: string, delta: DeltaOf<"signature_delta">): void => {
  if (state.blockType === "thinking") {
    emit(state, {
      type: "reasoning-delta",
      id,
      delta: "",
      providerMetadata: { anthropic: { signature: delta.signature } }
    })
  }
}
