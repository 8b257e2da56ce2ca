/**
 * The ConverseStream decode shortcut builds exactly what the `StreamEvent`
 * Schema decode builds, and only for payloads the Schema accepts.
 */
import { describe, expect, it } from "@effect/vitest"
import { Exit, Schema } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import { StreamEvent } from "../../../src/providers/amazon-bedrock/AmazonBedrockApi.ts"
import { fastStreamEvent } from "../../../src/providers/amazon-bedrock/internal/FastStreamEvent.ts"
import { fixturesDir, listFixtures } from "./harness.ts"

const decode = Schema.decodeUnknownExit(StreamEvent)

const values: ReadonlyArray<unknown> = [
  null, true, 0, 1.5, -1, "", "x", [], [1], {}, { text: "a" }, { input: "b" }, { text: 1 }, { data: "d" }
]

// Every delta shape from the corpus plus mutations of each field.
const corpusPayloads = (): Array<[string, unknown]> => {
  const out: Array<[string, unknown]> = []
  for (const dir of ["recordings", "crafted"]) {
    for (const file of listFixtures(path.join(fixturesDir, dir), ".chunks.txt")) {
      for (const line of fs.readFileSync(path.join(fixturesDir, dir, file), "utf8").split("\n")) {
        if (line.trim() === "" || line.startsWith("#")) continue
        const event = JSON.parse(line)
        const [type] = Object.keys(event)
        out.push([type, event[type]])
      }
    }
  }
  return out
}

const mutations = (): Array<[string, unknown]> => {
  const out: Array<[string, unknown]> = []
  const deltas: Array<unknown> = [
    { text: "t" },
    { text: "t", toolUse: { input: "i" } },
    { toolUse: { input: "i" } },
    { toolUse: { input: "i", extra: 1 }, other: 2 },
    { reasoningContent: { text: "r" } },
    { reasoningContent: { text: "r", signature: "s" } },
    { reasoningContent: { signature: "s" } },
    { citation: { a: 1 }, text: "t" },
    { citation: { a: 1 } },
    { citation: null, toolUse: { input: "i" } },
    { text: null, toolUse: { input: "i" } },
    { toolUse: null, reasoningContent: { text: "r" } },
    { toolUse: { input: 1 }, reasoningContent: { text: "r" } },
    { toolUse: [], reasoningContent: { text: "r" } },
    { reasoningContent: [] },
    ...values.map((value) => ({ text: value })),
    ...values.map((value) => ({ toolUse: value })),
    ...values.map((value) => ({ toolUse: { input: value } })),
    ...values.map((value) => ({ reasoningContent: value })),
    ...values.map((value) => ({ reasoningContent: { text: value } })),
    ...values
  ]
  for (const delta of deltas) {
    for (const contentBlockIndex of [0, 3, "0", null, undefined]) {
      out.push(["contentBlockDelta", { contentBlockIndex, delta, extra: "dropped" }])
    }
  }
  out.push(["contentBlockDelta", null], ["contentBlockDelta", []], ["contentBlockDelta", "x"], ["contentBlockStart", { contentBlockIndex: 0 }])
  return out
}

describe("Amazon Bedrock stream decode shortcut", () => {
  it("equals the Schema decode wherever it answers, and answers for the common deltas", () => {
    let answered = 0
    const cases = [...corpusPayloads(), ...mutations()]
    expect(cases.length).toBeGreaterThan(400)
    for (const [type, payload] of cases) {
      const fast = fastStreamEvent(type, payload)
      if (fast === undefined) continue
      answered++
      const slow = decode({ [type]: payload })
      expect(Exit.isSuccess(slow), JSON.stringify(payload)).toBe(true)
      if (Exit.isSuccess(slow)) {
        expect(JSON.stringify(fast)).toBe(JSON.stringify(slow.value))
        expect(fast).toStrictEqual(slow.value)
      }
    }
    expect(answered).toBeGreaterThan(100)
  })
})
