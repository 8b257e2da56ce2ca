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
  const [top, second, third] = id.slice(srcDir.length).split(sep)
  // one chunk per kit (`providers/kits/<kit>/`) and per provider
  if (top === "providers" && second === "kits" && third !== undefined) return `kit-${third}`
  if (top === "providers" && second !== undefined && second !== "index.ts") return `provider-${second}`
  if (top === "core") return "core"
  if (top === "contract" || top === "runtime" || top === "provider-utils" || top === "LanguageModel.ts" || top === "DecisionModel.ts") return "contract"
  return null
}
const chunkGroups = [{ name: layer, debugName: "layers" }]

const bundled = await build({
  input,
  platform: "node",
  // entries export exactly their modules; a chunk may export more (the shared code it holds)
  preserveEntrySignatures: "allow-extension",
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

// Deep `effect` imports in the shipped JavaScript. Effect's barrels (`effect`, `effect/http`,
// `effect/schema`) re-export every module, so importing one name from a barrel loads them all
// (about 300 files). A program that imports the barrel itself pays that anyway (measured: the same
// time either way), but one that imports `effect/Effect` and the like paid it for aimux alone: with
// deep imports it loads about 190 effect files (`npm run bench`, workload C, and docs/benchmarks.md).
// `import { A, B as C } from "effect"` becomes `import * as A from "effect/A"; ...` on the same
// line (the bundles' import lines carry no source mappings), for names the barrel re-exports as
// `export * as A from "./A.js"`; the barrel's plain function re-exports come from `effect/Function`.
const barrelNamespaces = (specifier: string): ReadonlyMap<string, string> => {
  const text = readFileSync(new URL(import.meta.resolve(specifier)), "utf8")
  return new Map([...text.matchAll(/^export \* as (\w+) from "\.\/([\w/]+)\.js";$/gm)].map(([, name, file]) => [name, file]))
}
const barrelFunctions = new Set(["absurd", "cast", "flow", "hole", "identity", "pipe"])
const barrels = new Map(["effect", "effect/http", "effect/schema"].map((b) => [b, barrelNamespaces(b)]))
const barrelImport = /^import \{([^}]*)\} from "(effect(?:\/http|\/schema)?)";$/gm
let deepened = 0
const deepen = (code: string): string =>
  code.replace(barrelImport, (line, names: string, barrel: string) => {
    const modules = barrels.get(barrel)
    const rest: Array<string> = []
    const deep = names.split(",").map((n) => n.trim()).filter((n) => n !== "").flatMap((spec) => {
      const [name = spec, alias = name] = spec.split(/\s+as\s+/)
      const file = modules?.get(name)
      if (file !== undefined) return [`import * as ${alias} from "${barrel}/${file}";`]
      if (barrel === "effect" && barrelFunctions.has(name)) return [`import { ${spec} } from "effect/Function";`]
      rest.push(spec)
      return []
    })
    if (deep.length === 0) return line
    deepened++
    return [...deep, ...(rest.length > 0 ? [`import { ${rest.join(", ")} } from "${barrel}";`] : [])].join(" ")
  })
for (const file of walk(dist)) {
  if (!file.endsWith(".js")) continue
  const text = readFileSync(file, "utf8")
  const next = deepen(text)
  if (next !== text) writeFileSync(file, next)
}

const files = walk(dist).length
const js = bundled.output.filter((file) => file.type === "chunk").length
// on stderr: `npm pack --json` (prepack) prints its JSON report on stdout
process.stderr.write(
  `dist/: ${files} files (${js} JavaScript bundles, ${deepened} barrel imports of effect made deep; ` +
    `${rewritten} declaration files with .ts imports rewritten to .js)\n`
)
