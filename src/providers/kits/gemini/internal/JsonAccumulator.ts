/**
 * Builds a function call's arguments from Vertex's streamed `partialArgs`
 * (upstream `google-json-accumulator.ts`): the object and a running JSON
 * text whose deltas concatenate to `JSON.stringify` of the final object.
 */
import type { PartialArg } from "../GeminiApi.ts"
import * as WireJson from "../../../../runtime/WireJson.ts"

type PathSegment = string | number

interface StackEntry {
  readonly segment: PathSegment
  readonly isArray: boolean
  childCount: number
}

type Container = Record<string | number, unknown>

const isContainer = (u: unknown): u is Container => u != null && typeof u === "object"

const hasOwn = (obj: Container, key: PathSegment): boolean => Object.prototype.hasOwnProperty.call(obj, key)

// own data properties: `__proto__` and friends never reach a prototype setter
const defineOwn = (obj: Container, key: PathSegment, value: unknown): void => {
  Object.defineProperty(obj, key, { value, enumerable: true, configurable: true, writable: true })
}

const parsePath = (rawPath: string): Array<PathSegment> => {
  const segments: Array<PathSegment> = []
  for (const part of rawPath.split(".")) {
    const bracketIdx = part.indexOf("[")
    if (bracketIdx === -1) {
      segments.push(part)
    } else {
      if (bracketIdx > 0) segments.push(part.slice(0, bracketIdx))
      for (const m of part.matchAll(/\[(\d+)\]/g)) segments.push(parseInt(m[1], 10))
    }
  }
  return segments
}

const getNested = (obj: Container, segments: ReadonlyArray<PathSegment>): unknown => {
  let current: unknown = obj
  for (const segment of segments) {
    if (!isContainer(current)) return undefined
    if (!hasOwn(current, segment)) return undefined
    current = current[segment]
  }
  return current
}

// Array indexes must be an existing element or the next one: a sparse index
// would make the final stringify write one `null` per hole.
const normalizeAndCheckIndexes = (obj: Container, segments: Array<PathSegment>): boolean => {
  let current: unknown = obj
  for (let i = 0; i < segments.length; i++) {
    let segment = segments[i]
    if (Array.isArray(current) && typeof segment === "string") {
      const index = Number(segment)
      if (Number.isInteger(index) && index >= 0 && index < 2 ** 32 - 1 && String(index) === segment) {
        segment = index
        segments[i] = index
      }
    }
    if (typeof segment === "number") {
      const length = Array.isArray(current) ? current.length : current == null ? 0 : undefined
      if (length !== undefined && segment > length) return false
    }
    current = isContainer(current) && hasOwn(current, segment) ? current[segment] : undefined
  }
  return true
}

const setNested = (obj: Container, segments: ReadonlyArray<PathSegment>, value: unknown): void => {
  let current: Container = obj
  for (let i = 0; i < segments.length - 1; i++) {
    const segment = segments[i]
    const existing = hasOwn(current, segment) ? current[segment] : undefined
    if (existing == null) defineOwn(current, segment, typeof segments[i + 1] === "number" ? [] : {})
    const next = current[segment]
    // a scalar in the way: upstream writes onto it and loses the value silently
    if (!isContainer(next)) return
    current = next
  }
  defineOwn(current, segments[segments.length - 1], value)
}

const resolveValue = (arg: PartialArg): { readonly value: unknown; readonly json: string } | undefined => {
  const value = arg.stringValue ?? arg.numberValue ?? arg.boolValue
  if (value != null) return { value, json: WireJson.render(value) }
  if ("nullValue" in arg) return { value: null, json: "null" }
  return undefined
}

/**
 * The accumulator of one streamed call.
 */
export class JsonAccumulator {
  private readonly accumulatedArgs: Container = {}
  private jsonText = ""
  private readonly pathStack: Array<StackEntry> = []
  private stringOpen = false

