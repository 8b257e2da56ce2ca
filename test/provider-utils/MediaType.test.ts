/**
 * Differential tests of the media-type helpers (`DetectMediaType`, `ResolveFullMediaType`, `Base64`)
 * against `@ai-sdk/provider-utils` 5.0.81 on the same inputs.
 */
import type { LanguageModelV4FilePart } from "@ai-sdk/provider"
import * as Upstream from "@ai-sdk/provider-utils"
import { Effect, Exit } from "effect"
import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import * as Base64 from "../../src/provider-utils/Base64.ts"
import * as DetectMediaType from "../../src/provider-utils/DetectMediaType.ts"
import * as ResolveFullMediaType from "../../src/provider-utils/ResolveFullMediaType.ts"

const bytes = (...values: ReadonlyArray<number>) => Uint8Array.from(values)
const toBase64 = (data: Uint8Array) => Buffer.from(data).toString("base64")

// Every signature of upstream's tables, written out so the cases do not depend on our copy of them.
const signatures: ReadonlyArray<ReadonlyArray<number | null>> = [
  [0x47, 0x49, 0x46, 0x38, 0x37, 0x61],
  [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
  [0x89, 0x50, 0x4e, 0x47],
  [0xff, 0xd8],
  [0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50],
  [0x42, 0x4d, null, null, null, null, 0x00, 0x00, 0x00, 0x00],
  [0x49, 0x49, 0x2a, 0x00],
  [0x4d, 0x4d, 0x00, 0x2a],
  [0x00, 0x00, 0x00, null, 0x66, 0x74, 0x79, 0x70, 0x61, 0x76, 0x69, 0x66],
  [0x00, 0x00, 0x00, null, 0x66, 0x74, 0x79, 0x70, 0x68, 0x65, 0x69, 0x63],
  [0x25, 0x50, 0x44, 0x46],
  [0xff, 0xf0],
  [0xff, 0xf1],
  [0xff, 0xf8],
  [0xff, 0xf9],
  [0xff, 0xfb],
  [0xff, 0xfa],
  [0xff, 0xf3],
  [0xff, 0xf2],
  [0xff, 0xe3],
  [0xff, 0xe2],
  [0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x41, 0x56, 0x45],
  [0x4f, 0x67, 0x67, 0x53],
  [0x66, 0x4c, 0x61, 0x43],
  [0x40, 0x15, 0x00, 0x00],
  [0x1a, 0x45, 0xdf, 0xa3],
  [0x00, 0x00, 0x00, null, 0x66, 0x74, 0x79, 0x70],
  [0x00, 0x00, 0x00, 0x14, 0x66, 0x74, 0x79, 0x70, 0x71, 0x74],
  [0x52, 0x49, 0x46, 0x46]
]

const topLevelTypes: ReadonlyArray<string | undefined> = [
  undefined,
  "image",
  "audio",
  "video",
  "application",
  "text",
  "font",
  "",
  "constructor",
  "toString"
]

const id3 = (tagBodySize: number, after: ReadonlyArray<number>): Uint8Array => {
  const data = new Uint8Array(10 + tagBodySize + after.length)
  data.set([0x49, 0x44, 0x33, 0x04, 0x00, 0x00])
  data.set([(tagBodySize >> 21) & 0x7f, (tagBodySize >> 14) & 0x7f, (tagBodySize >> 7) & 0x7f, tagBodySize & 0x7f], 6)
  data.set(after, 10 + tagBodySize)
  return data
}

const detectBoth = (data: Uint8Array | string, topLevelType: string | undefined) => {
  const options = topLevelType === undefined ? { data } : { data, topLevelType }
  return { aimux: DetectMediaType.detectMediaType(options), upstream: Upstream.detectMediaType(options) }
}

const expectSameDetection = (data: Uint8Array) => {
  for (const topLevelType of topLevelTypes) {
    for (const input of [data, toBase64(data)]) {
      const { aimux, upstream } = detectBoth(input, topLevelType)
      expect({ topLevelType, detected: aimux }).toStrictEqual({ topLevelType, detected: upstream })
    }
  }
}

describe("detectMediaType (differential)", () => {
  it("every signature, filled and padded, as bytes and as base64, for every top-level type", () => {
    let matched = 0
    for (const signature of signatures) {
      for (const fill of [0x00, 0x7f, 0xff]) {
        for (const tail of [0, 1, 6, 40]) {
          const data = Uint8Array.from([...signature.map((b) => b ?? fill), ...new Array<number>(tail).fill(fill)])
          expectSameDetection(data)
          if (Upstream.detectMediaType({ data }) !== undefined) matched++
        }
      }
      // one byte short of the signature matches nothing upstream either
      expectSameDetection(Uint8Array.from(signature.slice(0, -1).map((b) => b ?? 0)))
    }
    expect(matched).toBeGreaterThan(signatures.length * 6)
  })

  it("ID3v2-tagged audio, including tags at and past the scan limit", () => {
    const mpeg = [0xff, 0xfb, 0x90, 0x00]
    for (const size of [0, 1, 100, 4096, 128 * 1024 - 10, 128 * 1024 - 4, 128 * 1024, 128 * 1024 + 1, 200_000]) {
      expectSameDetection(id3(size, mpeg))
      expectSameDetection(id3(size, [0x66, 0x4c, 0x61, 0x43, 0, 0]))
    }
    expectSameDetection(bytes(0x49, 0x44, 0x33))
    expectSameDetection(bytes(0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0))
    expectSameDetection(bytes(0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0, 0xff))
  })

  it("random bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), fc.constantFrom(...topLevelTypes), (data, topLevelType) => {
        for (const input of [data, toBase64(data), toBase64(data).replace(/=+$/, "")]) {
          const { aimux, upstream } = detectBoth(input, topLevelType)
          expect(aimux).toBe(upstream)
        }
      }),
      { numRuns: 2000 }
    )
  })

  it("signature prefixes followed by random bytes", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...signatures),
        fc.uint8Array({ minLength: 12, maxLength: 30 }),
        fc.constantFrom(...topLevelTypes),
        (signature, rest, topLevelType) => {
          const data = Uint8Array.from([...signature.map((b, i) => b ?? rest[i]), ...rest])
          for (const input of [data, toBase64(data)]) {
            const { aimux, upstream } = detectBoth(input, topLevelType)
            expect(aimux).toBe(upstream)
          }
        }
      ),
      { numRuns: 2000 }
    )
  })
})

