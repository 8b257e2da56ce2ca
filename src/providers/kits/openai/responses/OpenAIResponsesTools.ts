/**
 * The OpenAI Responses provider tools: their ids (`openai.<tool>`), the
 * Responses API name of each, and the Schemas of their args, inputs and
 * outputs (ports of upstream `@ai-sdk/openai` `src/tool/*.ts`). Args are
 * camelCase as upstream's factories take them; decoding keeps upstream's key
 * order and strips unknown keys, so the request body is upstream's.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { UnknownRecord } from "../../../../contract/Json.ts"
import { nullish } from "../../../../contract/Fields.ts"

const opt = <S extends Schema.Top>(schema: S) => Schema.optional(schema)
const Str = Schema.String
const Num = Schema.Number
const Strs = Schema.Array(Str)

/**
 * The Responses API name of each provider tool id (upstream's `providerToolNames`).
 *
 * @since 0.1.0
 * @category tools
 */
export const providerToolNames: Readonly<Record<string, string>> = {
  "openai.code_interpreter": "code_interpreter",
  "openai.computer": "computer",
  "openai.file_search": "file_search",
  "openai.image_generation": "image_generation",
  "openai.local_shell": "local_shell",
  "openai.shell": "shell",
  "openai.web_search": "web_search",
  "openai.web_search_preview": "web_search_preview",
  "openai.mcp": "mcp",
  "openai.apply_patch": "apply_patch",
  "openai.tool_search": "tool_search",
  "openai.programmatic_tool_calling": "programmatic_tool_calling"
}

const NetworkPolicy = Schema.Union([
  Schema.Struct({ type: Schema.Literal("disabled") }),
  Schema.Struct({
    type: Schema.Literal("allowlist"),
    allowedDomains: Strs,
    domainSecrets: opt(Schema.Array(Schema.Struct({ domain: Str, name: Str, value: Str })))
  })
])

const MemoryLimit = Schema.Literals(["1g", "4g", "16g", "64g"])

const UserLocation = Schema.Struct({
  type: Schema.Literal("approximate"),
  country: opt(Str),
  city: opt(Str),
  region: opt(Str),
  timezone: opt(Str)
})

const SearchContextSize = Schema.Literals(["low", "medium", "high"])

/**
 * `openai.web_search` args.
 *
 * @since 0.1.0
 * @category tools
 */
export const WebSearchArgs = Schema.Struct({
  externalWebAccess: opt(Schema.Boolean),
  filters: opt(Schema.Struct({ allowedDomains: opt(Strs), blockedDomains: opt(Strs) })),
  searchContextSize: opt(SearchContextSize),
  userLocation: opt(UserLocation)
})

/**
 * `openai.web_search_preview` args.
 *
 * @since 0.1.0
 * @category tools
 */
export const WebSearchPreviewArgs = Schema.Struct({
  searchContextSize: opt(SearchContextSize),
  userLocation: opt(UserLocation)
})

/**
 * `openai.code_interpreter` args.
 *
 * @since 0.1.0
 * @category tools
 */
export const CodeInterpreterArgs = Schema.Struct({
  container: opt(Schema.Union([
    Str,
    Schema.Struct({ fileIds: opt(Strs), memoryLimit: opt(MemoryLimit), networkPolicy: opt(NetworkPolicy) })
  ]))
})

const ComparisonFilter = Schema.Struct({
  key: Str,
  type: Schema.Literals(["eq", "ne", "gt", "gte", "lt", "lte", "in", "nin"]),
  value: Schema.Union([Str, Num, Schema.Boolean, Strs])
})

/** A compound `openai.file_search` filter. @since 0.1.0 @category schemas */
export interface CompoundFilter {
  readonly type: "and" | "or"
  readonly filters: ReadonlyArray<typeof ComparisonFilter.Type | CompoundFilter>
}

