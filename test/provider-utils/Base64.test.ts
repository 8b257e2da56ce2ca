/**
 * `Base64.decodeBase64` / `convertBase64ToUint8Array` against upstream
 * provider-utils' `convertBase64ToUint8Array` (the `atob` path): the same
 * bytes for every text upstream accepts, `undefined` (no bytes) for every
 * text it throws on. The direct decoder handles the common text; the cases
 * below cover both it and the `atob` fallback (white space, odd padding,
 * stray and non-ASCII characters, lengths of every remainder).
 */
import { convertBase64ToUint8Array as upstreamDecode } from "@ai-sdk/provider-utils"
import { describe, expect, it } from "@effect/vitest"
import { convertBase64ToUint8Array, decodeBase64 } from "../../src/provider-utils/Base64.ts"

const upstream = (text: string): Array<number> | "throws" => {
  try {
    return Array.from(upstreamDecode(text))
  } catch {
    return "throws"
  }
}

const ours = (text: string): Array<number> | "throws" => {
  const bytes = decodeBase64(text)
  return bytes === undefined ? "throws" : Array.from(bytes)
}

// a seeded generator: the cases are the same on every run
const prng = (seed: number) => () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  return seed / 0x80000000
}

const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_"
const odd = ["=", " ", "\n", "\t", "\r", "\f", "*", ".", "é", "\u0100", "€", "\u0000", "%"]

const cases = (): Array<string> => {
  const rand = prng(23)
  const out: Array<string> = ["", "=", "==", "===", "====", "A", "AA", "AAA", "AAAA", "QQ", "QQ=", "QQ==", "QUI", "QUI=",
    "QUI==", "Q===", "QQ===", "AB=C", "A=BC", " QUJD", "QUJD ", "QU JD", "QUJD\n", "Q-_A", "-_-_", "__==", "+/+/",
    "QUJDRA", "QUJDRA==", "QUJDRA=", "QUJD=A==", "QR==", "QUR=", "/w==", "_w", "//8="]
  for (let n = 0; n < 64; n++) {
    const bytes = Uint8Array.from({ length: n }, () => Math.floor(rand() * 256))
    const standard = Buffer.from(bytes).toString("base64")
    out.push(standard, standard.replace(/=+$/, ""), Buffer.from(bytes).toString("base64url"))
  }
  for (let i = 0; i < 1500; i++) {
    const length = Math.floor(rand() * 14)
    let text = ""
    for (let j = 0; j < length; j++) {
      text += rand() < 0.9 ? alphabet[Math.floor(rand() * alphabet.length)] : odd[Math.floor(rand() * odd.length)]
    }
    if (rand() < 0.3) text += "=".repeat(Math.floor(rand() * 3))
    out.push(text)
  }
  return out
}

describe("Base64 decoding, differential against upstream convertBase64ToUint8Array", () => {
  const all = cases()
  it("the cases include texts upstream accepts and texts it rejects", () => {
    const verdicts = all.map(upstream)
    expect(verdicts.filter((v) => v === "throws").length).toBeGreaterThan(200)
    expect(verdicts.filter((v) => v !== "throws").length).toBeGreaterThan(400)
  })
  it("every case: the same bytes, or no bytes where upstream throws", () => {
    for (const text of all) {
      expect({ text, bytes: ours(text) }).toStrictEqual({ text, bytes: upstream(text) })
    }
  })
  it("convertBase64ToUint8Array gives empty bytes where upstream throws", () => {
    for (const text of all) {
      const expected = upstream(text)
      expect(Array.from(convertBase64ToUint8Array(text))).toStrictEqual(expected === "throws" ? [] : expected)
    }
  })
  it("a long text (every byte value) decodes to its bytes", () => {
    const bytes = Uint8Array.from({ length: 3 * 4096 + 2 }, (_, i) => (i * 7) % 256)
    for (const text of [Buffer.from(bytes).toString("base64"), Buffer.from(bytes).toString("base64url")]) {
      expect(ours(text)).toStrictEqual(upstream(text))
      expect(ours(text)).toStrictEqual(Array.from(bytes))
    }
  })
})
