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
  const child = spawnSync(process.execPath, [path.join(dir, program)], { cwd: root, encoding: "utf8", env })
  const wallMs = performance.now() - start
  if (child.status !== 0) throw new Error(`${program} exited ${child.status}: ${child.stderr}`)
  return { wallMs, cpuMs: Number(child.stdout.trim()) / 1000 }
}

const countModules = (program: string): ModuleCounts => {
  const child = spawnSync(process.execPath, ["--import", path.join(dir, "count-modules.mjs"), path.join(dir, program)], { cwd: root, encoding: "utf8" })
  const last = child.stderr.trim().split("\n").at(-1) ?? "{}"
  return JSON.parse(last)
}

/** Builds dist/ and measures; `log` gets progress lines. */
export const runColdStart = (runs: number, log: (line: string) => void): ColdStart => {
  log("cold start: npm run build\n")
  execFileSync(process.execPath, [path.join(root, "scripts/build.ts")], { cwd: root, stdio: ["ignore", "ignore", "inherit"] })
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), "aimux-compile-cache-"))
  for (const program of ["aimux.mjs", "upstream.mjs", "effect.mjs", "aimux-deep.mjs", "effect-deep.mjs"]) sample(program)
  for (const program of ["aimux.mjs", "upstream.mjs"]) sample(program, cacheDir)
  const aimux: Array<Sample> = []
  const upstream: Array<Sample> = []
  const effect: Array<Sample> = []
  const deepAimux: Array<Sample> = []
  const deepEffect: Array<Sample> = []
  const cachedAimux: Array<Sample> = []
  const cachedUpstream: Array<Sample> = []
  for (let i = 0; i < runs; i++) {
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
