/**
 * The results of `tools/list` and `tools/call` as upstream `@ai-sdk/mcp` types and checks them
 * (its `types.ts`): loose objects (unknown keys kept), text, image, embedded-resource and
 * resource-link content checked, any other content type passed on. {@link decodeCallToolResult}
 * and {@link decodeListToolsResult} also build what upstream's schemas build: known keys first in
 * upstream's schema order, then the rest as received (`toModelOutput` stringifies unknown parts,
 * so the order reaches the model); `isError` defaulted to `false`; a result with only
 * `structuredContent` gets its JSON as a text part.
 *
 * @since 0.1.0
 */
import { Option, Predicate, Result, Schema } from "effect"
import * as WireJson from "../runtime/WireJson.ts"

const Rest = Schema.Record(Schema.String, Schema.Unknown)
const loose = <const F extends Schema.Struct.Fields>(fields: F) => Schema.StructWithRest(Schema.Struct(fields), [Rest])
const Base64 = Schema.String.check(Schema.isPattern(/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/))
const opt = Schema.optional

const resourceFields = { uri: Schema.String, name: opt(Schema.String), title: opt(Schema.String), mimeType: opt(Schema.String) }
const known: ReadonlyArray<string> = ["text", "image", "resource", "resource_link"]

/**
 * One content part of a tool result.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ContentPart = Schema.Union([
  loose({ type: Schema.Literal("text"), text: Schema.String }),
  loose({ type: Schema.Literal("image"), data: Base64, mimeType: Schema.String }),
  loose({
    type: Schema.Literal("resource"),
    resource: Schema.Union([loose({ ...resourceFields, text: Schema.String }), loose({ ...resourceFields, blob: Base64 })])
  }),
  loose({
    type: Schema.Literal("resource_link"),
    uri: Schema.String,
    name: Schema.String,
    description: opt(Schema.String),
    mimeType: opt(Schema.String)
  }),
  loose({ type: Schema.String.check(Schema.makeFilter((type) => !known.includes(type), { message: "Known content types must match their schema" })) })
])

/**
 * One content part of a tool result.
 *
 * @since 0.1.0
 * @category models
 */
export type ContentPart = typeof ContentPart.Type

const resultFields = { _meta: opt(Rest), resultType: opt(Schema.String) }

/**
 * A `tools/call` result with content.
 *
 * @since 0.1.0
 * @category schemas
 */
export const CallToolResult = loose({
  ...resultFields,
  content: Schema.Array(ContentPart),
  structuredContent: opt(Schema.Unknown),
  isError: Schema.Boolean
})

/**
 * A `tools/call` result with content.
 *
 * @since 0.1.0
 * @category models
 */
export type CallToolResult = typeof CallToolResult.Type

const WireCallToolResult = loose({ ...resultFields, content: Schema.Array(ContentPart), isError: opt(Schema.Boolean) })
const StructuredOnly = loose({ ...resultFields, content: opt(Schema.Undefined), structuredContent: Schema.Json, isError: opt(Schema.Boolean) })

const hintFields = {
  title: opt(Schema.String),
  readOnlyHint: opt(Schema.Boolean),
  destructiveHint: opt(Schema.Boolean),
  idempotentHint: opt(Schema.Boolean),
  openWorldHint: opt(Schema.Boolean)
}

/**
 * A tool as `tools/list` describes it.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ToolDefinition = loose({
  name: Schema.String,
  title: opt(Schema.String),
  description: opt(Schema.String),
  inputSchema: loose({ type: opt(Schema.Unknown), properties: opt(Rest) }),
  outputSchema: opt(Rest),
  annotations: opt(loose(hintFields)),
  _meta: opt(Rest)
})

/**
 * A tool as `tools/list` describes it.
 *
 * @since 0.1.0
 * @category models
 */
export type ToolDefinition = typeof ToolDefinition.Type

/**
 * One page of `tools/list`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ListToolsResult = loose({ ...resultFields, nextCursor: opt(Schema.String), tools: Schema.Array(ToolDefinition) })

/**
 * One page of `tools/list`.
 *
 * @since 0.1.0
 * @category models
 */
export type ListToolsResult = typeof ListToolsResult.Type

/** The same object with `keys` first (those present, in that order), then the others as they were. */
const ordered = <A extends object>(value: A, keys: ReadonlyArray<string>): A => {
  const copy = { ...value }
  const others = Object.keys(copy).filter((key) => !keys.includes(key))
  // deleting and setting a key again moves it to the end of the insertion order
  for (const key of [...keys, ...others]) {
    if (!Object.hasOwn(copy, key)) continue
    const v: unknown = Reflect.get(copy, key)
    Reflect.deleteProperty(copy, key)
    Reflect.set(copy, key, v)
  }
  return copy
}

const partKeys: Record<string, ReadonlyArray<string>> = {
  text: ["type", "text"],
  image: ["type", "data", "mimeType"],
  resource: ["type", "resource"],
  resource_link: ["type", "uri", "name", "description", "mimeType"]
}
const resourceKeys = ["uri", "name", "title", "mimeType"]

const orderPart = (part: ContentPart): ContentPart => {
  const ordered_ = ordered(part, partKeys[part.type] ?? ["type"])
  const resource: unknown = ordered_.type === "resource" ? ordered_.resource : undefined
  if (!Predicate.isObject(resource)) return ordered_
  return { ...ordered_, resource: ordered(resource, [...resourceKeys, "text" in resource ? "text" : "blob"]) }
}

const callKeys = ["_meta", "resultType", "content", "structuredContent", "isError"]
const isWire = Schema.is(WireCallToolResult)
const isStructuredOnly = Schema.is(StructuredOnly)

/**
 * A `tools/call` result as upstream parses it; `None` when it does not parse.
 *
 * @since 0.1.0
 * @category decoding
 */
export const decodeCallToolResult = (u: unknown): Option.Option<CallToolResult> => {
  if (isWire(u)) return Option.some(ordered({ ...u, content: u.content.map(orderPart), isError: u.isError ?? false }, callKeys))
  if (isStructuredOnly(u)) {
    // upstream's text part is the value's JSON text; a value with none (too deep, too large) does not parse
    const printed = WireJson.stringify(u.structuredContent)
    if (Result.isFailure(printed)) return Option.none()
    const content: ReadonlyArray<ContentPart> = [{ type: "text", text: printed.success }]
    return Option.some(ordered({ ...u, content, isError: u.isError ?? false }, callKeys))
  }
  return Option.none()
}

const toolKeys = ["name", "title", "description", "inputSchema", "outputSchema", "annotations", "_meta"]
const isListToolsResult = Schema.is(ListToolsResult)

const orderTool = (tool: ToolDefinition): ToolDefinition => {
  const annotations = tool.annotations
  return ordered({
    ...tool,
    inputSchema: ordered(tool.inputSchema, ["type", "properties"]),
    ...(annotations !== undefined ? { annotations: ordered(annotations, Object.keys(hintFields)) } : {})
  }, toolKeys)
}

/**
 * A `tools/list` page as upstream parses it; `None` when it does not parse.
 *
 * @since 0.1.0
 * @category decoding
 */
export const decodeListToolsResult = (u: unknown): Option.Option<ListToolsResult> =>
  isListToolsResult(u)
    ? Option.some(ordered({ ...u, tools: u.tools.map(orderTool) }, ["_meta", "resultType", "nextCursor", "tools"]))
    : Option.none()
