/**
 * One implementation of one workload in a loop, for `node --cpu-prof` (no other implementation in
 * the process, so the profile is that implementation's alone):
 *
 *   node --cpu-prof --cpu-prof-dir=bench/profiles bench/profile.ts W1 aimux 40
 *   node bench/profile.ts --summary bench/profiles/<file>.cpuprofile   # top self time
 *
 * Workloads: W1, W2, W4, W5, GEMINI, XAI, COHERE, BEDROCK, W4V, W4B; implementations: aimux, upstream, floor.
 */
import * as fs from "node:fs"
import * as Bedrock from "./bedrock.ts"
import * as Data from "./data.ts"
import * as HostedAnthropic from "./hostedAnthropic.ts"
import { timingProbe, type Runner } from "./measure.ts"
import * as W from "./workloads.ts"

type ChunkRunner = (chunks: ReadonlyArray<Uint8Array>) => Runner

const bodies: Record<string, () => { body: Uint8Array; aimux: ChunkRunner; upstream: ChunkRunner; floor: ChunkRunner }> = {
  W1: () => ({ body: Data.openaiTextBody(20_000), aimux: W.aimuxOpenAI, upstream: W.upstreamOpenAI, floor: W.floor }),
  W2: () => ({ body: Data.openaiToolsBody(8, 2_000), aimux: W.aimuxOpenAI, upstream: W.upstreamOpenAI, floor: W.floor }),
  W4: () => ({ body: Data.anthropicBody(4_000, 10_000, 2_000), aimux: W.aimuxAnthropic, upstream: W.upstreamAnthropic, floor: W.floor }),
  W5: () => ({ body: Data.openaiResponsesBody(20_000, 2_000), aimux: W.aimuxOpenAIResponses, upstream: W.upstreamOpenAIResponses, floor: W.floor }),
  GEMINI: () => ({ body: Data.geminiBody(4_000, 16_000), aimux: W.aimuxGoogle, upstream: W.upstreamGoogle, floor: W.floor }),
  XAI: () => ({ body: Data.xaiResponsesBody(2_000, 20_000, 2_000), aimux: W.aimuxXai, upstream: W.upstreamXai, floor: W.floor }),
  COHERE: () => ({ body: Data.cohereBody(2_000, 20_000, 2_000), aimux: W.aimuxCohere, upstream: W.upstreamCohere, floor: W.floor }),
  MISTRAL: () => ({ body: Data.mistralBody(2_000, 20_000, 2_000), aimux: W.aimuxMistral, upstream: W.upstreamMistral, floor: W.floor }),
  BEDROCK: () => ({ body: Bedrock.bedrockBody(2_000, 20_000, 2_000), aimux: Bedrock.aimuxBedrock, upstream: Bedrock.upstreamBedrock, floor: Bedrock.floorBedrock }),
  W4V: () => ({ body: Data.anthropicBody(4_000, 10_000, 2_000), aimux: HostedAnthropic.aimuxVertexAnthropic, upstream: HostedAnthropic.upstreamVertexAnthropic, floor: W.floor }),
  W4B: () => {
    const body = HostedAnthropic.bedrockAnthropicBody(Data.anthropicBody(4_000, 10_000, 2_000))
    return { body, aimux: HostedAnthropic.aimuxBedrockAnthropic(body.length), upstream: HostedAnthropic.upstreamBedrockAnthropic(body.length), floor: HostedAnthropic.floorBedrockAnthropic }
  }
}

interface ProfileNode {
  readonly id: number
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number }
}
interface Profile {
  readonly nodes: ReadonlyArray<ProfileNode>
  readonly samples: ReadonlyArray<number>
  readonly timeDeltas: ReadonlyArray<number>
}

const summarize = (file: string, top: number): void => {
  const profile: Profile = JSON.parse(fs.readFileSync(file, "utf8"))
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const self = new Map<string, number>()
  let total = 0
  profile.samples.forEach((id, i) => {
    const node = byId.get(id)
    const dt = profile.timeDeltas[i] ?? 0
    total += dt
    if (node === undefined) return
    const { functionName, url, lineNumber } = node.callFrame
    const where = url === "" ? "" : ` ${url.replace(/^.*\/(node_modules|src|bench)\//, "$1/")}:${lineNumber + 1}`
    const key = `${functionName || "(anonymous)"}${where}`
    self.set(key, (self.get(key) ?? 0) + dt)
  })
  const rows = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)
  for (const [key, us] of rows) console.log(`${(100 * us / total).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(1).padStart(8)} ms  ${key}`)
}

const argv = process.argv.slice(2)
if (argv[0] === "--summary") {
  summarize(argv[1], Number(argv[2] ?? 40))
} else {
  const [workload = "W1", implementation = "aimux", runsText = "40"] = argv
  const make = bodies[workload.toUpperCase()]
  if (make === undefined) throw new Error(`unknown workload ${workload}`)
  const spec = make()
  const runner = spec[implementation === "upstream" ? "upstream" : implementation === "floor" ? "floor" : "aimux"](Data.split(spec.body, 16 * 1024))
  const runs = Number(runsText)
  const cpu = process.cpuUsage()
  for (let i = 0; i < runs; i++) await runner(timingProbe())
  const used = process.cpuUsage(cpu)
  console.log(`${workload} ${implementation}: ${runs} runs, ${((used.user + used.system) / 1000 / runs).toFixed(1)} cpu ms per run`)
}
