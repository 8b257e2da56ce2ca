/**
 * The bench's standing at a glance: one group of bars per workload (aimux, upstream, the floor),
 * each bar the implementation's CPU time as a multiple of the floor's (SSE parse + `JSON.parse`
 * alone), so 1.0 is the floor and shorter is faster. `npm run bench` writes it to
 * `docs/benchmarks.svg`, which `docs/benchmarks.md` shows. Plain SVG, no dependency.
 */

/** What the chart reads of one result row. */
export interface ChartRow {
  readonly workload: string
  readonly implementation: string
  readonly cpuMs: number
  readonly mbPerSec: number
}

const colors: Readonly<Record<string, string>> = { aimux: "#2f6fdb", upstream: "#9aa4b2", floor: "#3aa55d" }
const order = ["aimux", "upstream", "floor"]

const escape = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")

const fixed = (n: number): string => (n >= 10 ? n.toFixed(1) : n.toFixed(2))

/** The SVG document for these rows; workloads without a floor row are left out (no baseline). */
export const renderChart = (rows: ReadonlyArray<ChartRow>, title: string): string => {
  const workloads = [...new Set(rows.map((r) => r.workload))].filter((w) =>
    rows.some((r) => r.workload === w && r.implementation === "floor")
  )
  const barHeight = 12
  const gap = 3
  const groupGap = 14
  const left = 150
  const width = 760
  const plot = width - left - 150
  const groups = workloads.map((workload) => {
    const floor = rows.find((r) => r.workload === workload && r.implementation === "floor")!
    const bars = order.flatMap((implementation) => {
      const row = rows.find((r) => r.workload === workload && r.implementation === implementation)
      return row === undefined ? [] : [{ implementation, ratio: row.cpuMs / floor.cpuMs, mbPerSec: row.mbPerSec }]
    })
    return { workload, bars }
  })
  const maxRatio = Math.max(1, ...groups.flatMap((g) => g.bars.map((b) => b.ratio)))
  const scale = plot / maxRatio
  let y = 48
  const body: Array<string> = []
  for (const group of groups) {
    const groupHeight = group.bars.length * (barHeight + gap) - gap
    body.push(`<text x="${left - 8}" y="${y + groupHeight / 2 + 4}" text-anchor="end" class="w">${escape(group.workload)}</text>`)
    for (const bar of group.bars) {
      const w = Math.max(1, bar.ratio * scale)
      body.push(
        `<rect x="${left}" y="${y}" width="${w.toFixed(1)}" height="${barHeight}" fill="${colors[bar.implementation]}">` +
          `<title>${escape(`${group.workload} ${bar.implementation}: ${fixed(bar.ratio)}x floor, ${fixed(bar.mbPerSec)} MB/s`)}</title></rect>`,
        `<text x="${left + w + 4}" y="${y + barHeight - 2}" class="v">${fixed(bar.ratio)}x · ${fixed(bar.mbPerSec)} MB/s</text>`
      )
      y += barHeight + gap
    }
    y += groupGap - gap
  }
  const floorX = left + scale
  const height = y + 10
  const legend = order.map((name, i) =>
    `<rect x="${left + i * 110}" y="26" width="10" height="10" fill="${colors[name]}"/>` +
    `<text x="${left + i * 110 + 14}" y="35" class="v">${name}</text>`
  )
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif">`,
    `<style>.w{font-size:11px;fill:#222}.v{font-size:10px;fill:#444}.t{font-size:13px;font-weight:bold;fill:#222}</style>`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="8" y="16" class="t">${escape(title)}</text>`,
    ...legend,
    `<line x1="${floorX.toFixed(1)}" y1="42" x2="${floorX.toFixed(1)}" y2="${height - 6}" stroke="#3aa55d" stroke-dasharray="3,3"/>`,
    ...body,
    `</svg>`,
    ""
  ].join("\n")
}
