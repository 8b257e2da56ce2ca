/**
 * `npm run build` (also `prepack`): emits `dist/` from `src/`.
 * - Declarations: `tsc -p tsconfig.build.json` (declaration files only, one per source module,
 *   with declaration maps), so a consumer's compiler sees the same `.d.ts` tree as before.
 * - JavaScript: one ESM bundle per package entry (every `exports` subpath, and the CLI), at the
 *   entry's mirrored `dist/` path, with the code two or more entries share in `dist/chunks/`
 *   (one copy, so a class from `aimux` is the same class seen through `aimux/openai`). Bare
 *   imports (`effect`, `effect/...`, the other dependencies, `node:` builtins) stay imports.
 *   Source maps point at `src/` (published beside `dist/`). A program that loaded the 165
 *   per-module files of `aimux` + `aimux/openai` now loads three; resolving, reading and
 *   compiling each file cost more than its code (`npm run bench`, workload C).
 * - The data files the CLI reads at run time (the demo's recorded conversation) are copied next
 *   to the bundle that holds `src/cli/demo/RecordedTurns.ts`.
 * Run with the repository's Node (type stripping): `node scripts/build.ts`.
 */
import { execFileSync } from "node:child_process"
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { dirname, isAbsolute, join, sep } from "node:path"
import { build } from "rolldown"

const root = join(import.meta.dirname, "..")
const dist = join(root, "dist")

rmSync(dist, { recursive: true, force: true })
execFileSync(join(root, "node_modules/.bin/tsc"), ["-p", join(root, "tsconfig.build.json")], { stdio: ["ignore", 2, 2], cwd: root })

// The compiler keeps `.ts` in declaration files (import statements and inline `import("./x.ts")`
// types). A consumer's compiler would then look for `.ts` sources in the package; point them at
// the emitted `.d.ts` siblings instead.
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

// Entries: `./src/providers/openai/index.ts` is bundled to `dist/providers/openai/index.js`.
interface Manifest {
  readonly exports: Readonly<Record<string, string | Readonly<Record<string, string>>>>
}
const manifest: Manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"))
const input: Record<string, string> = { "cli/main": join(root, "src/cli/main.ts") }
for (const entry of Object.values(manifest.exports)) {
  const source = typeof entry === "string" ? undefined : entry["aimux-source"]
  if (source !== undefined) input[source.replace(/^\.\/src\//, "").replace(/\.ts$/, "")] = join(root, source)
}

const srcDir = join(root, "src") + sep
const layer = (id: string): string | null => {
  if (!id.startsWith(srcDir)) return null
  const [top, second] = id.slice(srcDir.length).split(sep)
  if (top === "providers" && second !== undefined && second !== "index.ts") return `provider-${second}`
  if (top === "core") return "core"
  if (top === "spec" || top === "runtime" || top === "provider-utils" || top === "LanguageModel.ts" || top === "DecisionModel.ts") return "contract"
  return null
}
const chunkGroups = [{ name: layer, debugName: "layers" }]

const bundled = await build({
  input,
  platform: "node",
  // only the package's own modules are bundled: every bare specifier is a dependency's
  external: (id) => !id.startsWith(".") && !isAbsolute(id),
  write: true,
  output: {
    dir: dist,
    format: "esm",
    entryFileNames: "[name].js",
    chunkFileNames: "chunks/[name]-[hash].js",
    sourcemap: true,
    // A few chunks of whole layers rather than one per set of entries sharing a module (the CLI
    // imports every provider, which split the shared code into some forty small files): the
    // contract (spec, runtime, provider-utils, the model services), core generation, each
    // shared provider kit, each provider. Every module still exists once.
    codeSplitting: { groups: chunkGroups, includeDependenciesRecursively: false },
    // the maps point at src/, which is published
    sourcemapExcludeSources: true,
    // the JSDoc lives in src/ and the .d.ts files; less to read and parse at import
    comments: { legal: true, annotation: true, jsdoc: false }
  }
})

const recordedTurns = join(root, "src/cli/demo/RecordedTurns.ts")
const holder = bundled.output.find((file) => file.type === "chunk" && file.moduleIds.includes(recordedTurns))
if (holder === undefined) throw new Error("no bundle holds src/cli/demo/RecordedTurns.ts")
cpSync(join(root, "src/cli/demo/recorded"), join(dist, dirname(holder.fileName.split("/").join(sep)), "recorded"), { recursive: true })

const files = walk(dist).length
const js = bundled.output.filter((file) => file.type === "chunk").length
// on stderr: `npm pack --json` (prepack) prints its JSON report on stdout
process.stderr.write(
  `dist/: ${files} files (${js} JavaScript bundles; ${rewritten} declaration files with .ts imports rewritten to .js)\n`
)
