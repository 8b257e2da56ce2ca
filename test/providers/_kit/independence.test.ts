/**
 * The suite's comparisons stay independent of the code under test, and its paths stay portable:
 *
 * - no test imports aimux's own serializers (`src/cli/internal/wire.ts`, `toJsonValue` of
 *   `src/contract/Json.ts`) to build a comparison: differential harnesses use `test/providers/_kit/Wire.ts`;
 *   the tests of those modules themselves (`test/contract/`) are the exception;
 * - no test names an absolute path of one machine: recordings are found through
 *   `test/providers/_kit/Corpus.ts` (relative to the repository);
 * - every test file that reads the shared recordings (`recordingsDir`, `listRecordings`,
 *   `hasRecordings`, a harness's `sharedDir`, the OpenAI-compatible `streamBodies`/`jsonBodies`)
 *   declares them through `guardCorpus` or `guardBodies`, so a clone without `../shared` shows
 *   the lost cases as a skip (and CI fails) instead of passing with fewer tests.
 *
 * The scanner is tested on planted sources, so this guard can fail.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import { repoRoot } from "./Corpus.ts"

const testRoot = path.join(repoRoot, "test")

const walk = (dir: string): Array<string> =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return walk(full)
    return entry.name.endsWith(".ts") ? [full] : []
  })

/** What a source does that this guard forbids (empty when nothing). */
export const violations = (relative: string, source: string): Array<string> => {
  const found: Array<string> = []
  const lines = source.split("\n")
  const ownTests = relative.startsWith("test/contract/") || relative.startsWith("test/providers/_kit/")
  lines.forEach((line, index) => {
    const at = `${relative}:${index + 1}`
    if (!ownTests && /from\s+["'][^"']*src\/cli\/internal\/wire(\.ts)?["']/.test(line)) {
      found.push(`${at}: compares through src/cli/internal/wire.ts (use test/providers/_kit/Wire.ts)`)
    }
    if (!ownTests && /\btoJsonValue\b/.test(line) && /import|from/.test(line)) {
      found.push(`${at}: imports toJsonValue from src (use test/providers/_kit/Wire.ts)`)
    }
    if (!relative.startsWith("test/providers/_kit/") && /["'`](\/work\/|\/home\/|\/Users\/|[A-Z]:\\\\)/.test(line)) {
      found.push(`${at}: absolute machine path (use test/providers/_kit/Corpus.ts recordingsDir)`)
    }
  })
  return found
}

const readsRecordings = /\b(recordingsDir|recordingsRoot|listRecordings|hasRecordings|sharedDir|streamBodies|jsonBodies)\b/
const guardsCorpus = /\b(guardCorpus|guardBodies)\(/

/** A test file that reads the shared recordings without declaring them through the corpus guard. */
export const unguardedCorpus = (relative: string, source: string): Array<string> =>
  relative.endsWith(".test.ts") && !relative.startsWith("test/providers/_kit/") && readsRecordings.test(source) &&
    !guardsCorpus.test(source)
    ? [`${relative}: reads ../shared/recordings without guardCorpus/guardBodies (its cases vanish silently without them)`]
    : []

describe("test-suite independence guard", () => {
  it("every suite that reads the shared recordings declares them through the corpus guard", () => {
    const found = walk(testRoot).flatMap((file) => {
      const relative = path.relative(repoRoot, file).split(path.sep).join("/")
      return unguardedCorpus(relative, fs.readFileSync(file, "utf8"))
    })
    expect(found).toStrictEqual([])
  })

  it("the corpus-guard scanner flags an unguarded suite (planted sources)", () => {
    const reads = `const files = listRecordings("x", ".json")\nfor (const f of files) it(f, () => {})`
    expect(unguardedCorpus("test/providers/x/a.test.ts", reads)).toHaveLength(1)
    expect(unguardedCorpus("test/providers/x/a.test.ts", `import { recordingsDir } from "./harness.ts"`)).toHaveLength(1)
    expect(unguardedCorpus("test/providers/x/a.test.ts", `${reads}\nguardCorpus({ label: "x", count: 1, minimum: 1 })`))
      .toHaveLength(0)
    // harnesses are not suites: the suites that import them are checked
    expect(unguardedCorpus("test/providers/x/harness.ts", reads)).toHaveLength(0)
  })

  it("no test compares through src serializers or names a machine path", () => {
    const found = walk(testRoot).flatMap((file) => {
      const relative = path.relative(repoRoot, file).split(path.sep).join("/")
      return violations(relative, fs.readFileSync(file, "utf8"))
    })
    expect(found).toStrictEqual([])
  })

  it("the scanner flags each forbidden form (planted sources)", () => {
    expect(violations("test/providers/x/h.ts", `import { partToJson } from "../../../src/cli/internal/wire.ts"`)).toHaveLength(1)
    expect(violations("test/providers/x/h.ts", `import { toJsonValue } from "../../../src/contract/Json.ts"`)).toHaveLength(1)
    // the planted path is assembled so that this file itself names no machine path
    const planted = ["", "work", "shared", "recordings", "x"].join("/")
    expect(violations("test/providers/x/h.ts", `const shared = "${planted}"`)).toHaveLength(1)
    expect(violations("test/contract/wire.test.ts", `import { toJsonValue } from "../../../src/contract/Json.ts"`)).toHaveLength(0)
    expect(violations("test/providers/x/h.ts", `const dir = recordingsDir("x")`)).toHaveLength(0)
  })
})
