/**
 * MCP tool definitions as an aimux toolkit (upstream `MCPClient.tools` / `toolsFromDefinitions`).
 *
 * With `schemas: "automatic"` (the default) every listed tool becomes a dynamic tool whose input
 * schema is the server's JSON Schema with `properties` defaulted to `{}` and
 * `additionalProperties: false`, not validated on the client. With user-given schemas only the
 * named tools are kept, as function tools with those schemas; an `outputSchema` turns the result
 * into its validated `structuredContent` (or the JSON of its first text part). Each tool's
 * `execute` calls `tools/call` (interrupting it cancels the call on the server) and returns the
 * `CallToolResult` (an `isError` result is returned, not failed, as upstream), and its
 * `toModelOutput` is {@link McpModelOutput.toModelOutput}. `metadata` is upstream's
 * `{clientName, toolName, title?, annotations?}`.
 *
 * @since 0.1.0
 */
import { Effect, Option, Predicate, Schema } from "effect"
import { MCPClientError } from "../contract/errors/MCPClientError.ts"
import type { JsonObject } from "../contract/Json.ts"
import * as Tool from "../core/Tool.ts"
import * as McpModelOutput from "./McpModelOutput.ts"
import type { CallToolResult, ToolDefinition } from "./McpResult.ts"
import type { ProgressUpdate, ToolCaller } from "./McpRequest.ts"
import type { Duration } from "effect"

/**
 * User-given schemas of one tool.
 *
 * @since 0.1.0
 * @category models
 */
export interface ToolSchema<Input, Output> {
  readonly inputSchema: Tool.InputSchema<Input>
  readonly outputSchema?: Tool.InputSchema<Output> | undefined
}

/**
 * User-given schemas by tool name, or `"automatic"`.
 *
 * @since 0.1.0
 * @category models
 */
export type Schemas = "automatic" | { readonly [name: string]: ToolSchema<unknown, unknown> }

type OutputOfSchema<S> = S extends { readonly outputSchema: Tool.InputSchema<infer O> } ? O : CallToolResult
type InputOfSchema<S> = S extends ToolSchema<infer I, infer _O> ? I : never

/**
 * The toolkit made for some schemas.
 *
 * @since 0.1.0
 * @category models
 */
export type McpToolkit<S extends Schemas> = S extends "automatic" ? { readonly [name: string]: Tool.DynamicTool<never> }
  : { readonly [K in keyof S]: Tool.FunctionTool<InputOfSchema<S[K]>, OutputOfSchema<S[K]>, never> }

/**
 * Options of {@link fromDefinitions}.
 *
 * @since 0.1.0
 * @category models
 */
export interface Options<S extends Schemas> {
  readonly schemas?: S | undefined
  /** A timeout for every call (see `RequestOptions.timeout`). */
  readonly timeout?: Duration.Input | undefined
  /** Progress notifications of the calls. */
  readonly onProgress?: ((toolName: string, toolCallId: string, progress: ProgressUpdate) => Effect.Effect<void>) | undefined
}

const validate = (schema: Tool.InputSchema<unknown>, value: unknown): Effect.Effect<unknown, unknown> =>
  Tool.isEffectSchema(schema)
    ? Schema.decodeUnknownEffect(schema)(value)
    : schema.validate !== undefined
    ? schema.validate(value)
    : Effect.succeed(value)

const parseJson = (text: string): Option.Option<unknown> => {
  try {
    return Option.some(JSON.parse(text))
  } catch {
    return Option.none()
  }
}

/**
 * Upstream `extractStructuredContent`: the result's `structuredContent` validated by the output
 * schema, else its first text part parsed as JSON and validated.
 *
 * @since 0.1.0
 * @category tools
 */
