/**
 * The open/closed state of the one text block (`txt-0`) and the one
 * reasoning block (`reasoning-0`) of an OpenAI-family chat stream transform
 * (openai-compatible, Groq, DeepSeek `doStream`).
 *
 * Only the primitives are shared: the order in which a provider closes one
 * block and opens the other differs (DeepSeek opens text before it ends
 * reasoning, openai-compatible also ends text when reasoning resumes), so
 * each transform spells its order out with these calls.
 *
 * @since 0.1.0
 */
import type { StreamPart } from "../../../../contract/StreamPart.ts"

/**
 * The text block id.
 *
 * @since 0.1.0
 */
export const textId = "txt-0"

/**
 * The reasoning block id.
 *
 * @since 0.1.0
 */
export const reasoningId = "reasoning-0"

/**
 * Block state with idempotent open/close operations that push the parts
 * they imply onto `out` (one object per stream; no per-call allocation other
 * than the parts).
 *
 * @since 0.1.0
 */
export class ChatStreamText {
  private isActiveText = false
  private isActiveReasoning = false
  private readonly textId: string

  /** `textId`: the text block's id (default {@link textId}; OpenAI chat uses `"0"`). */
  constructor(options?: { readonly textId?: string | undefined }) {
    this.textId = options?.textId ?? textId
  }

  /**
   * Emits `text-start` unless the text block is open.
   *
   * @since 0.1.0
   */
  startText(out: Array<StreamPart>): void {
    if (!this.isActiveText) {
      out.push({ type: "text-start", id: this.textId })
      this.isActiveText = true
    }
  }

  /**
   * Opens the text block when needed, then emits the `text-delta`.
   *
   * @since 0.1.0
   */
  textDelta(out: Array<StreamPart>, delta: string): void {
    this.startText(out)
    out.push({ type: "text-delta", id: this.textId, delta })
  }

  /**
   * Emits `text-end` if the text block is open.
   *
   * @since 0.1.0
   */
  endText(out: Array<StreamPart>): void {
    if (this.isActiveText) {
      out.push({ type: "text-end", id: this.textId })
      this.isActiveText = false
    }
  }

  /**
   * Opens the reasoning block when needed, then emits the `reasoning-delta`.
   *
   * @since 0.1.0
   */
  reasoningDelta(out: Array<StreamPart>, delta: string): void {
    if (!this.isActiveReasoning) {
      out.push({ type: "reasoning-start", id: reasoningId })
      this.isActiveReasoning = true
    }
    out.push({ type: "reasoning-delta", id: reasoningId, delta })
  }

  /**
   * Emits `reasoning-end` if the reasoning block is open.
   *
   * @since 0.1.0
   */
  endReasoning(out: Array<StreamPart>): void {
    if (this.isActiveReasoning) {
      out.push({ type: "reasoning-end", id: reasoningId })
      this.isActiveReasoning = false
    }
  }

  /**
   * At the end of the stream: `reasoning-end`, then `text-end`, for the blocks still open.
   *
   * @since 0.1.0
   */
  flush(out: Array<StreamPart>): void {
    this.endReasoning(out)
    this.endText(out)
  }
}

/**
 * A fresh state, both blocks closed.
 *
 * @since 0.1.0
 */
export const make = (options?: { readonly textId?: string | undefined }): ChatStreamText => new ChatStreamText(options)
