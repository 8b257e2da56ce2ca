/**
 * Shared test harness for the tool tests: runs upstream `parseToolCall` / `executeToolCall`
 * through `generateText` with `MockLanguageModelV4` (they are not exported), and normalizes
 * parsed calls and errors of both sides into comparable plain data.
 */
import type { LanguageModelV4Content, LanguageModelV4ToolCall } from "@ai-sdk/provider"
import { generateText, type ToolSet } from "ai"
import { MockLanguageModelV4 } from "ai/test"

export const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined }
}

export interface UpstreamRun {
  readonly content: ReadonlyArray<Record<string, unknown>>
  readonly toolCall: Record<string, unknown> | undefined
  readonly repairCalls: number
}

/** Runs one upstream generateText step whose model returns the given content. */
export const upstreamStep = async (options: {
  readonly content: ReadonlyArray<LanguageModelV4Content>
  readonly tools: ToolSet | undefined
  readonly repair?: ((options: { toolCall: LanguageModelV4ToolCall; error: unknown }) => Promise<LanguageModelV4ToolCall | null>) | undefined
  readonly refine?: Record<string, (input: unknown) => Promise<unknown>> | undefined
  readonly finish?: "stop" | "tool-calls" | "length" | undefined
  readonly abortSignal?: AbortSignal | undefined
}): Promise<UpstreamRun> => {
  let repairCalls = 0
  const model = new MockLanguageModelV4({
    doGenerate: {
      content: [...options.content],
      finishReason: { unified: options.finish ?? "stop", raw: undefined },
      usage,
      warnings: []
    }
  })
  const repair = options.repair
  const result = await generateText({
    model,
    ...(options.tools !== undefined ? { tools: options.tools } : {}),
    prompt: "hi",
    ...(options.abortSignal !== undefined ? { abortSignal: options.abortSignal } : {}),
    ...(repair !== undefined
      ? {
        repairToolCall: async (o: { toolCall: LanguageModelV4ToolCall; error: unknown }) => {
          repairCalls++
          return await repair(o)
        }
      }
      : {}),
    ...(options.refine !== undefined ? { experimental_refineToolInput: options.refine } : {})
  })
  const content = result.steps[0]!.content as unknown as ReadonlyArray<Record<string, unknown>>
  return { content, toolCall: content.find((p) => p.type === "tool-call"), repairCalls }
}

const isTypeValidation = (u: unknown): boolean =>
  typeof u === "object" && u !== null && (u as { name?: unknown }).name === "AI_TypeValidationError"

/**
 * Normalizes an error to plain data: name, message and the fields upstream errors carry.
 * The vendor part of a schema-validation message (zod vs Effect Schema) is cut, since the
 * cause's wording is the validator's own (listed in docs/divergences.md).
 */
export const normalizeError = (u: unknown): unknown => {
  if (!(u instanceof Error)) return u
  const e = u as Error & Record<string, unknown>
  const validation = isTypeValidation(e) || isTypeValidation(e.cause) ||
    (typeof e.cause === "object" && e.cause !== null && isTypeValidation((e.cause as { cause?: unknown }).cause)) ||
    isTypeValidation((e.originalError as { cause?: unknown } | undefined)?.cause)
  const message = validation ? cutValidatorText(e.message) : e.message
  const out: Record<string, unknown> = { name: e.name, message }
  for (const key of ["toolName", "availableTools", "toolInput", "text", "value"]) {
    if (key in e) out[key] = e[key]
  }
  if (e.cause !== undefined && !isTypeValidation(e)) out.cause = normalizeError(e.cause)
  if ("originalError" in e) out.originalError = normalizeError(e.originalError)
  return out
}

const cutValidatorText = (message: string): string => {
  const index = message.indexOf("Error message: ")
  return index < 0 ? message : message.slice(0, index) + "Error message: <validator>"
}

/** A parsed call as comparable data: keys kept (undefined included), error normalized. */
export const normalizeCall = (call: Record<string, unknown> | undefined): unknown => {
  if (call === undefined) return undefined
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(call).sort()) {
    out[key] = key === "error" ? normalizeError(call[key]) : call[key]
  }
  return out
}

/** The own enumerable keys, sorted: compares absent vs present-but-undefined. */
export const keysOf = (u: unknown): ReadonlyArray<string> =>
  typeof u === "object" && u !== null ? Object.keys(u).sort() : []
