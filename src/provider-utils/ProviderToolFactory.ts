/**
 * Provider tool factories (upstream `createProviderExecutedToolFactory` and
 * `createProviderDefinedToolFactory`): `openai.tools.webSearch(args)` and the like return a
 * provider tool, `{ type: "provider", id, args, isProviderExecuted, inputSchema, outputSchema }`,
 * the shape `Tool.provider` takes, so the result goes into `tools` as it is. A provider cannot
 * import core, so the factories build a plain object whose type is written here, structurally a
 * core `ProviderTool` without client handlers; a client-executed tool (Anthropic's bash, OpenAI's
 * shell, ...) gets its `execute` by spreading: `Tool.provider({ ...AnthropicTools.bash20250124(), execute })`.
 *
 * The args are kept as the user gives them (upstream keeps the object it is handed, minus its
 * client handlers); the provider validates them with the args Schema when it builds the request.
 *
 * @since 0.1.0
 */
import type { Schema } from "effect"

/**
 * A provider tool as a factory makes it.
 *
 * @since 0.1.0
 * @category models
 */
export interface ProviderToolDefinition<Input, Output> {
  readonly type: "provider"
  readonly id: `${string}.${string}`
  readonly args: Readonly<Record<string, unknown>>
  readonly isProviderExecuted: boolean
  readonly inputSchema?: Schema.Decoder<Input> | undefined
  readonly outputSchema?: Schema.Decoder<Output> | undefined
  readonly supportsDeferredResults?: boolean | undefined
}

/**
 * What a factory is made of.
 *
 * @since 0.1.0
 * @category models
 */
export interface FactoryOptions<Input, Output> {
  readonly id: `${string}.${string}`
  readonly inputSchema?: Schema.Decoder<Input> | undefined
  readonly outputSchema?: Schema.Decoder<Output> | undefined
  readonly supportsDeferredResults?: boolean | undefined
}

const build = <Input, Output>(
  options: FactoryOptions<Input, Output>,
  isProviderExecuted: boolean,
  args: object
): ProviderToolDefinition<Input, Output> => ({
  type: "provider",
  isProviderExecuted,
  id: options.id,
  args: { ...args },
  ...(options.inputSchema !== undefined && { inputSchema: options.inputSchema }),
  ...(options.outputSchema !== undefined && { outputSchema: options.outputSchema }),
  ...(options.supportsDeferredResults === true && { supportsDeferredResults: true })
})

/**
 * A factory of a tool the provider executes (upstream `createProviderExecutedToolFactory`).
 *
 * @since 0.1.0
 * @category constructors
 */
export const executed = <Args extends object, Input = unknown, Output = unknown>(options: FactoryOptions<Input, Output>) =>
(args: Args): ProviderToolDefinition<Input, Output> => build(options, true, args)

/**
 * A factory of a tool the provider defines and the client executes (upstream
 * `createProviderDefinedToolFactory`).
 *
 * @since 0.1.0
 * @category constructors
 */
export const defined = <Args extends object, Input = unknown, Output = unknown>(options: FactoryOptions<Input, Output>) =>
(args: Args): ProviderToolDefinition<Input, Output> => build(options, false, args)
