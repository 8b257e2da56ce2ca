/**
 * `npm run build` (also `prepack`): emits `dist/` from `src/` with `tsconfig.build.json` — ESM
 * `.js` with relative imports rewritten to `.js`, `.d.ts`, declaration maps and source maps —
 * then copies the data files the CLI reads at run time (the demo's recorded conversation).
 * Run with the repository's Node (type stripping): `node scripts/build.ts`.
 */
import { execFileSync } from "node:child_process"
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { join } from "node:path"

const root = join(import.meta.dirname, "..")
const dist = join(root, "dist")

rmSync(dist, { recursive: true, force: true })
execFileSync(join(root, "node_modules/.bin/tsc"), ["-p", join(root, "tsconfig.build.json")], { stdio: ["ignore", 2, 2], cwd: root })

// The compiler rewrites `./x.ts` to `./x.js` in emitted JavaScript but keeps `.ts` in declaration
// files (import statements and inline `import("./x.ts")` types). A consumer's compiler would then
// look for `.ts` sources in the package; point them at the emitted `.d.ts` siblings instead.
const relativeTs = /((?:from|import)\s*\(?\s*["'])(\.{1,2}\/[^"']*?)\.ts(["'])/g
const walk = (dir: string): ReadonlyArray<string> =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? walk(path) : [path]
  })
let rewritten = 0
for (const file of walk(dist)) {
  if (!file.endsWith(".d.ts")) continue
  const text = readFileSync(file, "utf8")
  const next = text.replace(relativeTs, "$1$2.js$3")
  if (next !== text) {
    writeFileSync(file, next)
    rewritten++
  }
}

cpSync(join(root, "src/cli/demo/recorded"), join(dist, "cli/demo/recorded"), { recursive: true })

const files = walk(dist).length
// on stderr: `npm pack --json` (prepack) prints its JSON report on stdout
process.stderr.write(`dist/: ${files} files (${rewritten} declaration files with .ts imports rewritten to .js)\n`)
