/**
 * `addToolInputExamplesMiddleware`: a function tool's `inputExamples` are written into its
 * description, for providers without native input examples (upstream
 * `ai/src/middleware/add-tool-input-examples-middleware.ts`).
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import type { CallTool } from "../../contract/CallOptions.ts"
import type { JsonObject } from "../../contract/Json.ts"
import type { Middleware } from "./Middleware.ts"
import * as WireJson from "../../runtime/WireJson.ts"

/**
 * Options, as upstream's.
 *
 * @since 0.1.0
 * @category models
 */
export interface Options {
  /** Put before the examples; default `"Input Examples:"`. */
  readonly prefix?: string | undefined
  /** Formats one example; default `JSON.stringify(example.input)`. */
  readonly format?: ((example: { readonly input: JsonObject }, index: number) => string) | undefined
  /** Drop `inputExamples` from the tool once written into the description; default true. */
  readonly remove?: boolean | undefined
}

const defaultFormat = (example: { readonly input: JsonObject }): string => WireJson.render(example.input)

/**
 * The middleware.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (options: Options = {}): Middleware => {
  const prefix = options.prefix ?? "Input Examples:"
  const format = options.format ?? defaultFormat
  const remove = options.remove ?? true
  return {
    transformParams: ({ params }) =>
      Effect.sync(() => {
        if (params.tools === undefined || params.tools.length === 0) return params
        const tools = params.tools.map((tool): CallTool => {
          if (tool.type !== "function" || tool.inputExamples === undefined || tool.inputExamples.length === 0) {
            return tool
          }
          const section = `${prefix}\n${tool.inputExamples.map((example, index) => format(example, index)).join("\n")}`
          return {
            ...tool,
            description: tool.description ? `${tool.description}\n\n${section}` : section,
            inputExamples: remove ? undefined : tool.inputExamples
          }
        })
        return { ...params, tools }
      })
  }
}
