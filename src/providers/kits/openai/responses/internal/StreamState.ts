/**
 * The state of one Responses stream transform (upstream `doStream`'s
 * closure variables) and what it reads from the request.
 *
 * @internal
 */
import type { FunctionTool } from "../../../../../contract/CallOptions.ts"
import type { FinishReason } from "../../../../../contract/FinishReason.ts"
import type { Warning } from "../../../../../contract/Warning.ts"
import type { Annotation, Logprobs, PromptCacheDiagnostics, Usage } from "../OpenAIResponsesApi.ts"
import type { ToolNameMapping } from "./ToolNameMapping.ts"
import { v4_0_118, type VersionSkew } from "../../VersionSkew.ts"

/** @internal */
export interface StreamOptions {
  readonly warnings: ReadonlyArray<Warning>
  readonly toolNameMapping: ToolNameMapping
  readonly webSearchToolName: string | undefined
  readonly providerOptionsName: string
  readonly store: boolean | null | undefined
  readonly isShellProviderExecuted: boolean
  readonly functionTools: ReadonlyArray<FunctionTool>
  readonly approvalFromPrompt: Readonly<Record<string, string>>
  readonly includeRawChunks: boolean
  readonly logprobs: boolean
  readonly generateId: () => string
  /** Default 4.0.118's behaviours. */
  readonly skew?: VersionSkew | undefined
}

/** The options' version skew, 4.0.118's by default. @internal */
export const skewOf = (o: { readonly skew?: VersionSkew | undefined }): VersionSkew => o.skew ?? v4_0_118

/** @internal */
export interface OngoingToolCall {
  toolName: string
  toolCallId: string
  codeInterpreter?: { containerId: string }
  applyPatch?: { hasDiff: boolean; endEmitted: boolean }
  toolSearchExecution?: "server" | "client"
  suppressInputStreaming?: boolean
  bufferedInputDeltas?: Array<string> | undefined
  async?: boolean | null | undefined
}

/** @internal */
export type SummaryStatus = "active" | "can-conclude" | "concluded"

/** @internal */
export interface StreamState {
  finishReason: FinishReason
  usage: Usage | undefined
  readonly logprobs: Array<Logprobs | null>
  responseId: string | null
  readonly ongoingToolCalls: Record<number, OngoingToolCall | undefined>
  ongoingAnnotations: Array<Annotation>
  hasWebSearchActionSources: boolean
  hasFileSearchResults: boolean
  readonly retrievedFileIds: Set<string>
  readonly fallbackAnnotations: Array<Annotation>
  activeMessagePhase: "commentary" | "final_answer" | undefined
  hasFunctionCall: boolean
  hasRefusal: boolean
  readonly activeReasoning: Record<string, { encryptedContent: string | null | undefined; summaryParts: Record<string, SummaryStatus> } | undefined>
  readonly activeOutputItemIds: Record<number, string | undefined>
  serviceTier: string | undefined
  reasoningContext: string | undefined
  promptCacheDiagnostics: PromptCacheDiagnostics | undefined
  readonly hostedToolSearchCallIds: Array<string>
  encounteredStreamError: boolean
  readonly approvalFromStream: Map<string, string>
}

/** @internal */
export const initialState = (skew: VersionSkew = v4_0_118): StreamState => ({
  // A clean end without the provider's completion signal is interrupted (4.0.81: other).
  finishReason: { unified: skew.unfinishedStream, raw: undefined },
  usage: undefined,
  logprobs: [],
  responseId: null,
  ongoingToolCalls: {},
  ongoingAnnotations: [],
  hasWebSearchActionSources: false,
  hasFileSearchResults: false,
  retrievedFileIds: new Set(),
  fallbackAnnotations: [],
  activeMessagePhase: undefined,
  hasFunctionCall: false,
  hasRefusal: false,
  activeReasoning: {},
  activeOutputItemIds: {},
  serviceTier: undefined,
  reasoningContext: undefined,
  promptCacheDiagnostics: undefined,
  hostedToolSearchCallIds: [],
  encounteredStreamError: false,
  approvalFromStream: new Map()
})

/** OpenAI-compatible providers may rotate item ids; the output index stays stable. @internal */
export const resolveOutputItemId = (state: StreamState, itemId: string, outputIndex: number | null | undefined) =>
  outputIndex == null ? itemId : (state.activeOutputItemIds[outputIndex] ?? itemId)
