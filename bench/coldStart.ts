/**
 * Cold start: a fresh `node` process that imports `aimux` + `aimux/openai` from `dist/` (what an
 * installed package runs) and constructs a chat model (`bench/cold-start/aimux.mjs`), against one
 * that imports `ai` + `@ai-sdk/openai` and constructs theirs (`bench/cold-start/upstream.mjs`).
 * Also the floor of any Effect program (`bench/cold-start/effect.mjs`: `effect` + `effect/http`
 * alone), so aimux's own share shows, and both programs again with Node's compile cache
 * (`NODE_COMPILE_CACHE`, warmed by the untimed run), which removes most of the compile time.
 * And the same pair for a program that imports Effect's modules directly (`effect/Effect`,
 * `effect/http/FetchHttpClient`) instead of the barrels: `aimux-deep.mjs` against `effect-deep.mjs`.
 * Builds `dist/` first; one untimed run of each (file cache), then `runs` of each, interleaved;
 * medians of wall clock (spawn to exit) and of the child's own CPU time. Also counts the files
 * each program loads, per package (`bench/cold-start/count-modules.mjs`).
 * The floor that matters for aimux's own share imports exactly the `effect` files the aimux
 * program loads (`effect-same`: the list comes from `cold-start/effect-files.mjs`, the program is
 * written to a temporary directory), so the share is aimux's own code and nothing of effect's.
 * And the installed CLI: `aimux help` from a temporary package directory holding `bin/aimux.js`
 * and `dist/` (no `tsconfig.json`, so the bin runs the built CLI, with Node's compile cache on as
 * an installed bin runs it), timed with a fresh compile cache (first run), a warm one, and the
 * cache disabled (`NODE_DISABLE_COMPILE_CACHE`).
 * `node bench/coldStart.ts [--runs N]` alone, or as the `C` workload of `npm run bench`.
 */
