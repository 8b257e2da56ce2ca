/**
 * The `aimux` command as a process, for the providers' CLI tests: runs
 * `src/cli/main.ts` with the test's own Node and returns its exit code,
 * stdout and stderr (a non-zero exit is a result, not a rejection).
 */
import { execFile } from "node:child_process"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import * as path from "node:path"
import { promisify } from "node:util"

const run = promisify(execFile)

/** The repository's root (the command's working directory). */
export const root = path.join(import.meta.dirname, "../../..")
const main = path.join(root, "src/cli/main.ts")

/** A fresh temporary folder for a test file's bodies (`aimux-<label>-cli-…`). */
export const tempDir = (label: string): string => mkdtempSync(path.join(tmpdir(), `aimux-${label}-cli-`))

const field = (error: unknown, key: string): unknown =>
  typeof error === "object" && error !== null ? Reflect.get(error, key) : undefined
const text = (value: unknown): string => (typeof value === "string" ? value : "")

/** Runs `aimux <args>`: the exit code, stdout and stderr. */
export const cli = async (...args: Array<string>): Promise<{ code: unknown; stdout: string; stderr: string }> => {
  try {
    const { stdout, stderr } = await run(process.execPath, [main, ...args], { cwd: root })
    return { code: 0, stdout, stderr }
  } catch (error) {
    return { code: field(error, "code"), stdout: text(field(error, "stdout")), stderr: text(field(error, "stderr")) }
  }
}
