/**
 * OpenAI's provider tool factories (upstream `openai.tools.*`, `@ai-sdk/openai` `src/tool/`): each
 * returns the provider tool upstream's factory returns (same id, args, execution side, deferred
 * results), typed by the Schemas of `OpenAIResponsesTools`. They go into `tools` of a generation
 * on the Responses model; a client-executed one (`localShell`, `shell`, `applyPatch`, `computer`,
 * `customTool`, a client `toolSearch`) gets its `execute` through `Tool.provider({ ...tool, execute })`.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { UnknownRecord } from "../../../contract/Json.ts"
import { nullish } from "../../../contract/Fields.ts"
import * as Factory from "../../../provider-utils/ProviderToolFactory.ts"
import * as T from "./responses/OpenAIResponsesTools.ts"

const Empty = Schema.Struct({})

/** `openai.code_interpreter` tool input. @since 0.1.0 @category schemas */
export const CodeInterpreterInput = Schema.Struct({ code: nullish(Schema.String), containerId: Schema.String })

/** `openai.code_interpreter` tool output. @since 0.1.0 @category schemas */
export const CodeInterpreterOutput = Schema.Struct({
  outputs: nullish(Schema.Array(Schema.Union([
    Schema.Struct({ type: Schema.Literal("logs"), logs: Schema.String }),
    Schema.Struct({ type: Schema.Literal("image"), url: Schema.String })
  ])))
})

/** `openai.file_search` tool output. @since 0.1.0 @category schemas */
export const FileSearchOutput = Schema.Struct({
  queries: Schema.Array(Schema.String),
  results: Schema.NullOr(Schema.Array(Schema.Struct({
    attributes: UnknownRecord,
    fileId: Schema.String,
    filename: Schema.String,
    score: Schema.Number,
    text: Schema.String
  })))
})

/** `openai.image_generation` tool output. @since 0.1.0 @category schemas */
export const ImageGenerationOutput = Schema.Struct({ result: Schema.String })

/** `openai.mcp` tool output. @since 0.1.0 @category schemas */
export const McpOutput = Schema.Struct({
  type: Schema.Literal("call"),
  serverLabel: Schema.String,
  name: Schema.String,
  arguments: Schema.String,
  output: nullish(Schema.String),
  error: Schema.optional(Schema.Unknown)
})

/** `openai.web_search_preview` tool output. @since 0.1.0 @category schemas */
export const WebSearchPreviewOutput = Schema.Struct({
  action: Schema.optional(Schema.Union([
    Schema.Struct({ type: Schema.Literal("search"), query: Schema.optional(Schema.String) }),
    Schema.Struct({ type: Schema.Literal("openPage"), url: nullish(Schema.String) }),
    Schema.Struct({ type: Schema.Literal("findInPage"), url: nullish(Schema.String), pattern: nullish(Schema.String) })
  ]))
})

type Args<S extends Schema.Top> = S["Type"]

const webSearchFactory = Factory.executed<Args<typeof T.WebSearchArgs>, {}, typeof T.WebSearchOutput.Type>({
  id: "openai.web_search",
  inputSchema: Empty,
  outputSchema: T.WebSearchOutput
})
const webSearchPreviewFactory = Factory.executed<Args<typeof T.WebSearchPreviewArgs>, {}, typeof WebSearchPreviewOutput.Type>({
  id: "openai.web_search_preview",
  inputSchema: Empty,
  outputSchema: WebSearchPreviewOutput
})
const codeInterpreterFactory = Factory.executed<Args<typeof T.CodeInterpreterArgs>, typeof CodeInterpreterInput.Type, typeof CodeInterpreterOutput.Type>({
  id: "openai.code_interpreter",
  inputSchema: CodeInterpreterInput,
  outputSchema: CodeInterpreterOutput
})
const imageGenerationFactory = Factory.executed<Args<typeof T.ImageGenerationArgs>, {}, typeof ImageGenerationOutput.Type>({
  id: "openai.image_generation",
  inputSchema: Empty,
  outputSchema: ImageGenerationOutput
})
const computerFactory = Factory.defined<{}, typeof T.ComputerInput.Type, typeof T.ComputerOutput.Type>({
  id: "openai.computer",
  inputSchema: T.ComputerInput,
  outputSchema: T.ComputerOutput
})
const toolSearchFactory = Factory.defined<Args<typeof T.ToolSearchArgs>, typeof T.ToolSearchInput.Type, typeof T.ToolSearchOutput.Type>({
  id: "openai.tool_search",
  inputSchema: T.ToolSearchInput,
  outputSchema: T.ToolSearchOutput
})
const applyPatchFactory = Factory.defined<{}, typeof T.ApplyPatchInput.Type, typeof T.ApplyPatchOutput.Type>({
  id: "openai.apply_patch",
  inputSchema: T.ApplyPatchInput,
  outputSchema: T.ApplyPatchOutput
})
const shellFactory = Factory.defined<Args<typeof T.ShellArgs>, typeof T.ShellInput.Type, typeof T.ShellOutput.Type>({
  id: "openai.shell",
  inputSchema: T.ShellInput,
  outputSchema: T.ShellOutput
})
const localShellFactory = Factory.defined<{}, typeof T.LocalShellInput.Type, typeof T.LocalShellOutput.Type>({
  id: "openai.local_shell",
  inputSchema: T.LocalShellInput,
  outputSchema: T.LocalShellOutput
})

