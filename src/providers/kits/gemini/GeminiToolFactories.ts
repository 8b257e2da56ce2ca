/**
 * The Gemini provider tool factories (upstream `google.tools.*`, `@ai-sdk/google` `src/tool/`,
 * also `vertex.tools`): each returns the provider tool upstream's factory returns. All are
 * executed by Google; the model sends their results as sources and provider metadata.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import * as Factory from "../../../provider-utils/ProviderToolFactory.ts"

const Empty = Schema.Struct({})

/** `google.code_execution` tool input. @since 0.1.0 @category schemas */
export const CodeExecutionInput = Schema.Struct({ language: Schema.String, code: Schema.String })

/** `google.code_execution` tool output. @since 0.1.0 @category schemas */
export const CodeExecutionOutput = Schema.Struct({ outcome: Schema.String, output: Schema.String })

/** `google.google_search` args (loose upstream: other keys pass through). @since 0.1.0 @category schemas */
export interface GoogleSearchArgs {
  readonly searchTypes?: { readonly webSearch?: {}; readonly imageSearch?: {} }
  readonly timeRangeFilter?: { readonly startTime: string; readonly endTime: string }
  readonly [key: string]: unknown
}

/** `google.file_search` args (loose upstream). @since 0.1.0 @category schemas */
export interface FileSearchArgs {
  readonly fileSearchStoreNames: ReadonlyArray<string>
  readonly topK?: number
  readonly metadataFilter?: string
  readonly [key: string]: unknown
}

/** `google.vertex_rag_store` args. @since 0.1.0 @category schemas */
export interface VertexRagStoreArgs {
  readonly ragCorpus: string
  readonly topK?: number
}

const search = Factory.executed<GoogleSearchArgs, {}, {}>({ id: "google.google_search", inputSchema: Empty, outputSchema: Empty })
const enterprise = Factory.executed<{}, {}, {}>({ id: "google.enterprise_web_search", inputSchema: Empty, outputSchema: Empty })
const maps = Factory.executed<{}, {}, {}>({ id: "google.google_maps", inputSchema: Empty, outputSchema: Empty })
const url = Factory.executed<{}, {}, {}>({ id: "google.url_context", inputSchema: Empty, outputSchema: Empty })
const code = Factory.executed<{}, typeof CodeExecutionInput.Type, typeof CodeExecutionOutput.Type>({
  id: "google.code_execution",
  inputSchema: CodeExecutionInput,
  outputSchema: CodeExecutionOutput
})

/** Grounding with Google Search (upstream `google.tools.googleSearch`). @since 0.1.0 @category tools */
export const googleSearch = (args: GoogleSearchArgs = {}) => search(args)

/** Enterprise web search, Vertex only (upstream `google.tools.enterpriseWebSearch`). @since 0.1.0 @category tools */
export const enterpriseWebSearch = (args: {} = {}) => enterprise(args)

/** Grounding with Google Maps (upstream `google.tools.googleMaps`). @since 0.1.0 @category tools */
export const googleMaps = (args: {} = {}) => maps(args)

/** URL context (upstream `google.tools.urlContext`). @since 0.1.0 @category tools */
export const urlContext = (args: {} = {}) => url(args)

/** File search over file search stores (upstream `google.tools.fileSearch`). @since 0.1.0 @category tools */
export const fileSearch = Factory.executed<FileSearchArgs, {}, {}>({ id: "google.file_search", inputSchema: Empty, outputSchema: Empty })

/** Code execution (upstream `google.tools.codeExecution`). @since 0.1.0 @category tools */
export const codeExecution = (args: {} = {}) => code(args)

/** Retrieval from a Vertex RAG corpus (upstream `google.tools.vertexRagStore`). @since 0.1.0 @category tools */
export const vertexRagStore = Factory.executed<VertexRagStoreArgs, {}, {}>({ id: "google.vertex_rag_store", inputSchema: Empty, outputSchema: Empty })
