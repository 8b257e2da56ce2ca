import * as Data from "./data.ts"
import { timingProbe, type Runner } from "./measure.ts"
import * as W from "./workloads.ts"
const [armsText = "untraced,aimux", runsText = "20", roundsText = "7"] = process.argv.slice(2)
const parts = Data.coreParts(20_000, 100)
const make = (arm: string): Runner =>
  arm === "untraced" ? W.aimuxStreamText(parts)
  : arm === "norec" ? W.aimuxStreamTextTraced(parts, true, { recordInputs: false, recordOutputs: false })
  : W.aimuxStreamTextTraced(parts, arm === "aimux")
const arms = armsText.split(",")
const runners = arms.map(make)
const results: Array<Array<number>> = arms.map(() => [])
for (const r of runners) for (let i = 0; i < 5; i++) await r(timingProbe())
for (let round = 0; round < Number(roundsText); round++) {
  for (let a = 0; a < arms.length; a++) {
    const cpu = process.cpuUsage()
    for (let i = 0; i < Number(runsText); i++) await runners[a](timingProbe())
    const used = process.cpuUsage(cpu)
    results[a].push((used.user + used.system) / 1000 / Number(runsText))
  }
}
const median = (xs: Array<number>) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]
const base = median(results[0])
arms.forEach((arm, a) => console.log(`${arm.padEnd(10)} median ${median(results[a]).toFixed(2)} ms  ×${(median(results[a]) / base).toFixed(2)}  [${results[a].map((x) => x.toFixed(1)).join(" ")}]`))
