/**
 * Response metadata from the common chat-completions response fields
 * (upstream provider-utils `create-language-model-response-metadata.ts`).
 *
 * @since 0.1.0
 */
import type { ResponseMetadata } from "../contract/ResponseMetadata.ts"

/**
 * `{ id, modelId, timestamp }` from `id`, `model` and `created` (Unix
 * seconds); null becomes `undefined` and every key is present, as upstream.
 *
 * @since 0.1.0
 * @category constructors
 */
export const createLanguageModelResponseMetadata = (value: {
  readonly id?: string | null | undefined
  readonly model?: string | null | undefined
  readonly created?: number | null | undefined
}): { id: string | undefined; modelId: string | undefined; timestamp: Date | undefined } & ResponseMetadata => ({
  id: value.id ?? undefined,
  modelId: value.model ?? undefined,
  timestamp: value.created != null ? new Date(value.created * 1000) : undefined
})
