/**
 * The Gemini `generateContent` / `streamGenerateContent` wire types as Schemas
 * (upstream `google-language-model.ts` response and chunk schemas,
 * `google-error.ts`). Like upstream's zod schemas they keep only the fields
 * the model reads (unknown keys are dropped, usage keeps its extra keys) and
 * try the content-part variants in upstream's order.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { JsonValue } from "../../../contract/Json.ts"
import { nullishKey } from "../../../contract/Fields.ts"

const NullishString = nullishKey(Schema.String)
const NullishNumber = nullishKey(Schema.Number)
const NullishBoolean = nullishKey(Schema.Boolean)

/**
 * A Google RPC error object (`{ code, message, status, details }`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ErrorObject = Schema.Struct({
  code: Schema.NullOr(Schema.Number),
  message: Schema.String,
  status: Schema.String,
  details: nullishKey(Schema.Array(Schema.Unknown))
})

/**
 * A Google RPC error object.
 *
 * @since 0.1.0
 * @category models
 */
export type ErrorObject = typeof ErrorObject.Type

/**
 * An error response body.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ErrorBody = Schema.Struct({ error: ErrorObject })

/**
 * Grounding metadata of a candidate (search, retrieval, maps chunks and supports).
 *
 * @since 0.1.0
 * @category schemas
 */
export const GroundingMetadata = Schema.Struct({
  webSearchQueries: nullishKey(Schema.Array(Schema.String)),
  imageSearchQueries: nullishKey(Schema.Array(Schema.String)),
  retrievalQueries: nullishKey(Schema.Array(Schema.String)),
  searchEntryPoint: nullishKey(Schema.Struct({ renderedContent: Schema.String })),
  groundingChunks: nullishKey(Schema.Array(Schema.Struct({
    web: nullishKey(Schema.Struct({ uri: Schema.String, title: NullishString })),
    image: nullishKey(Schema.Struct({
      sourceUri: Schema.String,
      imageUri: Schema.String,
      title: NullishString,
      domain: NullishString
    })),
    retrievedContext: nullishKey(Schema.Struct({
      uri: NullishString,
      title: NullishString,
      text: NullishString,
      fileSearchStore: NullishString,
      customMetadata: nullishKey(Schema.Array(Schema.Struct({
        key: Schema.String,
        stringValue: NullishString,
        numericValue: NullishNumber,
        stringListValue: nullishKey(Schema.Struct({ values: nullishKey(Schema.Array(Schema.String)) }))
      })))
    })),
    maps: nullishKey(Schema.Struct({
      uri: NullishString,
      title: NullishString,
      text: NullishString,
      placeId: NullishString
    }))
  }))),
  groundingSupports: nullishKey(Schema.Array(Schema.Struct({
    segment: nullishKey(Schema.Struct({ startIndex: NullishNumber, endIndex: NullishNumber, text: NullishString })),
    segment_text: NullishString,
    groundingChunkIndices: nullishKey(Schema.Array(Schema.Number)),
    supportChunkIndices: nullishKey(Schema.Array(Schema.Number)),
    confidenceScores: nullishKey(Schema.Array(Schema.Number)),
    confidenceScore: nullishKey(Schema.Array(Schema.Number))
  }))),
  retrievalMetadata: nullishKey(Schema.Union([
    Schema.Struct({ webDynamicRetrievalScore: Schema.Number }),
    Schema.Struct({})
  ]))
})

/**
 * Grounding metadata of a candidate.
 *
 * @since 0.1.0
 * @category models
 */
export type GroundingMetadata = typeof GroundingMetadata.Type

/**
 * One streamed function-call argument (Vertex `partialArgs`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const PartialArg = Schema.Struct({
  jsonPath: Schema.String,
  stringValue: NullishString,
  numberValue: NullishNumber,
  boolValue: NullishBoolean,
  nullValue: Schema.optionalKey(Schema.Unknown),
  willContinue: NullishBoolean
})

/**
 * One streamed function-call argument.
 *
 * @since 0.1.0
 * @category models
 */
export type PartialArg = typeof PartialArg.Type

/**
 * A function-call part (complete, or a chunk of a streamed call).
 *
 * @since 0.1.0
 * @category schemas
 */
export const FunctionCallPart = Schema.Struct({
  functionCall: Schema.Struct({
    id: NullishString,
    name: NullishString,
    args: Schema.optionalKey(Schema.Unknown),
    partialArgs: nullishKey(Schema.Array(PartialArg)),
    willContinue: NullishBoolean
  }),
  thoughtSignature: NullishString
})

/**
 * Inline data (generated files).
 *
 * @since 0.1.0
 * @category schemas
 */
export const InlineDataPart = Schema.Struct({
  inlineData: Schema.Struct({ mimeType: Schema.String, data: Schema.String }),
  thought: NullishBoolean,
  thoughtSignature: NullishString
})

/**
 * A server-side tool call (tool combination).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ToolCallPart = Schema.Struct({
  toolCall: Schema.Struct({ toolType: Schema.String, args: Schema.optionalKey(Schema.Unknown), id: Schema.String }),
  thoughtSignature: NullishString
})

/**
 * A server-side tool response (tool combination).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ToolResponsePart = Schema.Struct({
  toolResponse: Schema.Struct({ toolType: Schema.String, response: Schema.optionalKey(Schema.Unknown), id: Schema.String }),
  thoughtSignature: NullishString
})

/**
 * Text, thought, executable code or a code execution result (every field optional:
 * like upstream's last union member it matches any object).
 *
 * @since 0.1.0
 * @category schemas
 */