const CompoundFilter: Schema.Codec<CompoundFilter> = Schema.Struct({
  type: Schema.Literals(["and", "or"]),
  filters: Schema.Array(Schema.Union([ComparisonFilter, Schema.suspend((): Schema.Codec<CompoundFilter> => CompoundFilter)]))
})

/**
 * `openai.file_search` args.
 *
 * @since 0.1.0
 * @category tools
 */
export const FileSearchArgs = Schema.Struct({
  vectorStoreIds: Strs,
  maxNumResults: opt(Num),
  ranking: opt(Schema.Struct({ ranker: opt(Str), scoreThreshold: opt(Num) })),
  filters: opt(Schema.Union([ComparisonFilter, CompoundFilter]))
})

const isInt = Schema.makeFilter((n: number) => Number.isInteger(n) || "expected an integer")
const between = (min: number, max: number) =>
  Schema.makeFilter((n: number) => (n >= min && n <= max) || `expected a number between ${min} and ${max}`)

const ImageGenerationFields = Schema.Struct({
  action: opt(Schema.Literals(["generate", "edit", "auto"])),
  background: opt(Schema.Literals(["auto", "opaque", "transparent"])),
  inputFidelity: opt(Schema.Literals(["low", "high"])),
  inputImageMask: opt(Schema.Struct({ fileId: opt(Str), imageUrl: opt(Str) })),
  model: opt(Str),
  moderation: opt(Schema.Literals(["auto", "low"])),
  outputCompression: opt(Num.check(isInt, between(0, 100))),
  outputFormat: opt(Schema.Literals(["png", "jpeg", "webp"])),
  partialImages: opt(Num.check(isInt, between(0, 3))),
  quality: opt(Schema.Literals(["auto", "low", "medium", "high", "xhigh", "max"])),
  size: opt(Schema.Union([
    Schema.Literals(["1024x1024", "1024x1536", "1536x1024", "auto"]),
    Str.check(Schema.isPattern(/^\d+x\d+$/))
  ]))
})

const imageGenerationKeys: ReadonlyArray<string> = Object.keys(ImageGenerationFields.fields)

/**
 * `openai.image_generation` args; strict as upstream's: an unknown key fails
 * (checked on the input, before the struct strips it).
 *
 * @since 0.1.0
 * @category tools
 */
export const ImageGenerationArgs = UnknownRecord.check(
  Schema.makeFilter((args: { readonly [key: string]: unknown }) =>
    Object.keys(args).every((key) => imageGenerationKeys.includes(key)) ||
    `unrecognized keys: ${Object.keys(args).filter((key) => !imageGenerationKeys.includes(key)).join(", ")}`
  )
).pipe(Schema.decodeTo(ImageGenerationFields))

/**
 * `openai.mcp` args.
 *
 * @since 0.1.0
 * @category tools
 */
export const McpArgs = Schema.Struct({
  serverLabel: Str,
  allowedTools: opt(Schema.Union([Strs, Schema.Struct({ readOnly: opt(Schema.Boolean), toolNames: opt(Strs) })])),
  authorization: opt(Str),
  connectorId: opt(Str),
  headers: opt(Schema.Record(Str, Str)),
  requireApproval: opt(Schema.Union([
    Schema.Literals(["always", "never"]),
    Schema.Struct({ never: opt(Schema.Struct({ toolNames: opt(Strs) })) })
  ])),
  serverDescription: opt(Str),
  serverUrl: opt(Str),
  tunnelId: opt(Str)
}).check(
  Schema.makeFilter((v) =>
    v.serverUrl != null || v.connectorId != null || v.tunnelId != null ||
    "One of serverUrl, connectorId, or tunnelId must be provided."
  ),
  Schema.makeFilter((v) =>
    v.tunnelId == null || (v.serverUrl == null && v.connectorId == null) ||
    "tunnelId cannot be combined with serverUrl or connectorId."
  )
)

/**
 * `openai.custom` args.
 *
 * @since 0.1.0
 * @category tools
 */
