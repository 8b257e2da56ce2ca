/**
 * Real sockets (`npm run bench -- --only S`, or `node bench/sockets.ts [streams] [rounds]`): a
 * loopback `node:http` server serves the recorded OpenAI chat body (each stream's text deltas
 * marked with its number) in small writes with a small delay, and a client process per
 * implementation opens that many concurrent streams: aimux through effect's fetch client, aimux
 * through `@effect/platform-node`'s `node:http` client, and upstream `@ai-sdk/openai` through
 * `fetch`. Each client process reports its own CPU time, peak RSS, the p50/p99 time from the call
 * to the first part, errors, and cross-talk (a stream whose text is not its own). Implementations
 * are interleaved round by round; medians over rounds. `SOCKETS_PHASES=1` adds each client's phase
 * breakdown (where the first part waits, see sockets/client.ts); `SOCKETS_ONLY=a,b` picks clients
 * (also `fetch-raw` and `effect-fetch-raw`, the transports alone).
 */
import { spawn } from "node:child_process"
import * as http from "node:http"
import { monitorEventLoopDelay } from "node:perf_hooks"
import type { AddressInfo } from "node:net"
import * as path from "node:path"
import { bytesOf, streamOf } from "./sockets/body.ts"

/** What one client process reports. */
export interface ClientResult {
  readonly implementation: string
  readonly count: number
  readonly cpuMs: number
  readonly wallMs: number
  readonly maxRssMB: number
  readonly p50FirstPartMs: number
  readonly p99FirstPartMs: number
  readonly errors: number
  readonly crossTalk: number
  readonly firstError?: string | undefined
  /** With `SOCKETS_PHASES=1`: per phase, [p50, p99] ms after the call and after the phase before. */
  readonly phases?: Record<string, { readonly sinceCall: [number, number]; readonly sincePrevious: [number, number] }> | undefined
}

/** Options of the socket bench. */
export interface SocketOptions {
  readonly streams: number
  readonly rounds: number
  /** Bytes per write, and the delay between writes (ms). */
  readonly writeBytes: number
  readonly delayMs: number
}

const defaultImplementations: ReadonlyArray<string> = ["aimux-fetch", "aimux-node", "upstream"]
// `SOCKETS_ONLY=a,b`: these clients instead (a diagnosis of one of them; `fetch-raw` and
// `effect-fetch-raw` are the two transports alone, see sockets/client.ts)
const implementations: ReadonlyArray<string> = process.env.SOCKETS_ONLY?.split(",") ?? defaultImplementations

const serve = (options: SocketOptions): Promise<http.Server> =>
  new Promise((resolve) => {
    // every body is built before the first client runs: built per request (~1–3 ms each), a burst
    // of 1,000 requests stalled the server's event loop for seconds, and the first parts of the
    // whole run then measured that stall (which requests the server happened to take first)
    const bodies = Array.from({ length: options.streams + 1 }, (_, n) => bytesOf(n))
    const server = http.createServer((request, response) => {
      const requestAt = performance.timeOrigin + performance.now()
      const parts: Array<Buffer> = []
      request.on("data", (chunk: Buffer) => parts.push(chunk))
      request.on("end", () => {
        const n = streamOf(Buffer.concat(parts).toString("utf8"))
        const body = bodies[n] ?? bytesOf(n)
        // when the request was received (absolute ms, comparable across processes on one machine): the
        // client's phase breakdown (`SOCKETS_PHASES=1`) splits its wait at this point
        const received = performance.timeOrigin + performance.now()
        response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", "x-received-at": String(received), "x-request-at": String(requestAt), "x-connected-at": String(connectedAt.get(request.socket) ?? 0), "x-remote-port": String(request.socket.remotePort) })
        let offset = 0
        const write = () => {
          if (offset >= body.length) {
            response.end()
            return
          }
          response.write(body.subarray(offset, offset + options.writeBytes))
          offset += options.writeBytes
          setTimeout(write, options.delayMs)
        }
        write()
      })
    })
    const connectedAt = new WeakMap<object, number>()
    server.on("connection", (socket) => connectedAt.set(socket, performance.timeOrigin + performance.now()))
    server.keepAliveTimeout = 1000
    server.listen({ port: 0, host: "127.0.0.1", backlog: 4096 }, () => resolve(server))
  })

const client = (implementation: string, url: string, streams: number): Promise<ClientResult> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(import.meta.dirname, "sockets", "client.ts"), implementation, url, String(streams)], {
      stdio: ["ignore", "pipe", "inherit"]
    })
    let out = ""
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString("utf8")))
    child.on("exit", (code) => {
      const line = out.trim().split("\n").pop() ?? ""
      if (code !== 0 || line === "") reject(new Error(`${implementation} exited with ${code}: ${out}`))
      else resolve(JSON.parse(line))
    })
  })

