/**
 * A toolkit: a record of tools by name (upstream `ToolSet`), a plain value. Its handlers' services
 * are {@link Services}; {@link prepareTools} / {@link prepareToolChoice} turn it into the V4 call
 * options exactly as upstream `prepareTools` / `prepareToolChoice`.
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import type { CallTool, ToolChoice as V4ToolChoice } from "../contract/CallOptions.ts"
import { getOwn } from "./internal/GetOwn.ts"
import { toolJsonSchema } from "./ToolJsonSchema.ts"
import type * as Tool from "./Tool.ts"

/**
 * Any toolkit.
 *
 * @since 0.1.0
 * @category models
 */
export type Any = { readonly [name: string]: Tool.Any }

/**
 * The services the handlers of a toolkit need (the union of every tool's `R`).
 *
 * @since 0.1.0
 * @category models
 */
export type Services<T extends Any> = { readonly [K in keyof T]: Tool.ServicesOf<T[K]> }[keyof T]

/**
 * The names of a toolkit's tools.
 *
 * @since 0.1.0
 * @category models
 */
export type Names<T extends Any> = keyof T & string

/** Upstream's `IsUntypedContext`: no `contextSchema` (`unknown`), an empty object or a plain record. */
type IsUntypedContext<C> = unknown extends C ? true
  : keyof Exclude<C, undefined | null> extends never ? true
  : string extends keyof C ? C extends Readonly<Record<string, unknown>> ? true : false
  : false

/** A tool's context type when its `contextSchema` gives a concrete one (upstream `InferToolContext`). */
type TypedContextOf<T> = IsUntypedContext<Tool.ContextOf<T>> extends true ? never : Tool.ContextOf<T>

type Normalize<O> = { readonly [K in keyof O]: O[K] }

/**
 * The `toolsContext` of a toolkit (upstream `InferToolSetContext`): each tool with a concrete
 * `contextSchema` has its entry typed by it (required unless the context type admits
 * `undefined`); a tool without one takes any entry (upstream omits it from the type; at runtime
 * both pass it to `execute` as is).
 *
 * @since 0.1.0
 * @category models
 */
export type ToolsContext<T extends Any> = Normalize<
  & {
    readonly [K in keyof T as TypedContextOf<T[K]> extends never ? never : undefined extends TypedContextOf<T[K]> ? never : K]:
      TypedContextOf<T[K]>
  }
  & {
    readonly [K in keyof T as TypedContextOf<T[K]> extends never ? never : undefined extends TypedContextOf<T[K]> ? K : never]?:
      TypedContextOf<T[K]>
  }
  & { readonly [K in keyof T as TypedContextOf<T[K]> extends never ? K : never]?: unknown }
>

/**
 * Builds a toolkit (identity, for inference).
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = <const T extends Any>(tools: T): T => tools

/**
 * Looks a tool up by own property only, so `toString`, `constructor` or `__proto__` are never
 * tools (upstream `getOwn`).
 *
 * @since 0.1.0
 * @category getters
 */
export const getTool = <T extends Any>(tools: T | undefined, name: string): Tool.Any | undefined =>
  getOwn(tools, name)

/**
 * How the model may choose tools, as the core API takes it (upstream `ToolChoice`).
 *
 * @since 0.1.0
 * @category models
 */
export type ToolChoice<T extends Any> =
  | "auto"
  | "none"
  | "required"
  | { readonly type: "tool"; readonly toolName: Names<T> }

/**
 * Options of {@link prepareTools}.
 *
 * @since 0.1.0
 * @category models
 */
export interface PrepareToolsOptions<T extends Any> {
  /** Only these tools are sent (upstream `activeTools`, applied by `filterActiveTools`). */
  readonly activeTools?: ReadonlyArray<Names<T>> | undefined
  /** Listed tools first in this order, the rest alphabetically (upstream `toolOrder`). */
  readonly toolOrder?: ReadonlyArray<Names<T>> | undefined
}

const orderToolEntries = (
  tools: Any,
  toolOrder: ReadonlyArray<string> | undefined
): Array<[string, Tool.Any]> => {
  const entries = Object.entries(tools)
  if (toolOrder === undefined) return entries
  const ordered = entries
    .filter(([name]) => toolOrder.includes(name))
    .sort(([a], [b]) => toolOrder.indexOf(a) - toolOrder.indexOf(b))
  const unordered = entries
    .filter(([name]) => !toolOrder.includes(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return [...ordered, ...unordered]
}

/**
 * The V4 `tools` call option of a toolkit; `undefined` for no (or an empty) toolkit.
 * Function and dynamic tools become function tools with a JSON Schema `inputSchema` (keys only
 * when defined, as upstream); provider tools become `{type:'provider', name, id, args}`.
 *
 * @since 0.1.0
 * @category requests
 */
export const prepareTools = Effect.fnUntraced(function*<T extends Any>(
  tools: T | undefined,
  options?: PrepareToolsOptions<T>
) {
  if (tools == null) return undefined
  const activeTools = options?.activeTools
  const active: Any = activeTools === undefined
    ? tools
    : Object.fromEntries(Object.entries(tools).filter(([name]) => activeTools.includes(name)))
  if (Object.keys(active).length === 0) return undefined
  const result: Array<CallTool> = []
  for (const [name, tool] of orderToolEntries(active, options?.toolOrder)) {
    switch (tool.type) {
      case "function":
      case "dynamic": {
        const inputSchema = yield* toolJsonSchema(tool.inputSchema)
        result.push({
          type: "function",
          name,
          inputSchema,
          ...(tool.description != null ? { description: tool.description } : {}),
          ...(tool.inputExamples != null ? { inputExamples: tool.inputExamples } : {}),
          ...(tool.providerOptions != null ? { providerOptions: tool.providerOptions } : {}),
          ...(tool.strict != null ? { strict: tool.strict } : {})
        })
        break
      }
      case "provider": {
        result.push({ type: "provider", name, id: tool.id, args: tool.args })
        break
      }
    }
  }
  return result
})

/**
 * The V4 `toolChoice` call option (upstream `prepareToolChoice`): absent means `auto`.
 *
 * @since 0.1.0
 * @category requests
 */
export const prepareToolChoice = <T extends Any>(toolChoice: ToolChoice<T> | undefined): V4ToolChoice =>
  toolChoice == null
    ? { type: "auto" }
    : typeof toolChoice === "string"
    ? { type: toolChoice }
    : { type: "tool", toolName: toolChoice.toolName }