describe("getTopLevelMediaType / isFullMediaType (differential)", () => {
  const examples = ["image/png", "image/*", "image", "image/", "", "/", "a/b/c", "*/*", "text/plain; charset=utf-8"]

  it("upstream's documented examples and random strings", () => {
    const check = (mediaType: string) => {
      expect(DetectMediaType.getTopLevelMediaType(mediaType)).toBe(Upstream.getTopLevelMediaType(mediaType))
      expect(DetectMediaType.isFullMediaType(mediaType)).toBe(Upstream.isFullMediaType(mediaType))
    }
    examples.forEach(check)
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom("a", "/", "*", " ", "x") }), check), { numRuns: 1000 })
  })
})

describe("resolveFullMediaType (differential)", () => {
  const png = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0)
  const parts: ReadonlyArray<LanguageModelV4FilePart> = [
    { type: "file", mediaType: "image/png", data: { type: "url", url: new URL("https://example.com/a.png") } },
    { type: "file", mediaType: "image", data: { type: "data", data: png } },
    { type: "file", mediaType: "image/*", data: { type: "data", data: toBase64(png) } },
    { type: "file", mediaType: "audio", data: { type: "data", data: png } },
    { type: "file", mediaType: "image", data: { type: "url", url: new URL("https://example.com/a") } },
    { type: "file", mediaType: "image", data: { type: "reference", reference: { openai: "file-1" } } },
    { type: "file", mediaType: "text", data: { type: "text", text: "hello" } },
    { type: "file", mediaType: "application", data: { type: "data", data: bytes(0x25, 0x50, 0x44, 0x46, 0x2d) } },
    { type: "file", mediaType: "video/*", data: { type: "data", data: id3(4, [0xff, 0xfb]) } },
    { type: "file", mediaType: "audio/*", data: { type: "data", data: id3(4, [0xff, 0xfb, 0, 0]) } }
  ]

  it("the full type, a sniffed type, or upstream's UnsupportedFunctionalityError", () => {
    for (const part of parts) {
      let upstream: unknown
      try {
        upstream = { value: Upstream.resolveFullMediaType({ part }) }
      } catch (error) {
        upstream = { error: error instanceof Error ? { name: error.name, message: error.message } : error }
      }
      const exit = Effect.runSyncExit(ResolveFullMediaType.resolveFullMediaType(part))
      const aimux = Exit.isSuccess(exit)
        ? { value: exit.value }
        : (() => {
          const error = exit.cause.reasons[0]
          const failure = error !== undefined && error._tag === "Fail" ? error.error : undefined
          return { error: { name: failure?.name, message: failure?.message } }
        })()
      expect(aimux).toStrictEqual(upstream)
    }
  })
})

describe("Base64 (differential)", () => {
  it("convertToBase64 on bytes and strings", () => {
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 300 }), fc.string()), (value) => {
        expect(Base64.convertToBase64(value)).toBe(Upstream.convertToBase64(value))
      }),
      { numRuns: 1000 }
    )
  })

  it("convertBase64ToUint8Array on base64 and base64url, padded or not, with white space", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), fc.nat(3), (data, variant) => {
        let text = toBase64(data)
        if (variant === 1) text = text.replace(/=+$/, "")
        if (variant === 2) text = Buffer.from(data).toString("base64url")
        if (variant === 3) text = text.replace(/(.{4})/g, "$1 \n")
        expect(Base64.convertBase64ToUint8Array(text)).toStrictEqual(Upstream.convertBase64ToUint8Array(text))
      }),
      { numRuns: 1000 }
    )
  })

  it("text atob rejects: no bytes, where upstream throws (docs/divergences.md)", () => {
    for (const text of ["a", "!!", "abcde", "ab=c"]) {
      expect(() => Upstream.convertBase64ToUint8Array(text)).toThrow()
      expect(Base64.convertBase64ToUint8Array(text)).toStrictEqual(new Uint8Array(0))
    }
  })
})
