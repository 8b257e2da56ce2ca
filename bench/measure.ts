/**
 * Measurement machinery of `npm run bench`: a response body that hands out pre-split chunks (the
 * same for every implementation), probes for the first response byte and the first part, heap
 * sampling, and the median-of-runs driver.
 */

/** What one run observes besides its duration. */
export interface Probe {
  /** `performance.now()` when the body delivered its first chunk (the first response byte). */
  firstByte: number
  /** `performance.now()` when the consumer saw the first part derived from the body. */
  firstPart: number
  /** Parts (or events, for the floor) consumed. */
  parts: number
  /** Called per body chunk and per consumed batch: samples the heap in memory runs. */
  sample: () => void
}

const noop = () => {}

/** A probe for a timed run (no heap sampling). */
export const timingProbe = (): Probe => ({ firstByte: 0, firstPart: 0, parts: 0, sample: noop })

/** A probe that samples `heapUsed` at every tick and keeps the peak. */
export const memoryProbe = (): Probe & { peak: number } => {
  const probe = {
    firstByte: 0,
    firstPart: 0,
    parts: 0,
    peak: 0,
    sample: () => {
      const used = process.memoryUsage().heapUsed
      if (used > probe.peak) probe.peak = used
    }
  }
  return probe
}

/** Marks the first part (call for every part or batch; cheap after the first). */
export const seen = (probe: Probe, count: number): void => {
  if (probe.parts === 0 && count > 0) probe.firstPart = performance.now()
  probe.parts += count
}

/**
 * A body that enqueues one pre-split chunk per pull (as a socket hands over network reads),
 * recording the first-byte time and sampling the heap per chunk.
 */
export const bodyOf = (chunks: ReadonlyArray<Uint8Array>, probe: Probe): ReadableStream<Uint8Array> => {
  let index = 0
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      probe.sample()
      if (index === 0) probe.firstByte = performance.now()
      if (index < chunks.length) controller.enqueue(chunks[index++])
      else controller.close()
    }
  }, { highWaterMark: 0 })
}

/** A `Response` with an SSE content type around {@link bodyOf}. */
export const responseOf = (chunks: ReadonlyArray<Uint8Array>, probe: Probe): Response =>
  new Response(bodyOf(chunks, probe), { status: 200, headers: { "content-type": "text/event-stream" } })

/** One run: consume everything, record into the probe. */
export type Runner = (probe: Probe) => Promise<void>

/** Median of numbers. */
export const median = (values: ReadonlyArray<number>): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

const minorCollect = (): void => {
  const gc: unknown = globalThis.gc
  if (typeof gc === "function") gc({ type: "minor" })
}

const collect = (): void => {
  const gc = globalThis.gc
  if (gc !== undefined) {
    gc()
    gc()
  }
}

/** Statistics of one implementation on one workload. */
export interface Stats {
  /** Median wall-clock run time (ms). */
  readonly ms: number
  /** Every timed run, wall clock (ms). */
  readonly runs: ReadonlyArray<number>
  /**
   * Median CPU time of a run (ms): user + system of the process, all threads (GC helpers
   * included). Steadier than wall time on a shared machine, where other processes take turns.
   */
  readonly cpuMs: number
  /** Every timed run, CPU time (ms). */
  readonly cpuRuns: ReadonlyArray<number>
  /** Median time from the first response byte to the first part (ms). */
  readonly firstPartMs: number
  /** Median peak `heapUsed` growth over the post-gc baseline (bytes). */
  readonly heapPeak: number
  /** Parts consumed per run. */
  readonly parts: number
}

/** Options of {@link measure}. */
export interface MeasureOptions {
  readonly warmup: number
  readonly runs: number
  readonly memoryRuns: number
}

/**
 * Measures several implementations of one workload, interleaved so that load changes on the
 * machine hit all of them alike: `warmup` rounds, then `runs` timed rounds (no sampling), then `memoryRuns` rounds sampling `heapUsed` per body chunk and per 256
 * consumed parts, over the post-gc baseline.
 */
export const measureAll = async (
  runners: ReadonlyArray<Runner>,
  options: MeasureOptions,
  onRound?: (round: number) => void
): Promise<Array<Stats>> => {
  for (let i = 0; i < options.warmup; i++) {
    for (const runner of runners) await runner(timingProbe())
  }
  const runs = runners.map(() => [] as Array<number>)
  const cpuRuns = runners.map(() => [] as Array<number>)
  const firstParts = runners.map(() => [] as Array<number>)
  const parts = runners.map(() => 0)
  for (let i = 0; i < options.runs; i++) {
    for (let r = 0; r < runners.length; r++) {
      // no full gc here: right after a full gc V8 runs every implementation about 2x slower
      // (young generation shrunk, feedback lost), which measures the gc, not the pipeline. A
      // minor gc empties the young generation only, so a run no longer pays for the scavenge of
      // the implementation before it (upstream's 64 MB of garbage landed in the floor's runs)
      minorCollect()
      const probe = timingProbe()
      const cpu = process.cpuUsage()
      const start = performance.now()
      await runners[r](probe)
      runs[r].push(performance.now() - start)
      const used = process.cpuUsage(cpu)
      cpuRuns[r].push((used.user + used.system) / 1000)
      firstParts[r].push(probe.firstPart - probe.firstByte)
      parts[r] = probe.parts
    }
    onRound?.(i)
  }
  const peaks = runners.map(() => [] as Array<number>)
  for (let i = 0; i < options.memoryRuns; i++) {
    for (let r = 0; r < runners.length; r++) {
      collect()
      const probe = memoryProbe()
      const baseline = process.memoryUsage().heapUsed
      probe.peak = baseline
      await runners[r](probe)
      probe.sample()
      peaks[r].push(probe.peak - baseline)
    }
  }
  return runners.map((_, r) => ({
    ms: median(runs[r]),
    runs: runs[r],
    cpuMs: median(cpuRuns[r]),
    cpuRuns: cpuRuns[r],
    firstPartMs: median(firstParts[r]),
    heapPeak: peaks[r].length > 0 ? median(peaks[r]) : Number.NaN,
    parts: parts[r]
  }))
}

/** Live-heap peak of one run: a full gc at every sample (slow; for the linearity check only). */
export const liveHeapPeak = async (runner: Runner, every: number): Promise<number> => {
  collect()
  const baseline = process.memoryUsage().heapUsed
  let peak = baseline
  let ticks = 0
  const probe: Probe = {
    firstByte: 0,
    firstPart: 0,
    parts: 0,
    sample: () => {
      if (ticks++ % every !== 0) return
      collect()
      const used = process.memoryUsage().heapUsed
      if (used > peak) peak = used
    }
  }
  await runner(probe)
  return peak - baseline
}

/**
 * Time from the first response byte to the first part, as the median of `rounds` interleaved
 * runs per implementation. Runs are on a short body (the first reads of the workload), so many
 * of them fit in little time: latency is decided by the first read, and a median over many runs
 * is steady even when the machine's other processes preempt some of them.
 */
export const measureLatency = async (runners: ReadonlyArray<Runner>, rounds: number): Promise<Array<number>> => {
  const samples = runners.map(() => [] as Array<number>)
  for (let i = 0; i < rounds + 3; i++) {
    for (let r = 0; r < runners.length; r++) {
      const probe = timingProbe()
      await runners[r](probe)
      if (i >= 3) samples[r].push(probe.firstPart - probe.firstByte)
    }
  }
  return samples.map(median)
}
