/**
 * Gemini provider options (`providerOptions.google`, on Vertex
 * `providerOptions.googleVertex` / `vertex`) and the per-part option shapes,
 * as Schemas (upstream `google-language-model-options.ts`, `google-prompt.ts`,
 * `tool/code-execution.ts`).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"

const opt = Schema.optionalKey

const Threshold = Schema.Literals([
  "HARM_BLOCK_THRESHOLD_UNSPECIFIED",
  "BLOCK_LOW_AND_ABOVE",
  "BLOCK_MEDIUM_AND_ABOVE",
  "BLOCK_ONLY_HIGH",
  "BLOCK_NONE",
  "OFF"
])

/**
 * Thinking configuration.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ThinkingConfig = Schema.Struct({
  thinkingBudget: opt(Schema.Number),
  includeThoughts: opt(Schema.Boolean),
  thinkingLevel: opt(Schema.Literals(["minimal", "low", "medium", "high", "xhigh"]))
})

/**
 * Thinking configuration.
 *
 * @since 0.1.0
 * @category models
 */
export type ThinkingConfig = typeof ThinkingConfig.Type

/**
 * Image generation configuration (`personGeneration`, `prominentPeople` and
 * `imageOutputOptions` are Vertex-only).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ImageConfig = Schema.Struct({
  aspectRatio: opt(Schema.Literals([
    "1:1",
    "2:3",
    "3:2",
    "3:4",
    "4:3",
    "4:5",
    "5:4",
    "9:16",
    "16:9",
    "21:9",
    "1:8",
    "8:1",
    "1:4",
    "4:1"
  ])),
  imageSize: opt(Schema.Literals(["1K", "2K", "4K", "512"])),
  personGeneration: opt(Schema.Literals(["PERSON_GENERATION_UNSPECIFIED", "ALLOW_ALL", "ALLOW_ADULT", "ALLOW_NONE"])),
  prominentPeople: opt(Schema.Literals(["PROMINENT_PEOPLE_UNSPECIFIED", "ALLOW_PROMINENT_PEOPLE", "BLOCK_PROMINENT_PEOPLE"])),
  imageOutputOptions: opt(Schema.Struct({
    mimeType: opt(Schema.Literals(["image/jpeg", "image/png"])),
    compressionQuality: opt(Schema.Number)
  }))
})

/**
 * The language model's provider options.
 *
 * @since 0.1.0
 * @category schemas
 */
export const LanguageModelOptions = Schema.Struct({
  responseModalities: opt(Schema.Array(Schema.Literals(["TEXT", "IMAGE", "AUDIO"]))),
  thinkingConfig: opt(ThinkingConfig),
  cachedContent: opt(Schema.String),
  structuredOutputs: opt(Schema.Boolean),
  safetySettings: opt(Schema.Array(Schema.Struct({
    category: Schema.Literals([
      "HARM_CATEGORY_UNSPECIFIED",
      "HARM_CATEGORY_HATE_SPEECH",
      "HARM_CATEGORY_DANGEROUS_CONTENT",
      "HARM_CATEGORY_HARASSMENT",
      "HARM_CATEGORY_SEXUALLY_EXPLICIT",
      "HARM_CATEGORY_CIVIC_INTEGRITY"
    ]),
    threshold: Threshold
  }))),
  threshold: opt(Threshold),
  audioTimestamp: opt(Schema.Boolean),
  labels: opt(Schema.Record(Schema.String, Schema.String)),
  mediaResolution: opt(Schema.Literals([
    "MEDIA_RESOLUTION_UNSPECIFIED",
    "MEDIA_RESOLUTION_LOW",
    "MEDIA_RESOLUTION_MEDIUM",
    "MEDIA_RESOLUTION_HIGH"
  ])),
  imageConfig: opt(ImageConfig),
  retrievalConfig: opt(Schema.Struct({
    latLng: opt(Schema.Struct({ latitude: Schema.Number, longitude: Schema.Number }))
  })),
  streamFunctionCallArguments: opt(Schema.Boolean),
  serviceTier: opt(Schema.Literals(["standard", "flex", "priority"])),
  continuationToken: opt(Schema.String),
  sharedRequestType: opt(Schema.Literals(["priority", "flex", "standard"])),
  requestType: opt(Schema.Literal("shared"))
})

/**
 * The language model's provider options.
 *
 * @since 0.1.0
 * @category models
 */
export type LanguageModelOptions = typeof LanguageModelOptions.Type

/**
 * Video preprocessing metadata of a file part (`providerOptions.google.videoMetadata`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const VideoMetadata = Schema.Struct({
  startOffset: opt(Schema.String),
  endOffset: opt(Schema.String),
  fps: opt(Schema.Number.check(Schema.isGreaterThan(0), Schema.isLessThanOrEqualTo(24)))
})

/**
 * The code execution tool's input (`executableCode`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const CodeExecutionInput = Schema.Struct({ language: Schema.String, code: Schema.String })

/**
 * The code execution tool's output (`codeExecutionResult`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const CodeExecutionOutput = Schema.Struct({ outcome: Schema.String, output: Schema.String })