import { execFileSync, spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"

const root = path.join(import.meta.dirname, "..")
const dir = path.join(import.meta.dirname, "cold-start")

interface Sample {
  readonly wallMs: number
  readonly cpuMs: number
}

/** Files and source bytes a program loaded, by package. */
export type ModuleCounts = Readonly<Record<string, { readonly files: number; readonly bytes: number }>>

/** One side's medians and module counts. */
export interface Side {
  readonly wallMs: number
  readonly cpuMs: number
  readonly modules: ModuleCounts
}

/** The cold-start result: both sides and the aimux/upstream ratios. */
export interface ColdStart {
  readonly runs: number
  readonly aimux: Side
  readonly upstream: Side
  /** `effect` + `effect/http` alone. */
  readonly effect: Side
  /** aimux from a program importing effect's modules directly, and that program's floor. */
  readonly deep: { readonly aimux: Side; readonly effect: Side }
  /** A program importing exactly the effect files the aimux program loads (aimux's own share is over it). */
  readonly sameEffect: Side
  /** The same floor with the warm compile cache (beside `cached.aimux`). */
  readonly sameEffectCached: Sample
  /** `aimux help` of the installed CLI: first run on a fresh compile cache, warm cache, cache disabled. */
  readonly cli: { readonly first: Sample; readonly warm: Sample; readonly uncached: Sample }
  readonly wallRatio: number
  readonly cpuRatio: number
  /** With a warm compile cache (both sides). */
  readonly cached: { readonly aimux: Sample; readonly upstream: Sample; readonly wallRatio: number; readonly cpuRatio: number }
}

const median = (values: ReadonlyArray<number>): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

const sample = (program: string, cacheDir?: string): Sample => {
  const env = { ...process.env, ...(cacheDir === undefined ? {} : { NODE_COMPILE_CACHE: cacheDir }) }
  if (cacheDir === undefined) delete env.NODE_COMPILE_CACHE
  const start = performance.now()
  const child = spawnSync(process.execPath, [path.isAbsolute(program) ? program : path.join(dir, program)], { cwd: root, encoding: "utf8", env })
  const wallMs = performance.now() - start
  if (child.status !== 0) throw new Error(`${program} exited ${child.status}: ${child.stderr}`)
  return { wallMs, cpuMs: Number(child.stdout.trim()) / 1000 }
}

const countModules = (program: string): ModuleCounts => {
  const child = spawnSync(process.execPath, ["--import", path.join(dir, "count-modules.mjs"), path.isAbsolute(program) ? program : path.join(dir, program)], { cwd: root, encoding: "utf8" })
  const last = child.stderr.trim().split("\n").at(-1) ?? "{}"
  return JSON.parse(last)
}

/** A program importing every effect file `program` loads (written to `into`), and its path. */
const sameEffectProgram = (program: string, into: string): string => {
  const child = spawnSync(process.execPath, ["--import", path.join(dir, "effect-files.mjs"), path.join(dir, program)], { cwd: root, encoding: "utf8" })
  const urls: ReadonlyArray<string> = JSON.parse(child.stderr.trim().split("\n").at(-1) ?? "[]")
  if (urls.length === 0) throw new Error(`no effect files seen loading ${program}`)
  const file = path.join(into, "effect-same.mjs")
  fs.writeFileSync(file, [
    "// generated by bench/coldStart.ts: the effect files the aimux program loads, nothing else",
    ...urls.map((url) => `import ${JSON.stringify(url)}`),
    "const cpu = process.cpuUsage()",
    "process.stdout.write(`${cpu.user + cpu.system}\\n`)"
  ].join("\n") + "\n")
  return file
}

/** A package directory as an installed `aimux` looks: `bin/aimux.js`, `dist/` (linked), no tsconfig.json. */
const installedPackage = (into: string): string => {
  const pkg = path.join(into, "aimux")
  fs.mkdirSync(path.join(pkg, "bin"), { recursive: true })
  fs.copyFileSync(path.join(root, "bin", "aimux.js"), path.join(pkg, "bin", "aimux.js"))
  fs.copyFileSync(path.join(root, "package.json"), path.join(pkg, "package.json"))
  fs.symlinkSync(path.join(root, "dist"), path.join(pkg, "dist"))
  fs.symlinkSync(path.join(root, "node_modules"), path.join(pkg, "node_modules"))
  return path.join(pkg, "bin", "aimux.js")
}

/** `aimux help` through the installed bin: wall clock, and the child's CPU time (printed at exit). */
const cliSample = (bin: string, env: Readonly<Record<string, string | undefined>>): Sample => {
  const start = performance.now()
  const child = spawnSync(process.execPath, ["--import", path.join(dir, "cpu-on-exit.mjs"), bin, "help"], { encoding: "utf8", env: { ...process.env, ...env } })
  const wallMs = performance.now() - start
  if (child.status !== 0 || !child.stdout.includes("help")) throw new Error(`aimux help exited ${child.status}: ${child.stderr}`)
  return { wallMs, cpuMs: Number(child.stderr.trim().split("\n").at(-1)) / 1000 }
}

/** Builds dist/ and measures; `log` gets progress lines. */
export const runColdStart = (runs: number, log: (line: string) => void): ColdStart => {
  log("cold start: npm run build\n")
  execFileSync(process.execPath, [path.join(root, "scripts/build.ts")], { cwd: root, stdio: ["ignore", "ignore", "inherit"] })
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), "aimux-compile-cache-"))
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "aimux-cold-start-"))
  const sameEffect = sameEffectProgram("aimux.mjs", scratch)
  const bin = installedPackage(scratch)
  for (const program of ["aimux.mjs", "upstream.mjs", "effect.mjs", "aimux-deep.mjs", "effect-deep.mjs", sameEffect]) sample(program)
  for (const program of ["aimux.mjs", "upstream.mjs", sameEffect]) sample(program, cacheDir)
  const aimux: Array<Sample> = []
  const upstream: Array<Sample> = []
  const effect: Array<Sample> = []
  const deepAimux: Array<Sample> = []
  const deepEffect: Array<Sample> = []
  const cachedAimux: Array<Sample> = []
  const cachedUpstream: Array<Sample> = []
  const same: Array<Sample> = []
  const sameCached: Array<Sample> = []
  const cliFirst: Array<Sample> = []
  const cliWarm: Array<Sample> = []
  const cliUncached: Array<Sample> = []
  cliSample(bin, { NODE_DISABLE_COMPILE_CACHE: "1" })
  for (let i = 0; i < runs; i++) {
    same.push(sample(sameEffect))
    sameCached.push(sample(sameEffect, cacheDir))
    const cliCache = path.join(scratch, `cli-cache-${i}`)
    cliFirst.push(cliSample(bin, { NODE_COMPILE_CACHE: cliCache }))
    cliWarm.push(cliSample(bin, { NODE_COMPILE_CACHE: cliCache }))
    cliUncached.push(cliSample(bin, { NODE_DISABLE_COMPILE_CACHE: "1" }))
    aimux.push(sample("aimux.mjs"))
    upstream.push(sample("upstream.mjs"))
    effect.push(sample("effect.mjs"))
    deepAimux.push(sample("aimux-deep.mjs"))
    deepEffect.push(sample("effect-deep.mjs"))
    cachedAimux.push(sample("aimux.mjs", cacheDir))
    cachedUpstream.push(sample("upstream.mjs", cacheDir))
    log(`cold start: run ${i + 1}/${runs}\n`)
  }
  fs.rmSync(cacheDir, { recursive: true, force: true })
  const sameModules = countModules(sameEffect)
  fs.rmSync(scratch, { recursive: true, force: true })
  const medians = (samples: ReadonlyArray<Sample>): Sample => ({
    wallMs: median(samples.map((s) => s.wallMs)),
    cpuMs: median(samples.map((s) => s.cpuMs))
  })
  const side = (samples: ReadonlyArray<Sample>, program: string): Side => ({ ...medians(samples), modules: countModules(program) })
  const a = side(aimux, "aimux.mjs")
  const u = side(upstream, "upstream.mjs")
  const ca = medians(cachedAimux)
  const cu = medians(cachedUpstream)
  return {
    runs,
    aimux: a,
    upstream: u,
    effect: side(effect, "effect.mjs"),
    deep: { aimux: side(deepAimux, "aimux-deep.mjs"), effect: side(deepEffect, "effect-deep.mjs") },
    sameEffect: { ...medians(same), modules: sameModules },
    sameEffectCached: medians(sameCached),
    cli: { first: medians(cliFirst), warm: medians(cliWarm), uncached: medians(cliUncached) },
    wallRatio: a.wallMs / u.wallMs,
    cpuRatio: a.cpuMs / u.cpuMs,
    cached: { aimux: ca, upstream: cu, wallRatio: ca.wallMs / cu.wallMs, cpuRatio: ca.cpuMs / cu.cpuMs }
  }
}