  /** Applies a batch of partial args; returns the JSON text delta. */
  processPartialArgs(partialArgs: ReadonlyArray<PartialArg>): string {
    let delta = ""
    for (const arg of partialArgs) {
      // `$.path[]` without a value terminates an array (and is all an empty array sends)
      const isArrayTerminator = arg.jsonPath.endsWith("[]")
      const jsonPath = isArrayTerminator ? arg.jsonPath.slice(0, -2) : arg.jsonPath
      const rawPath = jsonPath.replace(/^\$\./, "")
      if (!rawPath || rawPath === "$") continue
      const segments = parsePath(rawPath)
      if (!normalizeAndCheckIndexes(this.accumulatedArgs, segments)) continue
      const existing = getNested(this.accumulatedArgs, segments)
      if (arg.stringValue != null && existing !== undefined) {
        setNested(this.accumulatedArgs, segments, `${String(existing)}${arg.stringValue}`)
        delta += WireJson.render(arg.stringValue).slice(1, -1)
        if (arg.willContinue !== true) delta += this.closeOpenString()
        continue
      }
      const resolved = resolveValue(arg)
      if (resolved === undefined) {
        // value-less: a terminator for an existing path, else an empty container
        if (existing !== undefined) {
          if (typeof existing === "string" && arg.willContinue !== true) delta += this.closeOpenString()
          continue
        }
        if (arg.willContinue === true) continue
        setNested(this.accumulatedArgs, segments, isArrayTerminator ? [] : {})
        delta += this.emitContainer(segments, isArrayTerminator)
        continue
      }
      setNested(this.accumulatedArgs, segments, resolved.value)
      delta += this.emitNavigationTo(segments, arg, resolved.json)
    }
    this.jsonText += delta
    return delta
  }

  /** The final JSON and the delta that closes the running text. */
  finalize(): { readonly finalJSON: string; readonly closingDelta: string } {
    const finalJSON = WireJson.render(this.accumulatedArgs)
    return { finalJSON, closingDelta: finalJSON.slice(this.jsonText.length) }
  }

  private closeOpenString(): string {
    if (!this.stringOpen) return ""
    this.stringOpen = false
    return "\""
  }

  private ensureRoot(): string {
    if (this.pathStack.length === 0) {
      this.pathStack.push({ segment: "", isArray: false, childCount: 0 })
      return "{"
    }
    return ""
  }

  private emitNavigationTo(target: ReadonlyArray<PathSegment>, arg: PartialArg, valueJson: string): string {
    let fragment = this.closeOpenString()
    fragment += this.ensureRoot()
    const container = target.slice(0, -1)
    const leaf = target[target.length - 1]
    fragment += this.closeDownTo(this.findCommonStackDepth(container))
    fragment += this.openDownTo(container, leaf)
    fragment += this.emitLeaf(leaf, arg, valueJson)
    return fragment
  }

  private emitContainer(target: ReadonlyArray<PathSegment>, isArray: boolean): string {
    let fragment = this.closeOpenString()
    fragment += this.ensureRoot()
    fragment += this.closeDownTo(this.findCommonStackDepth(target))
    fragment += this.openDownTo(target, isArray ? 0 : "")
    return fragment
  }

  private findCommonStackDepth(container: ReadonlyArray<PathSegment>): number {
    const maxDepth = Math.min(this.pathStack.length - 1, container.length)
    let common = 0
    for (let i = 0; i < maxDepth; i++) {
      if (this.pathStack[i + 1].segment === container[i]) common++
      else break
    }
    return common + 1
  }

  private closeDownTo(depth: number): string {
    let fragment = ""
    while (this.pathStack.length > depth) {
      const entry = this.pathStack.pop()
      if (entry === undefined) break
      fragment += entry.isArray ? "]" : "}"
    }
    return fragment
  }

  private openDownTo(container: ReadonlyArray<PathSegment>, leaf: PathSegment): string {
    let fragment = ""
    for (let i = this.pathStack.length - 1; i < container.length; i++) {
      const segment = container[i]
      const parent = this.pathStack[this.pathStack.length - 1]
      if (parent.childCount > 0) fragment += ","
      parent.childCount++
      if (typeof segment === "string") fragment += `${WireJson.render(segment)}:`
      const child = i + 1 < container.length ? container[i + 1] : leaf
      const isArray = typeof child === "number"
      fragment += isArray ? "[" : "{"
      this.pathStack.push({ segment, isArray, childCount: 0 })
    }
    return fragment
  }

  private emitLeaf(leaf: PathSegment, arg: PartialArg, valueJson: string): string {
    let fragment = ""
    const container = this.pathStack[this.pathStack.length - 1]
    if (container.childCount > 0) fragment += ","
    container.childCount++
    if (typeof leaf === "string") fragment += `${WireJson.render(leaf)}:`
    if (arg.stringValue != null && arg.willContinue) {
      fragment += valueJson.slice(0, -1)
      this.stringOpen = true
    } else {
      fragment += valueJson
    }
    return fragment
  }
}
