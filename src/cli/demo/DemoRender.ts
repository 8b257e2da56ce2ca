/**
 * How the demo shows a run: for people (text as it streams, tool calls with
 * their arguments, results, steps, usage, finish reason) or as JSON lines (one
 * full-stream part per line).
 *
 * @since 0.1.0
 */
import type { LanguageModelUsage } from "../../core/CoreUsage.ts"
import type { TextStreamPart } from "../../core/StreamText.ts"
import { getErrorMessage } from "../../contract/errors/getErrorMessage.ts"
import { toJsonValue } from "../../contract/Json.ts"
import { errorToJson } from "../internal/wire.ts"

/**
 * A renderer: called with each part in order; `outcome` tells whether the run
 * ended well (a `finish` part and no `error` part).
 *
 * @since 0.1.0
 * @category models
 */
export interface Renderer {
  readonly part: (part: TextStreamPart) => void
  readonly outcome: () => { readonly finished: boolean; readonly errors: number }
}

/**
 * Terminal styles; all identity functions when colour is off.
 *
 * @since 0.1.0
 * @category models
 */
export interface Style {
  readonly bold: (s: string) => string
  readonly dim: (s: string) => string
  readonly cyan: (s: string) => string
  readonly green: (s: string) => string
  readonly red: (s: string) => string
}

const sgr = (open: number, close: number) => (s: string) => `\u001b[${open}m${s}\u001b[${close}m`

/**
 * Colour for a TTY unless `NO_COLOR` is set.
 *
 * @since 0.1.0
 * @category cli
 */
export const style = (color: boolean): Style =>
  color
    ? { bold: sgr(1, 22), dim: sgr(2, 22), cyan: sgr(36, 39), green: sgr(32, 39), red: sgr(31, 39) }
    : { bold: String, dim: String, cyan: String, green: String, red: String }

const count = (n: number | undefined): string => n === undefined ? "?" : String(n)

/**
 * Usage as `N input, M output, T total tokens`.
 *
 * @since 0.1.0
 * @category cli
 */
export const formatUsage = (usage: LanguageModelUsage): string =>
  `${count(usage.inputTokens)} input, ${count(usage.outputTokens)} output, ${count(usage.totalTokens)} total tokens`

const json = (value: unknown): string => JSON.stringify(toJsonValue(value))

const errorText = (error: unknown): string => {
  const { message, name } = errorToJson(error)
  return `${String(name)}: ${String(message)}`
}

/**
 * The human renderer, writing through `write` (no newline added).
 *
 * @since 0.1.0
 * @category cli
 */
export const pretty = (write: (text: string) => void, s: Style): Renderer => {
  let step = 0
  let errors = 0
  let finished = false
  let inText = false
  const line = (text: string) => {
    if (inText) {
      write("\n")
      inText = false
    }
    write(`${text}\n`)
  }
  const label = (name: string) => s.dim(name.padEnd(12))
  return {
    outcome: () => ({ finished, errors }),
    part: (part) => {
      switch (part.type) {
        case "start-step":
          step++
          line(`\n${s.bold(`step ${step}`)}`)
          break
        case "text-start":
          if (!inText) write(`  ${s.green("assistant".padEnd(12))}`)
          inText = true
          break
        case "reasoning-start":
          line(`  ${label("reasoning")}`)
          break
        case "text-delta":
          write(part.text)
          break
        case "reasoning-delta":
          write(s.dim(part.text))
          break
        case "text-end":
          if (inText) write("\n")
          inText = false
          break
        case "tool-call":
          line(
            part.invalid === true
              ? `  ${label("tool call")}${s.red(`${part.toolName} (invalid: ${getErrorMessage(part.error)})`)}`
              : `  ${label("tool call")}${s.cyan(part.toolName)} ${json(part.input)}  ${s.dim(`(${part.toolCallId})`)}`
          )
          break
        case "tool-result":
          if (part.preliminary === true) break
          line(`  ${label("result")}${s.cyan(part.toolName)} → ${json(part.output)}`)
          break
        case "tool-error":
          line(`  ${label("tool error")}${s.cyan(part.toolName)} → ${s.red(getErrorMessage(part.error))}`)
          break
        case "finish-step":
          line(`  ${label("finish")}${part.finishReason} · usage: ${formatUsage(part.usage)}`)
          break
        case "finish":
          finished = true
          line(
            `\n${s.bold("done")}: ${step} step${step === 1 ? "" : "s"} · finish reason ${part.finishReason} · ` +
              `total usage: ${formatUsage(part.totalUsage)}`
          )
          break
        case "error":
          errors++
          line(`  ${label("error")}${s.red(errorText(part.error))}`)
          break
        case "abort":
          line(`  ${label("aborted")}${part.reason ?? ""}`)
          break
        case "source":
          line(`  ${label("source")}${json(part)}`)
          break
        default:
          break
      }
    }
  }
}

/**
 * A part as JSON: wire JSON (`Date` as ISO-8601), errors as `{name, message, ...}`.
 *
 * @since 0.1.0
 * @category cli
 */
export const partToJson = (part: TextStreamPart): unknown =>
  part.type === "error" || part.type === "tool-error"
    ? toJsonValue({ ...part, error: errorToJson(part.error) })
    : toJsonValue(part)

/**
 * The JSON-lines renderer: one line per part.
 *
 * @since 0.1.0
 * @category cli
 */
export const jsonLines = (write: (text: string) => void): Renderer => {
  let errors = 0
  let finished = false
  return {
    outcome: () => ({ finished, errors }),
    part: (part) => {
      if (part.type === "error") errors++
      if (part.type === "finish") finished = true
      write(`${JSON.stringify(partToJson(part))}\n`)
    }
  }
}
