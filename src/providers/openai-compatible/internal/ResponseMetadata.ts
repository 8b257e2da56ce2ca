/**
 * Response metadata from the common chat-completions fields (upstream
 * `createLanguageModelResponseMetadata`).
 *
 * @since 0.1.0
 */
import type { ResponseMetadata } from "../../../spec/ResponseMetadata.ts"

/**
 * `{ id, modelId, timestamp }` from `id`, `model` and `created` (seconds); every key present.
 *
 * @since 0.1.0
 */
export const responseMetadata = (value: {
  readonly id?: string | null | undefined
  readonly model?: string | null | undefined
  readonly created?: number | null | undefined
}): { id: string | undefined; modelId: string | undefined; timestamp: Date | undefined } & ResponseMetadata => ({
  id: value.id ?? undefined,
  modelId: value.model ?? undefined,
  timestamp: value.created != null ? new Date(value.created * 1000) : undefined
})