/** Web search (upstream `openai.tools.webSearch`). @since 0.1.0 @category tools */
export const webSearch = (args: Args<typeof T.WebSearchArgs> = {}) => webSearchFactory(args)

/** Web search preview (upstream `openai.tools.webSearchPreview`). @since 0.1.0 @category tools */
export const webSearchPreview = (args: Args<typeof T.WebSearchPreviewArgs> = {}) => webSearchPreviewFactory(args)

/** File search over vector stores (upstream `openai.tools.fileSearch`). @since 0.1.0 @category tools */
export const fileSearch = Factory.executed<Args<typeof T.FileSearchArgs>, {}, typeof FileSearchOutput.Type>({
  id: "openai.file_search",
  inputSchema: Empty,
  outputSchema: FileSearchOutput
})

/** The code interpreter (upstream `openai.tools.codeInterpreter`). @since 0.1.0 @category tools */
export const codeInterpreter = (args: Args<typeof T.CodeInterpreterArgs> = {}) => codeInterpreterFactory(args)

/** Image generation (upstream `openai.tools.imageGeneration`). @since 0.1.0 @category tools */
export const imageGeneration = (args: Args<typeof T.ImageGenerationArgs> = {}) => imageGenerationFactory(args)

/** A remote MCP server (upstream `openai.tools.mcp`). @since 0.1.0 @category tools */
export const mcp = Factory.executed<Args<typeof T.McpArgs>, {}, typeof McpOutput.Type>({
  id: "openai.mcp",
  inputSchema: Empty,
  outputSchema: McpOutput
})

/** A custom tool constrained by a grammar (upstream `openai.tools.customTool`); its input is a string. @since 0.1.0 @category tools */
export const customTool = Factory.defined<Args<typeof T.CustomArgs>, string>({ id: "openai.custom", inputSchema: Schema.String })

/** Computer use, executed by the client (upstream `openai.tools.computer`). @since 0.1.0 @category tools */
export const computer = (args: {} = {}) => computerFactory(args)

/** Tool search (upstream `openai.tools.toolSearch`). @since 0.1.0 @category tools */
export const toolSearch = (args: Args<typeof T.ToolSearchArgs> = {}) => toolSearchFactory(args)

/** File edits as structured diffs, applied by the client (upstream `openai.tools.applyPatch`). @since 0.1.0 @category tools */
export const applyPatch = (args: {} = {}) => applyPatchFactory(args)

/** A shell, run by the client (upstream `openai.tools.shell`). @since 0.1.0 @category tools */
export const shell = (args: Args<typeof T.ShellArgs> = {}) => shellFactory(args)

/** The local shell, run by the client (upstream `openai.tools.localShell`). @since 0.1.0 @category tools */
export const localShell = (args: {} = {}) => localShellFactory(args)

/**
 * Programmatic tool calling (upstream `openai.tools.programmaticToolCalling`): the provider runs
 * code that calls the other tools; results may come in a later turn. Upstream's tool-caller hook
 * (`experimental_toolCallers`) is not ported: give the callable tools
 * `providerOptions: { openai: { allowedCallers: ["programmatic"] } }` yourself.
 *
 * @since 0.1.0
 * @category tools
 */
export const programmaticToolCalling = () =>
  Factory.executed<{}, typeof T.ProgrammaticToolCallingInput.Type, typeof T.ProgrammaticToolCallingOutput.Type>({
    id: "openai.programmatic_tool_calling",
    inputSchema: T.ProgrammaticToolCallingInput,
    outputSchema: T.ProgrammaticToolCallingOutput,
    supportsDeferredResults: true
  })({})