export const extractStructuredContent = (
  result: CallToolResult,
  outputSchema: Tool.InputSchema<unknown>,
  toolName: string
): Effect.Effect<unknown, MCPClientError> => {
  if (result.structuredContent != null) {
    return validate(outputSchema, result.structuredContent).pipe(Effect.mapError((cause) =>
      new MCPClientError({
        message: `Tool "${toolName}" returned structuredContent that does not match the expected outputSchema`,
        cause
      })
    ))
  }
  const text = result.content.find((part) => part.type === "text")
  if (text !== undefined && Predicate.isString(text.text)) {
    const parsed = parseJson(text.text)
    const fail = (cause: unknown) =>
      new MCPClientError({ message: `Tool "${toolName}" returned content that does not match the expected outputSchema`, cause })
    return Option.isNone(parsed)
      ? Effect.fail(fail(new Error("Invalid JSON")))
      : validate(outputSchema, parsed.value).pipe(Effect.mapError(fail))
  }
  return Effect.fail(
    new MCPClientError({ message: `Tool "${toolName}" did not return structuredContent or parseable text content` })
  )
}

const metadataOf = (caller: ToolCaller, definition: ToolDefinition, title: string | undefined): JsonObject => {
  const annotations = definition.annotations
  const hints: Record<string, string | boolean> = {}
  if (annotations != null) {
    for (const key of ["title", "readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const) {
      const value = annotations[key]
      if (value != null) hints[key] = value
    }
  }
  return {
    clientName: caller.clientInfo.name,
    toolName: definition.name,
    ...(title != null ? { title } : {}),
    ...(annotations != null ? { annotations: hints } : {})
  }
}

const isRecord = (u: unknown): u is Readonly<Record<string, unknown>> =>
  typeof u === "object" && u !== null && !Array.isArray(u)

/**
 * Makes the toolkit of some tool definitions (upstream `toolsFromDefinitions`).
 *
 * @since 0.1.0
 * @category tools
 */
export function fromDefinitions<const S extends Schemas = "automatic">(
  caller: ToolCaller,
  definitions: ReadonlyArray<ToolDefinition>,
  options?: Options<S>
): McpToolkit<S>
export function fromDefinitions(
  caller: ToolCaller,
  definitions: ReadonlyArray<ToolDefinition>,
  options?: Options<Schemas>
): Record<string, Tool.Any> {
  const schemas: Schemas = options?.schemas ?? "automatic"
  const tools: Record<string, Tool.Any> = Object.create(null)
  for (const definition of definitions) {
    const { description, inputSchema, name } = definition
    const title = definition.title ?? definition.annotations?.title
    const userSchema = schemas === "automatic" ? undefined : Object.hasOwn(schemas, name) ? schemas[name] : undefined
    if (schemas !== "automatic" && userSchema === undefined) continue
    const outputSchema = userSchema?.outputSchema
    const onProgress = options?.onProgress
    const execute = (input: unknown, context: Tool.ExecutionContext) =>
      Effect.flatMap(
        caller.callTool({
          name,
          arguments: isRecord(input) ? input : {},
          timeout: options?.timeout,
          onProgress: onProgress === undefined ? undefined : (progress) => onProgress(name, context.toolCallId, progress)
        }),
        (result): Effect.Effect<unknown, MCPClientError> =>
          result.isError === true || outputSchema === undefined
            ? Effect.succeed(result)
            : extractStructuredContent(result, outputSchema, name)
      )
    const toModelOutput = ({ output }: Tool.ToModelOutputOptions<unknown, unknown>) =>
      Effect.try(() => McpModelOutput.toModelOutput(output))
    const metadata = metadataOf(caller, definition, title)
    tools[name] = userSchema === undefined
      ? Tool.dynamic({
        description,
        title,
        metadata,
        inputSchema: Tool.jsonSchema({ ...inputSchema, properties: inputSchema.properties ?? {}, additionalProperties: false }),
        execute,
        toModelOutput
      })
      : Tool.make({
        description,
        title,
        metadata,
        inputSchema: userSchema.inputSchema,
        ...(outputSchema !== undefined ? { outputSchema } : {}),
        execute,
        toModelOutput
      })
  }
  return tools
}
