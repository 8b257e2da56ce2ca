/**
 * The image and transcription parts of upstream's OpenAI model catalog
 * (`openai-model-catalog.ts`: `getOpenAIImageModelEntry`, `getOpenAITranscriptionModelEntry`):
 * what the media models read, by model id.
 *
 * @internal
 */

/** @internal */
export interface ImageModelEntry {
  readonly maxImagesPerCall: number
  readonly fileInput: boolean | undefined
  readonly maskInput: boolean | undefined
  readonly responseFormat: "provider-default" | "b64_json"
}

const gptImage: ImageModelEntry = { maxImagesPerCall: 10, fileInput: true, maskInput: true, responseFormat: "provider-default" }

const imageEntries: Readonly<Record<string, ImageModelEntry>> = {
  "gpt-image-2.6-flare": gptImage,
  "gpt-image-2.6-sunburst": gptImage,
  "gpt-image-2.5-flare": gptImage,
  "gpt-image-2.5-sunburst": gptImage,
  "gpt-image-2": gptImage,
  "gpt-image-1.5": gptImage,
  "gpt-image-1-mini": gptImage,
  "gpt-image-1": gptImage,
  "dall-e-3": { maxImagesPerCall: 1, fileInput: false, maskInput: false, responseFormat: "b64_json" },
  "dall-e-2": { maxImagesPerCall: 10, fileInput: true, maskInput: true, responseFormat: "b64_json" },
  "gpt-image-2.5-flare-2026-09-08": gptImage,
  "gpt-image-2.5-sunburst-2026-09-08": gptImage,
  "chatgpt-image-latest": gptImage
}

/** Upstream's entry of a known id, else its custom-model fallback ("unknown" support is `undefined`). @internal */
export const getImageModelEntry = (modelId: string): ImageModelEntry =>
  Object.hasOwn(imageEntries, modelId) ? imageEntries[modelId] : {
    maxImagesPerCall: modelId.startsWith("gpt-image-") ? 10 : 1,
    fileInput: undefined,
    maskInput: undefined,
    responseFormat: modelId.startsWith("chatgpt-image-") || modelId.startsWith("gpt-image-") ? "provider-default" : "b64_json"
  }

/** @internal */
export interface TranscriptionModelEntry {
  /** `false`: the model only streams (non-streaming transcription is unsupported). */
  readonly transcription: boolean | "unknown"
  readonly responseFormat?: "verbose_json" | "diarized_json" | undefined
  readonly chunkingStrategy?: "auto" | undefined
}

const plain: TranscriptionModelEntry = { transcription: true }

const transcriptionEntries: Readonly<Record<string, TranscriptionModelEntry>> = {
  "whisper-1": { transcription: true, responseFormat: "verbose_json" },
  "gpt-4o-mini-transcribe": plain,
  "gpt-4o-transcribe": plain,
  "gpt-4o-transcribe-diarize": { transcription: true, responseFormat: "diarized_json", chunkingStrategy: "auto" },
  "gpt-transcribe": plain,
  "gpt-live-transcribe": { transcription: false },
  "gpt-realtime-whisper": { transcription: false }
}

const snapshotBases = ["gpt-transcribe", "gpt-live-transcribe", "gpt-realtime-whisper"]

/** Upstream's entry of a known id or snapshot (`<base>-<date>`), else the custom-model fallback. @internal */
export const getTranscriptionModelEntry = (modelId: string): TranscriptionModelEntry => {
  if (Object.hasOwn(transcriptionEntries, modelId)) return transcriptionEntries[modelId]
  for (const base of snapshotBases) {
    if (modelId.startsWith(`${base}-`)) return transcriptionEntries[base]
  }
  return { transcription: "unknown" }
}