const describe = (modules: ModuleCounts): string =>
  Object.entries(modules)
    .sort(([, a], [, b]) => b.bytes - a.bytes)
    .map(([name, m]) => `${name} ${m.files} files / ${(m.bytes / 1024).toFixed(0)} KB`)
    .join(", ")

/** The report lines of a result. */
export const report = (result: ColdStart): ReadonlyArray<string> => [
  `cold start (fresh process: import + construct a chat model; median of ${result.runs} runs each):`,
  `  aimux + aimux/openai (dist): ${result.aimux.wallMs.toFixed(0)} ms wall, ${result.aimux.cpuMs.toFixed(0)} ms cpu`,
  `  ai + @ai-sdk/openai:         ${result.upstream.wallMs.toFixed(0)} ms wall, ${result.upstream.cpuMs.toFixed(0)} ms cpu`,
  `  effect + effect/http alone:   ${result.effect.wallMs.toFixed(0)} ms wall, ${result.effect.cpuMs.toFixed(0)} ms cpu ` +
    `(aimux's own share: ${(result.aimux.cpuMs - result.effect.cpuMs).toFixed(0)} ms cpu)`,
  `  aimux/upstream: ${result.wallRatio.toFixed(2)} wall clock, ${result.cpuRatio.toFixed(2)} cpu; ` +
    `aimux/effect floor: ${(result.aimux.cpuMs / result.effect.cpuMs).toFixed(2)} cpu`,
  `  importing effect's modules directly (effect/Effect, effect/http/FetchHttpClient): aimux program ` +
    `${result.deep.aimux.cpuMs.toFixed(0)} ms cpu, floor ${result.deep.effect.cpuMs.toFixed(0)} ms cpu ` +
    `(aimux's own share: ${(result.deep.aimux.cpuMs - result.deep.effect.cpuMs).toFixed(0)} ms cpu); ` +
    `aimux/upstream ${(result.deep.aimux.cpuMs / result.upstream.cpuMs).toFixed(2)} cpu`,
  `  floor importing the same effect files as the aimux program (${result.sameEffect.modules["effect"]?.files ?? 0} files): ` +
    `${result.sameEffect.cpuMs.toFixed(0)} ms cpu, ${result.sameEffect.wallMs.toFixed(0)} ms wall; ` +
    `aimux's own share: ${(result.aimux.cpuMs - result.sameEffect.cpuMs).toFixed(0)} ms cpu, ${(result.aimux.wallMs - result.sameEffect.wallMs).toFixed(0)} ms wall; ` +
    `with a warm compile cache on both: ${(result.cached.aimux.cpuMs - result.sameEffectCached.cpuMs).toFixed(0)} ms cpu, ` +
    `${(result.cached.aimux.wallMs - result.sameEffectCached.wallMs).toFixed(0)} ms wall`,
  `  installed CLI \`aimux help\`: first run (fresh compile cache) ${result.cli.first.wallMs.toFixed(0)} ms wall / ` +
    `${result.cli.first.cpuMs.toFixed(0)} ms cpu, warm cache ${result.cli.warm.wallMs.toFixed(0)} / ${result.cli.warm.cpuMs.toFixed(0)}, ` +
    `cache disabled ${result.cli.uncached.wallMs.toFixed(0)} / ${result.cli.uncached.cpuMs.toFixed(0)}`,
  `  with a warm compile cache (NODE_COMPILE_CACHE): aimux ${result.cached.aimux.cpuMs.toFixed(0)} ms cpu, ` +
    `upstream ${result.cached.upstream.cpuMs.toFixed(0)} ms cpu; aimux/upstream ${result.cached.wallRatio.toFixed(2)} wall clock, ` +
    `${result.cached.cpuRatio.toFixed(2)} cpu`,
  `  aimux loads: ${describe(result.aimux.modules)}`,
  `  upstream loads: ${describe(result.upstream.modules)}`,
  `  effect alone loads: ${describe(result.effect.modules)}`,
  `  aimux (deep effect imports) loads: ${describe(result.deep.aimux.modules)}`
]

if (import.meta.main) {
  const i = process.argv.indexOf("--runs")
  const runs = i === -1 ? 9 : Number(process.argv[i + 1])
  for (const line of report(runColdStart(runs, (s) => process.stderr.write(s)))) console.log(line)
}
