/**
 * `RequestHeaders`: upstream's header helpers (`combineHeaders`,
 * `normalizeHeaders`, `withUserAgentSuffix`, the runtime user agent), with
 * `Redacted` values allowed so API keys stay redacted until the request edge.
 *
 * @since 0.1.0
 */
import { Redacted } from "effect"

/**
 * A header value: plain, redacted (secrets), or absent.
 *
 * @since 0.1.0
 * @category models
 */
export type Value = string | Redacted.Redacted<string> | undefined

/**
 * Headers as providers build them.
 *
 * @since 0.1.0
 * @category models
 */
export type Input = Readonly<Record<string, Value>>

/**
 * Normalized headers: lower-case names, no absent values.
 *
 * @since 0.1.0
 * @category models
 */
export type Normalized = Record<string, string | Redacted.Redacted<string>>

/**
 * Upstream `combineHeaders`: later records win, key by key (no case folding,
 * `undefined` kept, as upstream).
 *
 * @since 0.1.0
 * @category requests
 */
export const combineHeaders = (...headers: ReadonlyArray<Input | undefined>): Record<string, Value> => {
  const combined: Record<string, Value> = {}
  for (const record of headers) {
    if (record !== undefined) Object.assign(combined, record)
  }
  return combined
}

// The whitespace `Headers` strips from values (HTTP tab or space, CR, LF).
const trimHttp = (value: string): string => value.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, "")

/**
 * Upstream `normalizeHeaders`: lower-case names, `undefined`/`null` values
 * dropped; a later spelling of the same name wins.
 *
 * @since 0.1.0
 * @category requests
 */
export const normalizeHeaders = (headers: Input | undefined): Normalized => {
  const normalized: Normalized = {}
  if (headers === undefined) return normalized
  for (const [key, value] of Object.entries(headers)) {
    if (value != null) normalized[key.toLowerCase()] = value
  }
  return normalized
}

/**
 * Upstream `withUserAgentSuffix`: normalizes the headers and appends the
 * parts (blank ones skipped) to `user-agent`. Like the WHATWG `Headers`
 * upstream goes through, names come out sorted and plain values trimmed.
 *
 * @since 0.1.0
 * @category requests
 */
export const withUserAgentSuffix = (headers: Input | undefined, ...userAgentSuffixParts: ReadonlyArray<string>): Normalized => {
  const normalized = normalizeHeaders(headers)
  const current = normalized["user-agent"]
  const currentText = current === undefined ? "" : typeof current === "string" ? trimHttp(current) : ""
  normalized["user-agent"] = [currentText, ...userAgentSuffixParts].filter(Boolean).join(" ")
  const result: Normalized = {}
  for (const key of Object.keys(normalized).sort()) {
    const value = normalized[key]
    result[key] = typeof value === "string" ? trimHttp(value) : value
  }
  return result
}

/**
 * Upstream `getRuntimeEnvironmentUserAgent`: `navigator.userAgent` lower-cased
 * (Node >= 21.1, browsers, Deno, Bun), else `node.js/<version>`, else
 * `vercel-edge`, else `""`.
 *
 * @since 0.1.0
 * @category utils
 */
export const runtimeUserAgent = (): string => {
  const g: { navigator?: { userAgent?: unknown }; process?: { versions?: { node?: unknown }; version?: unknown }; EdgeRuntime?: unknown } =
    globalThis
  const userAgent = g.navigator?.userAgent
  if (typeof userAgent === "string" && userAgent) return userAgent.toLowerCase()
  if (g.process?.versions?.node) return `node.js/${String(g.process.version)}`
  if (g.EdgeRuntime) return "vercel-edge"
  return ""
}

/**
 * Unwraps redacted values: call only where the request is built.
 *
 * @since 0.1.0
 * @category utils
 */
export const reveal = (headers: Normalized): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const key in headers) {
    const value = headers[key]
    out[key] = typeof value === "string" ? value : Redacted.value(value)
  }
  return out
}
