/**
 * LM: peak live heap of a long text stream (issue 16's low-memory mode, issue 23's memory goal).
 * Each row runs in its own `node --expose-gc --max-old-space-size=80` process
 * (bench/low-memory/child.ts): a 100 MB text stream (1 KiB deltas) as an OpenAI chat SSE body
 * generated while it is read, through the provider, through streamText (default mode) and through
 * the low-memory mode (`StreamTextLowMemory.experimental_streamTextLowMemory` / upstream
 * `experimental_streamTextLowMemory`), aimux and upstream. A row that exceeds the heap limit is
 * reported as `out of memory`. Goal: aimux low-memory mode under 32 MB.
 * `node bench/lowMemory.ts [--mb N] [--rows a,b]` alone, or as the `LM` workload of `npm run bench`.
 */
import { spawnSync } from "node:child_process"
import * as path from "node:path"

/** The rows, in report order. */
export const rows = [
  "aimux-provider",
  "upstream-provider",
  "aimux-streamText",
  "upstream-streamText",
  "aimux-streamText-onEnd",
  "aimux-lowMemory",
  "upstream-lowMemory"
] as const

/** One row's outcome. */
export interface Row {
  readonly variant: string
  /** Live-heap peak above the baseline (MB), undefined when the process ran out of memory. */
  readonly peakMB: number | undefined
  readonly textMB: number | undefined
  readonly ms: number | undefined
  readonly outcome: "ok" | "out of memory" | "failed"
}

/** The limit each child runs under (MB of old space). */
export const heapLimitMB = 80

/** Runs the rows, each in a fresh process. */
export const runLowMemory = (megabytes: number, selectedRows: ReadonlyArray<string> = rows, log: (s: string) => void = () => {}): Array<Row> =>
  selectedRows.map((variant) => {
    log(`LM ${variant} (${megabytes} MB)...\n`)
    const child = spawnSync(process.execPath, [
      "--expose-gc",
      `--max-old-space-size=${heapLimitMB}`,
      path.join(import.meta.dirname, "low-memory", "child.ts"),
      variant,
      String(megabytes)
    ], { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 })
    const line = child.stdout.trim().split("\n").at(-1) ?? ""
    if (child.status === 0 && line.startsWith("{")) {
      const parsed: { peakMB: number; textMB: number; ms: number } = JSON.parse(line)
      return { variant, peakMB: parsed.peakMB, textMB: parsed.textMB, ms: parsed.ms, outcome: "ok" }
    }
    const oom = /heap out of memory|Allocation failed/i.test(child.stderr)
    if (!oom) log(child.stderr.slice(-2000))
    return { variant, peakMB: undefined, textMB: undefined, ms: undefined, outcome: oom ? "out of memory" : "failed" }
  })

/** The report lines. */
export const report = (megabytes: number, result: ReadonlyArray<Row>): Array<string> => [
  `LM: ${megabytes} MB text stream, each row a fresh process with --max-old-space-size=${heapLimitMB}:`,
  ...result.map((r) =>
    r.peakMB !== undefined && r.textMB !== undefined && r.ms !== undefined
      ? `  ${r.variant.padEnd(20)} live heap peak ${r.peakMB.toFixed(1)} MB (${r.textMB.toFixed(0)} MB text, ${(r.ms / 1000).toFixed(1)} s)`
      : `  ${r.variant.padEnd(20)} ${r.outcome}`
  )
]

if (import.meta.main) {
  const argv = process.argv.slice(2)
  const flag = (name: string) => {
    const i = argv.indexOf(`--${name}`)
    return i === -1 ? undefined : argv[i + 1]
  }
  const megabytes = Number(flag("mb") ?? "100")
  const selectedRows = flag("rows")?.split(",") ?? rows
  const result = runLowMemory(megabytes, selectedRows, (s) => process.stderr.write(s))
  console.log(report(megabytes, result).join("\n"))
}