export const CustomArgs = Schema.Struct({
  description: opt(Str),
  async: opt(Schema.Boolean),
  format: opt(Schema.Union([
    Schema.Struct({ type: Schema.Literal("grammar"), syntax: Schema.Literals(["regex", "lark"]), definition: Str }),
    Schema.Struct({ type: Schema.Literal("text") })
  ]))
})

const ShellSkills = opt(Schema.Array(Schema.Union([
  Schema.Struct({
    type: Schema.Literal("skillReference"),
    providerReference: Schema.Record(Str, Str),
    version: opt(Str)
  }),
  Schema.Struct({
    type: Schema.Literal("inline"),
    name: Str,
    description: Str,
    source: Schema.Struct({ type: Schema.Literal("base64"), mediaType: Schema.Literal("application/zip"), data: Str })
  })
])))

/**
 * `openai.shell` args.
 *
 * @since 0.1.0
 * @category tools
 */
export const ShellArgs = Schema.Struct({
  environment: opt(Schema.Union([
    Schema.Struct({
      type: Schema.Literal("containerAuto"),
      fileIds: opt(Strs),
      memoryLimit: opt(MemoryLimit),
      networkPolicy: opt(NetworkPolicy),
      skills: ShellSkills
    }),
    Schema.Struct({ type: Schema.Literal("containerReference"), containerId: Str }),
    Schema.Struct({
      type: opt(Schema.Literal("local")),
      skills: opt(Schema.Array(Schema.Struct({ name: Str, description: Str, path: Str })))
    })
  ]))
})

/**
 * `openai.tool_search` args.
 *
 * @since 0.1.0
 * @category tools
 */
export const ToolSearchArgs = Schema.Struct({
  execution: opt(Schema.Literals(["server", "client"])),
  description: opt(Str),
  parameters: opt(UnknownRecord)
})

/**
 * `openai.local_shell` tool input.
 *
 * @since 0.1.0
 * @category tools
 */
export const LocalShellInput = Schema.Struct({
  action: Schema.Struct({
    type: Schema.Literal("exec"),
    command: Strs,
    timeoutMs: opt(Num),
    user: opt(Str),
    workingDirectory: opt(Str),
    env: opt(Schema.Record(Str, Str))
  })
})

/**
 * `openai.local_shell` tool output.
 *
 * @since 0.1.0
 * @category tools
 */
export const LocalShellOutput = Schema.Struct({ output: Str })

/**
 * `openai.shell` tool input.
 *
 * @since 0.1.0
 * @category tools
 */
export const ShellInput = Schema.Struct({
  action: Schema.Struct({ commands: Strs, timeoutMs: opt(Num), maxOutputLength: opt(Num) })
})

/**
 * `openai.shell` tool output.
 *
 * @since 0.1.0
 * @category tools
 */
export const ShellOutput = Schema.Struct({
  maxOutputLength: opt(Num),
  output: Schema.Array(Schema.Struct({
    stdout: Str,
    stderr: Str,
    outcome: Schema.Union([
      Schema.Struct({ type: Schema.Literal("timeout") }),
      Schema.Struct({ type: Schema.Literal("exit"), exitCode: Num })
    ])
  }))
})

/**
 * `openai.apply_patch` tool input.
 *
 * @since 0.1.0
 * @category tools
 */
export const ApplyPatchInput = Schema.Struct({
  callId: Str,
  operation: Schema.Union([
    Schema.Struct({ type: Schema.Literal("create_file"), path: Str, diff: Str }),
    Schema.Struct({ type: Schema.Literal("delete_file"), path: Str }),
    Schema.Struct({ type: Schema.Literal("update_file"), path: Str, diff: Str })
  ])
})

/**
 * `openai.apply_patch` tool output.
 *
 * @since 0.1.0
 * @category tools
 */
export const ApplyPatchOutput = Schema.Struct({ status: Schema.Literals(["completed", "failed"]), output: opt(Str) })

const SafetyCheck = Schema.Struct({ id: Str, code: opt(Str), message: opt(Str) })
const Keys = opt(Strs)

