/**
 * The bench chart (`bench/chart.ts`, written by `npm run bench` to docs/benchmarks.svg): one group
 * per workload that has a floor, bars as CPU ÷ floor in aimux, upstream, floor order, lengths
 * proportional to the ratios, labels escaped.
 */
import { describe, expect, it } from "@effect/vitest"
import { renderChart } from "../bench/chart.ts"

const rows = [
  { workload: "W1", implementation: "aimux", cpuMs: 8, mbPerSec: 250 },
  { workload: "W1", implementation: "upstream", cpuMs: 40, mbPerSec: 50 },
  { workload: "W1", implementation: "floor", cpuMs: 10, mbPerSec: 200 },
  { workload: "X<&>", implementation: "aimux", cpuMs: 30, mbPerSec: 10 },
  { workload: "X<&>", implementation: "floor", cpuMs: 20, mbPerSec: 15 },
  { workload: "NOFLOOR", implementation: "aimux", cpuMs: 5, mbPerSec: 1 }
]

const widths = (svg: string) => [...svg.matchAll(/<rect x="150" y="\d+(?:\.\d+)?" width="([\d.]+)" height="12"/g)].map((m) => Number(m[1]))

describe("bench chart", () => {
  it("one bar per implementation, proportional to CPU ÷ floor", () => {
    const svg = renderChart(rows, "title")
    expect(svg.startsWith("<svg ")).toBe(true)
    expect(svg.trimEnd().endsWith("</svg>")).toBe(true)
    const w = widths(svg)
    // W1: 0.8, 4.0, 1.0; X: 1.5, 1.0; NOFLOOR left out
    expect(w).toHaveLength(5)
    expect(w[1] / w[0]).toBeCloseTo(4 / 0.8, 1)
    expect(w[2] / w[0]).toBeCloseTo(1 / 0.8, 1)
    expect(w[3] / w[4]).toBeCloseTo(1.5, 1)
    expect(svg).toContain("0.80x · 250.0 MB/s")
    expect(svg).toContain("4.00x · 50.0 MB/s")
    expect(svg).not.toContain("NOFLOOR")
  })

  it("escapes workload names and the title", () => {
    const svg = renderChart(rows, "a < b & c")
    expect(svg).toContain("X&lt;&amp;&gt;")
    expect(svg).toContain("a &lt; b &amp; c")
    expect(svg).not.toContain("X<&>")
  })
})
