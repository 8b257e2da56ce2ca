/**
 * Corpus helpers for differential suites: where the shared recordings live (relative to the
 * repository, never a machine path), which files a folder holds, and the guard every
 * corpus-driven suite declares so that no case can vanish silently:
 *
 * - when the folder is present, a test asserts the suite has at least `minimum` cases;
 * - when it is absent (a clone without `../shared`), one visible skipped test says so and how many
 *   recordings the suite would have run.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { it } from "vitest"

/** The repository root. */
export const repoRoot = path.resolve(import.meta.dirname, "../../..")

/** `../shared/recordings` beside the repository (present on a developer machine and in CI). */
export const recordingsRoot = path.resolve(repoRoot, "../shared/recordings")

/** The recordings folder of one provider (`openai-chat`, `anthropic`, `xai`, ...). */
export const recordingsDir = (provider: string): string => path.join(recordingsRoot, provider)

/** Whether the recordings folder of a provider is present. */
export const hasRecordings = (provider: string): boolean => fs.existsSync(recordingsDir(provider))

/** The sorted file names in `dir` ending with `suffix` (none when `dir` is absent). */
export const listFiles = (dir: string, suffix: string | RegExp): Array<string> =>
  fs.existsSync(dir)
    ? fs.readdirSync(dir).filter((f) => (typeof suffix === "string" ? f.endsWith(suffix) : suffix.test(f))).sort()
    : []

/** The sorted recording file names of a provider ending with `suffix`. */
export const listRecordings = (provider: string, suffix: string | RegExp): Array<string> =>
  listFiles(recordingsDir(provider), suffix)

/**
 * Declares the corpus guard inside a `describe`: with the recordings present, a test that `count`
 * is at least `minimum`; without them, one skipped test naming the folder, and a test that the
 * committed part still holds `committedMinimum` cases (when the suite has a committed part).
 */
export const guardCorpus = (options: {
  readonly label: string
  readonly count: number
  readonly minimum: number
  readonly provider?: string | undefined
  readonly committedMinimum?: number | undefined
}): void => {
  const { committedMinimum = 0, count, label, minimum, provider } = options
  if (provider !== undefined && !hasRecordings(provider)) {
    it.skip(`${label}: ../shared/recordings/${provider} is absent, its recorded cases are not declared`, () => {})
    if (committedMinimum > 0) {
      it(`${label}: the committed corpus holds at least ${committedMinimum} cases`, ({ expect }) => {
        expect(count).toBeGreaterThanOrEqual(committedMinimum)
      })
    }
    return
  }
  it(`${label}: the corpus holds at least ${minimum} cases`, ({ expect }) => {
    expect(count).toBeGreaterThanOrEqual(minimum)
  })
}