/**
 * A computer action as the `openai.computer` tool input carries it.
 *
 * @since 0.1.0
 * @category tools
 */
export const ComputerInputAction = Schema.Union([
  Schema.Struct({
    type: Schema.Literal("click"),
    button: Schema.Literals(["left", "right", "wheel", "back", "forward"]),
    x: Num,
    y: Num,
    keys: Keys
  }),
  Schema.Struct({ type: Schema.Literal("double_click"), x: Num, y: Num, keys: Keys }),
  Schema.Struct({ type: Schema.Literal("drag"), path: Schema.Array(Schema.Struct({ x: Num, y: Num })), keys: Keys }),
  Schema.Struct({ type: Schema.Literal("keypress"), keys: Strs }),
  Schema.Struct({ type: Schema.Literal("move"), x: Num, y: Num, keys: Keys }),
  Schema.Struct({ type: Schema.Literal("screenshot") }),
  Schema.Struct({ type: Schema.Literal("scroll"), x: Num, y: Num, scrollX: Num, scrollY: Num, keys: Keys }),
  Schema.Struct({ type: Schema.Literal("type"), text: Str }),
  Schema.Struct({ type: Schema.Literal("wait") })
])

/**
 * `openai.computer` tool input.
 *
 * @since 0.1.0
 * @category tools
 */
export const ComputerInput = Schema.Struct({
  actions: Schema.Array(ComputerInputAction),
  pendingSafetyChecks: Schema.Array(SafetyCheck),
  status: Schema.Literals(["in_progress", "completed", "incomplete"])
})

const Detail = opt(Schema.Literals(["auto", "low", "high", "original"]))

/**
 * `openai.computer` tool output.
 *
 * @since 0.1.0
 * @category tools
 */
export const ComputerOutput = Schema.Struct({
  output: Schema.Union([
    Schema.Struct({ type: Schema.Literal("computer_screenshot"), imageUrl: Str, fileId: opt(Str), detail: Detail }),
    Schema.Struct({ type: Schema.Literal("computer_screenshot"), fileId: Str, imageUrl: opt(Str), detail: Detail })
  ]),
  acknowledgedSafetyChecks: opt(Schema.Array(SafetyCheck))
})

/**
 * `openai.tool_search` tool input.
 *
 * @since 0.1.0
 * @category tools
 */
export const ToolSearchInput = Schema.Struct({
  arguments: Schema.optionalKey(Schema.Unknown),
  call_id: nullish(Str)
})

/**
 * `openai.tool_search` tool output.
 *
 * @since 0.1.0
 * @category tools
 */
export const ToolSearchOutput = Schema.Struct({ tools: Schema.Array(UnknownRecord) })

/**
 * `openai.programmatic_tool_calling` tool input.
 *
 * @since 0.1.0
 * @category tools
 */
export const ProgrammaticToolCallingInput = Schema.Struct({ code: Str, fingerprint: Str })

/**
 * `openai.programmatic_tool_calling` tool output.
 *
 * @since 0.1.0
 * @category tools
 */
export const ProgrammaticToolCallingOutput = Schema.Struct({
  result: Str,
  status: Schema.Literals(["completed", "incomplete"])
})

/**
 * `openai.web_search` tool output (a stored result sent back when `store` is off).
 *
 * @since 0.1.0
 * @category tools
 */
export const WebSearchOutput = Schema.Struct({
  action: opt(Schema.Union([
    Schema.Struct({ type: Schema.Literal("search"), query: opt(Str), queries: opt(Strs) }),
    Schema.Struct({ type: Schema.Literal("openPage"), url: nullish(Str) }),
    Schema.Struct({ type: Schema.Literal("findInPage"), url: nullish(Str), pattern: nullish(Str) })
  ])),
  sources: opt(Schema.Array(Schema.Union([
    Schema.Struct({ type: Schema.Literal("url"), url: Str }),
    Schema.Struct({ type: Schema.Literal("api"), name: Str })
  ])))
})
