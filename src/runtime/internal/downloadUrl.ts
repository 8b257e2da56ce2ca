/**
 * The URL guard of downloads: upstream `validateDownloadUrl` (`@ai-sdk/provider-utils` 5.0.81),
 * generalised to a policy whose all-`false` setting is upstream's check. Literal checks only: the
 * host is judged as written in the URL (after WHATWG parsing, which normalises numeric IPv4 forms
 * such as `2130706433` or `0x7f.1`), never by resolving it.
 *
 * @internal
 */
import { DownloadError } from "../../contract/errors/DownloadError.ts"

/** @internal */
export interface UrlPolicy {
  readonly allowFileUrls: boolean
  readonly allowLoopback: boolean
  readonly allowPrivateNetworks: boolean
  /** When given, only these host names (lower case, compared exactly) may be fetched. */
  readonly allowedHosts: ReadonlyArray<string> | undefined
}

/** Upstream's check: no file URLs, no loopback, no private or reserved addresses. @internal */
export const upstreamPolicy: UrlPolicy = {
  allowFileUrls: false,
  allowLoopback: false,
  allowPrivateNetworks: false,
  allowedHosts: undefined
}

type AddressClass = "loopback" | "private" | undefined

const isIPv4 = (hostname: string): boolean => {
  const parts = hostname.split(".")
  if (parts.length !== 4) return false
  return parts.every((part) => {
    const num = Number(part)
    return Number.isInteger(num) && num >= 0 && num <= 255 && String(num) === part
  })
}

// upstream isPrivateIPv4, with 127.0.0.0/8 told apart as loopback
const classifyIPv4 = (ip: string): AddressClass => {
  const [a, b, c] = ip.split(".").map(Number)
  if (a === 127) return "loopback"
  if (
    a === 0 || a === 10 || (a === 100 && b >= 64 && b <= 127) || (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 0 && c === 0) || (a === 192 && b === 0 && c === 2) ||
    (a === 192 && b === 168) || (a === 198 && (b === 18 || b === 19)) || (a === 198 && b === 51 && c === 100) ||
    (a === 203 && b === 0 && c === 113) || a >= 224
  ) return "private"
  return undefined
}

// upstream parseIPv6: the 8 groups, or undefined when not parseable
const parseIPv6 = (ip: string): ReadonlyArray<number> | undefined => {
  let address = ip.toLowerCase()
  const zone = address.indexOf("%")
  if (zone !== -1) address = address.slice(0, zone)
  const halves = address.split("::")
  if (halves.length > 2) return undefined
  const toGroups = (segment: string): Array<number> | undefined => {
    if (segment === "") return []
    const groups: Array<number> = []
    const parts = segment.split(":")
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]
      if (part.includes(".")) {
        if (i !== parts.length - 1 || !isIPv4(part)) return undefined
        const [a, b, c, d] = part.split(".").map(Number)
        groups.push((a << 8) | b, (c << 8) | d)
        continue
      }
      if (!/^[0-9a-f]{1,4}$/.test(part)) return undefined
      groups.push(parseInt(part, 16))
    }
    return groups
  }
  const head = toGroups(halves[0])
  if (head === undefined) return undefined
  if (halves.length === 2) {
    const tail = toGroups(halves[1])
    if (tail === undefined) return undefined
    const fill = 8 - head.length - tail.length
    if (fill < 0) return undefined
    return [...head, ...new Array<number>(fill).fill(0), ...tail]
  }
  return head.length === 8 ? head : undefined
}

// upstream isPrivateIPv6, with ::1 (and loopback embedded IPv4) told apart as loopback
const classifyIPv6 = (ip: string): AddressClass => {
  const groups = parseIPv6(ip)
  // fail closed, as upstream
  if (groups === undefined) return "private"
  const topZero = (count: number) => groups.slice(0, count).every((group) => group === 0)
  if (topZero(7) && groups[7] === 1) return "loopback"
  if (topZero(7) && groups[7] === 0) return "private"
  if ((groups[0] & 0xfe00) === 0xfc00) return "private"
  if ((groups[0] & 0xffc0) === 0xfe80) return "private"
  if ((groups[0] & 0xffc0) === 0xfec0) return "private"
  if ((groups[0] & 0xff00) === 0xff00) return "private"
  if (groups[0] === 0x2001 && groups[1] === 0x0db8) return "private"
  if (groups[0] === 0x3fff && (groups[1] & 0xf000) === 0x0000) return "private"
  const embedsIPv4 = topZero(6) ||
    (topZero(5) && groups[5] === 0xffff) ||
    (topZero(4) && groups[4] === 0xffff && groups[5] === 0) ||
    (groups[0] === 0x0064 && groups[1] === 0xff9b && groups[2] === 0 && groups[3] === 0 && groups[4] === 0 &&
      groups[5] === 0) ||
    (groups[0] === 0x0064 && groups[1] === 0xff9b && groups[2] === 0x0001)
  if (embedsIPv4) {
    const a = (groups[6] >> 8) & 0xff
    const b = groups[6] & 0xff
    const c = (groups[7] >> 8) & 0xff
    const d = groups[7] & 0xff
    return classifyIPv4(`${a}.${b}.${c}.${d}`)
  }
  return undefined
}

const refused = (cls: AddressClass, policy: UrlPolicy): boolean =>
  (cls === "loopback" && !policy.allowLoopback) || (cls === "private" && !policy.allowPrivateNetworks)

/**
 * The refusal of `url` under `policy`, or `undefined` when it may be fetched. Messages are
 * upstream's.
 *
 * @internal
 */
export const checkUrl = (url: string, policy: UrlPolicy): DownloadError | undefined => {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return new DownloadError({ url, message: `Invalid URL: ${url}` })
  }
  if (parsed.protocol === "data:") return undefined
  if (parsed.protocol === "file:" && policy.allowFileUrls) return undefined
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    return new DownloadError({ url, message: `URL scheme must be http, https, or data, got ${parsed.protocol}` })
  }
  const hostname = parsed.hostname.toLowerCase().replace(/\.+$/, "")
  if (!hostname) return new DownloadError({ url, message: `URL must have a hostname` })
  const hostRefused = new DownloadError({ url, message: `URL with hostname ${hostname} is not allowed` })
  if (policy.allowedHosts !== undefined && !policy.allowedHosts.includes(hostname)) return hostRefused
  if (hostname === "localhost" || hostname.endsWith(".localhost")) {
    return refused("loopback", policy) ? hostRefused : undefined
  }
  if (hostname.endsWith(".local") || hostname.endsWith(".internal")) {
    return refused("private", policy) ? hostRefused : undefined
  }
  if (hostname.startsWith("[") && hostname.endsWith("]")) {
    return refused(classifyIPv6(hostname.slice(1, -1)), policy)
      ? new DownloadError({ url, message: `URL with IPv6 address ${hostname} is not allowed` })
      : undefined
  }
  if (isIPv4(hostname) && refused(classifyIPv4(hostname), policy)) {
    return new DownloadError({ url, message: `URL with IP address ${hostname} is not allowed` })
  }
  return undefined
}