export const TextPart = Schema.Struct({
  executableCode: nullishKey(Schema.Struct({ language: Schema.String, code: Schema.String })),
  codeExecutionResult: nullishKey(Schema.Struct({ outcome: Schema.String, output: NullishString })),
  text: NullishString,
  thought: NullishBoolean,
  thoughtSignature: NullishString
})

/**
 * A content part; the variants are tried in upstream's order (text can be empty).
 *
 * @since 0.1.0
 * @category schemas
 */
export const Part = Schema.Union([FunctionCallPart, InlineDataPart, ToolCallPart, ToolResponsePart, TextPart])

/**
 * A content part.
 *
 * @since 0.1.0
 * @category models
 */
export type Part = typeof Part.Type

/**
 * The content of a candidate.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Content = Schema.Struct({ parts: nullishKey(Schema.Array(Part)) })

/**
 * A safety rating.
 *
 * @since 0.1.0
 * @category schemas
 */
export const SafetyRating = Schema.Struct({
  category: NullishString,
  probability: NullishString,
  probabilityScore: NullishNumber,
  severity: NullishString,
  severityScore: NullishNumber,
  blocked: NullishBoolean
})

/**
 * A safety rating.
 *
 * @since 0.1.0
 * @category models
 */
export type SafetyRating = typeof SafetyRating.Type

const TokenDetail = Schema.Struct({ modality: Schema.String, tokenCount: Schema.Number })

const usageFields = {
  cachedContentTokenCount: NullishNumber,
  thoughtsTokenCount: NullishNumber,
  promptTokenCount: NullishNumber,
  candidatesTokenCount: NullishNumber,
  toolUsePromptTokenCount: NullishNumber,
  totalTokenCount: NullishNumber,
  trafficType: NullishString,
  serviceTier: NullishString,
  promptTokensDetails: nullishKey(Schema.Array(TokenDetail)),
  cacheTokensDetails: nullishKey(Schema.Array(TokenDetail)),
  candidatesTokensDetails: nullishKey(Schema.Array(TokenDetail)),
  toolUsePromptTokensDetails: nullishKey(Schema.Array(TokenDetail))
}

/**
 * The usage fields the model reads, as decoded per chunk (the wire schemas'
 * fast path has no index signatures); the extra keys upstream keeps are put
 * back from the raw chunk (`internal/Refine.ts`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const UsageMetadataFields = Schema.Struct(usageFields)

/**
 * The usage fields the model reads.
 *
 * @since 0.1.0
 * @category models
 */
export type UsageMetadataFields = typeof UsageMetadataFields.Type

const LooseTokenDetails = nullishKey(Schema.Array(Schema.StructWithRest(TokenDetail, [Schema.Record(Schema.String, JsonValue)])))

/**
 * Usage metadata with its extra keys (upstream's `.loose()`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const UsageMetadata = Schema.StructWithRest(
  Schema.Struct({
    ...usageFields,
    promptTokensDetails: LooseTokenDetails,
    cacheTokensDetails: LooseTokenDetails,
    candidatesTokensDetails: LooseTokenDetails,
    toolUsePromptTokensDetails: LooseTokenDetails
  }),
  [Schema.Record(Schema.String, JsonValue)]
)

/**
 * Usage metadata.
 *
 * @since 0.1.0
 * @category models
 */
export type UsageMetadata = typeof UsageMetadata.Type

/**
 * URL context retrieval metadata.
 *
 * @since 0.1.0
 * @category schemas
 */
export const UrlContextMetadata = Schema.Struct({
  urlMetadata: nullishKey(Schema.Array(Schema.Struct({ retrievedUrl: Schema.String, urlRetrievalStatus: Schema.String })))
})

/**
 * URL context retrieval metadata.
 *
 * @since 0.1.0
 * @category models
 */
export type UrlContextMetadata = typeof UrlContextMetadata.Type

/**
 * Prompt feedback (block reason and ratings).
 *
 * @since 0.1.0
 * @category schemas
 */
export const PromptFeedback = Schema.Struct({
  blockReason: NullishString,
  safetyRatings: nullishKey(Schema.Array(SafetyRating))
})

/**
 * Prompt feedback.
 *
 * @since 0.1.0
 * @category models
 */
export type PromptFeedback = typeof PromptFeedback.Type

/**
 * A response candidate.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Candidate = Schema.Struct({
  content: nullishKey(Content),
  finishReason: NullishString,
  finishMessage: NullishString,
  continuationToken: NullishString,
  safetyRatings: nullishKey(Schema.Array(SafetyRating)),
  // decoded with `GroundingMetadata` afterwards (its empty-struct union member has no fast path)
  groundingMetadata: nullishKey(Schema.Unknown),
  urlContextMetadata: nullishKey(UrlContextMetadata)
})

/**
 * A response candidate.
 *
 * @since 0.1.0
 * @category models
 */
export type Candidate = typeof Candidate.Type

/**
 * A `generateContent` response body.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Response = Schema.Struct({
  responseId: NullishString,
  candidates: nullishKey(Schema.Array(Candidate)),
  usageMetadata: nullishKey(UsageMetadataFields),
  promptFeedback: nullishKey(PromptFeedback)
})

/**
 * A `generateContent` response body.
 *
 * @since 0.1.0
 * @category models
 */
export type Response = typeof Response.Type

/**
 * One `streamGenerateContent` SSE chunk (a response, or an in-band error).
 *
 * @since 0.1.0
 * @category schemas
 */
export const Chunk = Schema.Struct({
  error: nullishKey(ErrorObject),
  responseId: NullishString,
  candidates: nullishKey(Schema.Array(Candidate)),
  usageMetadata: nullishKey(UsageMetadataFields),
  promptFeedback: nullishKey(PromptFeedback)
})

/**
 * One stream chunk.
 *
 * @since 0.1.0
 * @category models
 */
export type Chunk = typeof Chunk.Type
