/**
 * The bodies a provider's differential tests run on: the crafted corpus in
 * `fixtures/<provider>/` (always) and the recorded traffic in
 * `../shared/recordings/<provider>/` (when that folder exists).
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { guardCorpus, recordingsDir } from "../_kit/Corpus.ts"
import { chunksToSse } from "./harness.ts"

const root = path.join(import.meta.dirname, "../../..")

const listDir = (dir: string): Array<string> => fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []

/** SSE bodies: fixture `.sse` files (minus `.divergent.sse`), recorded `.chunks.txt` (as SSE) and `.sse`. */
export const streamBodies = (provider: string): Array<readonly [string, string]> => {
  const bodies: Array<readonly [string, string]> = []
  const fixtures = path.join(root, "fixtures", provider)
  for (const file of listDir(fixtures)) {
    if (file.endsWith(".sse") && !file.endsWith(".divergent.sse")) {
      bodies.push([`fixture ${file}`, fs.readFileSync(path.join(fixtures, file), "utf8")])
    }
  }
  const recordings = recordingsDir(provider)
  for (const file of listDir(recordings)) {
    const text = fs.readFileSync(path.join(recordings, file), "utf8")
    if (file.endsWith(".chunks.txt")) bodies.push([`recording ${file}`, chunksToSse(text)])
    else if (file.endsWith(".sse")) bodies.push([`recording ${file}`, text])
  }
  return bodies
}

/** JSON bodies for `generate`: fixture and recorded `.json` files. */
export const jsonBodies = (provider: string): Array<readonly [string, string]> => {
  const bodies: Array<readonly [string, string]> = []
  for (const [label, dir] of [["fixture", path.join(root, "fixtures", provider)], [
    "recording",
    recordingsDir(provider)
  ]] as const) {
    for (const file of listDir(dir)) {
      if (file.endsWith(".json")) bodies.push([`${label} ${file}`, fs.readFileSync(path.join(dir, file), "utf8")])
    }
  }
  return bodies
}

/** A fixture file's text. */
export const fixture = (provider: string, file: string): string =>
  fs.readFileSync(path.join(root, "fixtures", provider, file), "utf8")

/**
 * The corpus guard of a body list (inside a `describe`): at least `fixtures` committed bodies, and
 * at least `recordings` recorded ones when `../shared/recordings/<provider>` is present (one visible
 * skipped test when it is absent).
 */
export const guardBodies = (
  provider: string,
  bodies: ReadonlyArray<readonly [string, string]>,
  minimum: { readonly fixtures: number; readonly recordings: number }
): void => {
  const count = (prefix: string) => bodies.filter(([label]) => label.startsWith(prefix)).length
  guardCorpus({ label: `${provider} committed bodies`, count: count("fixture "), minimum: minimum.fixtures })
  guardCorpus({ label: `${provider} recorded bodies`, provider, count: count("recording "), minimum: minimum.recordings })
}
