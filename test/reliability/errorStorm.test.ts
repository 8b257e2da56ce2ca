/**
 * Error storms (issue 22, item 4): a `TypeValidationError`'s message is built on first read, not
 * per error, and reads exactly as upstream's; a value too deep to print throws a RangeError
 * in upstream's constructor, while aimux's error is built (WireJson renders a placeholder). Bench: `npm run bench -- --only STORM`.
 */
import { TypeValidationError as UpstreamTypeValidationError } from "@ai-sdk/provider"
import { describe, expect, it } from "@effect/vitest"
import { TypeValidationError } from "../../src/contract/errors/TypeValidationError.ts"

const deep = (depth: number): unknown => {
  let v: unknown = 0
  for (let i = 0; i < depth; i++) v = [v]
  return v
}

describe("TypeValidationError: lazy message", () => {
  const cases = [
    { value: { a: 1, b: ["x", null] }, cause: new Error("Expected string") },
    { value: "text", cause: "plain cause", context: { field: "chunk", entityName: "tool", entityId: "call_1" } },
    { value: undefined, cause: undefined },
    { value: deep(500), cause: new Error("too deep?") }
  ]
  for (const [i, options] of cases.entries()) {
    it(`reads as upstream's message (case ${i})`, () => {
      const ours = new TypeValidationError(options)
      const theirs = new UpstreamTypeValidationError(options)
      expect(ours.message).toBe(theirs.message)
      expect(String(ours)).toBe(`AI_TypeValidationError: ${theirs.message}`)
    })
  }

  it("nothing is printed until the message is read, then once", () => {
    let printed = 0
    const value = { toJSON: () => (printed++, { seen: true }) }
    let formatted = 0
    const cause = { toString: () => (formatted++, "issue") }
    const error = new TypeValidationError({ value, cause: Object.assign(new Error("x"), { toString: cause.toString }) })
    expect([printed, formatted]).toStrictEqual([0, 0])
    expect(error.message).toBe("Type validation failed: Value: {\"seen\":true}.\nError message: issue")
    expect(error.message).toBe("Type validation failed: Value: {\"seen\":true}.\nError message: issue")
    expect([printed, formatted]).toStrictEqual([1, 1])
  })

  it("a value too deep to print: upstream's constructor throws a RangeError, aimux's error is built", () => {
    const value = deep(200_000)
    const upstream = (() => {
      try {
        return new UpstreamTypeValidationError({ value, cause: new Error("x") })
      } catch (e) {
        return e
      }
    })()
    const ours = (() => {
      try {
        return new TypeValidationError({ value, cause: new Error("x") })
      } catch (e) {
        return e
      }
    })()
    expect(upstream).toBeInstanceOf(RangeError)
    // deliberate divergence (docs/divergences.md, WireJson): aimux's error is built, its message renders a placeholder
    expect(ours).toBeInstanceOf(TypeValidationError)
  })
})