const median = (values: ReadonlyArray<number>): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/** Runs the socket bench; per implementation the median of each measure over the rounds. */
export const runSockets = async (options: SocketOptions, log: (s: string) => void): Promise<Array<ClientResult>> => {
  const server = await serve(options)
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
  const results = new Map<string, Array<ClientResult>>(implementations.map((i) => [i, []]))
  try {
    for (let round = 0; round < options.rounds; round++) {
      for (const implementation of implementations) {
        log(`S ${implementation} x${options.streams} ...`)
        // the server's own load during the run: its CPU time and event-loop delay (a saturated
        // server, not the client, is then what delays the first parts)
        const serverCpu = process.cpuUsage()
        const lag = monitorEventLoopDelay({ resolution: 10 })
        lag.enable()
        const result = await client(implementation, url, options.streams)
        lag.disable()
        const used = process.cpuUsage(serverCpu)
        log(` server cpu ${((used.user + used.system) / 1000).toFixed(0)} ms, loop delay p50 ${(lag.percentile(50) / 1e6).toFixed(0)} / p99 ${(lag.percentile(99) / 1e6).toFixed(0)} / max ${(lag.max / 1e6).toFixed(0)} ms;`)
        results.get(implementation)!.push(result)
        if (result.phases !== undefined) {
          for (const [phase, { sinceCall, sincePrevious }] of Object.entries(result.phases)) {
            log(`   ${phase.padEnd(10)} after call p50 ${sinceCall[0]} p99 ${sinceCall[1]}; after previous p50 ${sincePrevious[0]} p99 ${sincePrevious[1]}\n`)
          }
        }
        log(` cpu ${result.cpuMs.toFixed(0)} ms, rss ${result.maxRssMB.toFixed(0)} MB, first part p50 ${result.p50FirstPartMs.toFixed(1)} / p99 ${result.p99FirstPartMs.toFixed(1)} ms, ${result.errors} errors, ${result.crossTalk} cross-talk${result.firstError ? ` (${result.firstError.slice(0, 120)})` : ""}\n`)
      }
    }
  } finally {
    server.closeAllConnections()
    server.close()
  }
  return implementations.map((implementation) => {
    const rs = results.get(implementation)!
    return {
      implementation,
      count: options.streams,
      cpuMs: median(rs.map((r) => r.cpuMs)),
      wallMs: median(rs.map((r) => r.wallMs)),
      maxRssMB: median(rs.map((r) => r.maxRssMB)),
      p50FirstPartMs: median(rs.map((r) => r.p50FirstPartMs)),
      p99FirstPartMs: median(rs.map((r) => r.p99FirstPartMs)),
      errors: Math.max(...rs.map((r) => r.errors)),
      crossTalk: Math.max(...rs.map((r) => r.crossTalk))
    }
  })
}

/** The table of {@link runSockets}'s results, with ratios to upstream. */
export const report = (results: ReadonlyArray<ClientResult>): string => {
  const up = results.find((r) => r.implementation === "upstream") ?? results[0]
  const ratio = (a: number, b: number | undefined) => (b === undefined || b === 0 ? "—" : (a / b).toFixed(2))
  const lines = [
    "| client | streams | cpu ms | /upstream | peak RSS MB | /upstream | 1st part p50 ms | /upstream | 1st part p99 ms | /upstream | wall ms | errors | cross-talk |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
  ]
  for (const r of results) {
    lines.push(`| ${r.implementation} | ${r.count} | ${r.cpuMs.toFixed(0)} | ${ratio(r.cpuMs, up?.cpuMs)} | ${r.maxRssMB.toFixed(0)} | ${ratio(r.maxRssMB, up?.maxRssMB)} | ${r.p50FirstPartMs.toFixed(1)} | ${ratio(r.p50FirstPartMs, up?.p50FirstPartMs)} | ${r.p99FirstPartMs.toFixed(1)} | ${ratio(r.p99FirstPartMs, up?.p99FirstPartMs)} | ${r.wallMs.toFixed(0)} | ${r.errors} | ${r.crossTalk} |`)
  }
  return lines.join("\n")
}

if (import.meta.main) {
  const [streams = "1000", rounds = "3"] = process.argv.slice(2)
  const results = await runSockets({ streams: Number(streams), rounds: Number(rounds), writeBytes: 2048, delayMs: 5 }, (s) => process.stderr.write(s))
  console.log(report(results))
}
