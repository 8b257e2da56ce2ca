/**
 * xAI's server-side tool factories (upstream `xai.tools.*`, `@ai-sdk/xai` `src/tool/`): each
 * returns the provider tool upstream's factory returns, typed by the args Schemas of `XAIOptions`.
 * All run on xAI's servers (the Responses model).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import * as Factory from "../../provider-utils/ProviderToolFactory.ts"
import type * as O from "./XAIOptions.ts"

const Empty = Schema.Struct({})
const nullishString = Schema.optional(Schema.NullOr(Schema.String))

/** `xai.code_execution` output. @since 0.1.0 @category schemas */
export const CodeExecutionOutput = Schema.Struct({ output: Schema.String, error: Schema.optional(Schema.String) })

/** `xai.file_search` output. @since 0.1.0 @category schemas */
export const FileSearchOutput = Schema.Struct({
  queries: Schema.Array(Schema.String),
  results: Schema.NullOr(Schema.Array(Schema.Struct({ fileId: Schema.String, filename: Schema.String, score: Schema.Number, text: Schema.String })))
})

/** `xai.image_generation` output. @since 0.1.0 @category schemas */
export const ImageGenerationOutput = Schema.Struct({ result: Schema.String, prompt: Schema.optional(Schema.String) })

/** `xai.mcp` output. @since 0.1.0 @category schemas */
export const McpServerOutput = Schema.Struct({ name: Schema.String, arguments: Schema.String, result: Schema.Unknown })

/** `xai.view_image` output. @since 0.1.0 @category schemas */
export const ViewImageOutput = Schema.Struct({ description: Schema.String, objects: Schema.optional(Schema.Array(Schema.String)) })

/** `xai.view_x_video` output. @since 0.1.0 @category schemas */
export const ViewXVideoOutput = Schema.Struct({
  transcript: Schema.optional(Schema.String),
  description: Schema.String,
  duration: Schema.optional(Schema.Number)
})

/** `xai.web_search` output. @since 0.1.0 @category schemas */
export const WebSearchOutput = Schema.Struct({
  action: Schema.optional(Schema.Union([
    Schema.Struct({ type: Schema.Literal("search"), query: Schema.optional(Schema.String), queries: Schema.optional(Schema.Array(Schema.String)) }),
    Schema.Struct({ type: Schema.Literal("openPage"), url: nullishString }),
    Schema.Struct({ type: Schema.Literal("findInPage"), url: nullishString, pattern: nullishString })
  ])),
  sources: Schema.optional(Schema.Array(Schema.Struct({ type: Schema.Literal("url"), url: Schema.String })))
})

/** `xai.x_search` output. @since 0.1.0 @category schemas */
export const XSearchOutput = Schema.Struct({
  query: Schema.String,
  posts: Schema.Array(Schema.Struct({ author: Schema.String, text: Schema.String, url: Schema.String, likes: Schema.Number }))
})

const code = Factory.executed<{}, {}, typeof CodeExecutionOutput.Type>({ id: "xai.code_execution", inputSchema: Empty, outputSchema: CodeExecutionOutput })
const image = Factory.executed<typeof O.ImageGenerationArgs.Type, {}, typeof ImageGenerationOutput.Type>({
  id: "xai.image_generation",
  inputSchema: Empty,
  outputSchema: ImageGenerationOutput
})
const view = Factory.executed<{}, {}, typeof ViewImageOutput.Type>({ id: "xai.view_image", inputSchema: Empty, outputSchema: ViewImageOutput })
const video = Factory.executed<{}, {}, typeof ViewXVideoOutput.Type>({ id: "xai.view_x_video", inputSchema: Empty, outputSchema: ViewXVideoOutput })
const web = Factory.executed<typeof O.WebSearchArgs.Type, {}, typeof WebSearchOutput.Type>({ id: "xai.web_search", inputSchema: Empty, outputSchema: WebSearchOutput })
const x = Factory.executed<typeof O.XSearchArgs.Type, {}, typeof XSearchOutput.Type>({ id: "xai.x_search", inputSchema: Empty, outputSchema: XSearchOutput })

/** Code execution (upstream `xai.tools.codeExecution`). @since 0.1.0 @category tools */
export const codeExecution = (args: {} = {}) => code(args)

/** File search over vector stores (upstream `xai.tools.fileSearch`). @since 0.1.0 @category tools */
export const fileSearch = Factory.executed<typeof O.FileSearchArgs.Type, {}, typeof FileSearchOutput.Type>({
  id: "xai.file_search",
  inputSchema: Empty,
  outputSchema: FileSearchOutput
})

/** Image generation (upstream `xai.tools.imageGeneration`). @since 0.1.0 @category tools */
export const imageGeneration = (args: typeof O.ImageGenerationArgs.Type = {}) => image(args)

/** A remote MCP server (upstream `xai.tools.mcpServer`). @since 0.1.0 @category tools */
export const mcpServer = Factory.executed<typeof O.McpServerArgs.Type, {}, typeof McpServerOutput.Type>({
  id: "xai.mcp",
  inputSchema: Empty,
  outputSchema: McpServerOutput
})

/** Image understanding (upstream `xai.tools.viewImage`). @since 0.1.0 @category tools */
export const viewImage = (args: {} = {}) => view(args)

/** X video understanding (upstream `xai.tools.viewXVideo`). @since 0.1.0 @category tools */
export const viewXVideo = (args: {} = {}) => video(args)

/** Web search (upstream `xai.tools.webSearch`). @since 0.1.0 @category tools */
export const webSearch = (args: typeof O.WebSearchArgs.Type = {}) => web(args)

/** X search (upstream `xai.tools.xSearch`). @since 0.1.0 @category tools */
export const xSearch = (args: typeof O.XSearchArgs.Type = {}) => x(args)
