/**
 * A loopback HTTP server that streams a large body (OpenAI chat SSE or Bedrock event-stream
 * frames, one text delta per event) as fast as the connection takes it, and the server-side
 * measurements of the backpressure tests and bench: the bytes `res.write` accepted (the server
 * writes again only after `drain`, so this is what the client side has absorbed plus Node's
 * writable buffer), and, on Linux, the bytes sitting in the kernel queues of the connection
 * (server send queue + client receive queue, from `/proc/net/tcp`). What the server got ahead
 * of the consumer minus the kernel queues is what user space holds: the HTTP client's buffers
 * plus aimux's.
 */
import { EventStreamCodec } from "@smithy/eventstream-codec"
import * as fs from "node:fs"
import * as http from "node:http"
import type { Socket } from "node:net"
import * as v8 from "node:v8"
import * as vm from "node:vm"

/** The body format of the flood. */
export type Format = "openai" | "bedrock"

const TEXT = "abcdefghij"

const openaiEvent = (delta: string, finish: string | null) =>
  `data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":${delta},"finish_reason":${
    finish === null ? "null" : JSON.stringify(finish)
  }}]}\n\n`

const codec = new EventStreamCodec((bytes) => new TextDecoder().decode(bytes), (text) => new TextEncoder().encode(text))

/** One Bedrock ConverseStream event frame. */
export const bedrockFrame = (type: string, payload: object): Uint8Array =>
  codec.encode({
    headers: {
      ":message-type": { type: "string", value: "event" },
      ":event-type": { type: "string", value: type },
      ":content-type": { type: "string", value: "application/json" }
    },
    body: new TextEncoder().encode(JSON.stringify({ ...payload, p: "abcdefgh" }))
  })

/** One text-delta event of the flood, as bytes. */
export const deltaEvent = (format: Format): Uint8Array =>
  format === "openai"
    ? new TextEncoder().encode(openaiEvent(JSON.stringify({ content: TEXT }), null))
    : bedrockFrame("contentBlockDelta", { contentBlockIndex: 0, delta: { text: TEXT } })

const prelude = (format: Format): Uint8Array =>
  format === "openai"
    ? new TextEncoder().encode(openaiEvent(JSON.stringify({ role: "assistant", content: "" }), null))
    : bedrockFrame("messageStart", { role: "assistant" })

const ending = (format: Format): Uint8Array =>
  format === "openai"
    ? new TextEncoder().encode(openaiEvent("{}", "stop") + "data: [DONE]\n\n")
    : Buffer.concat([
      bedrockFrame("contentBlockStop", { contentBlockIndex: 0 }),
      bedrockFrame("messageStop", { stopReason: "end_turn" }),
      bedrockFrame("metadata", { usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 }, metrics: { latencyMs: 1 } })
    ])

/** An OpenAI chat SSE body that calls one tool (for a tool step before the flood). */
export const openaiToolCallBody = (toolName: string, args: string): string =>
  openaiEvent(
    JSON.stringify({ role: "assistant", tool_calls: [{ index: 0, id: "call_1", type: "function", function: { name: toolName, arguments: args } }] }),
    null
  ) + openaiEvent("{}", "tool_calls") + "data: [DONE]\n\n"

/** What the server side of a flood observed at one instant. */
export interface Snapshot {
  /** Body bytes `res.write` accepted so far. */
  readonly accepted: number
  /** Bytes in the connection's kernel queues; `undefined` where `/proc/net/tcp` is unavailable. */
  readonly kernel: number | undefined
}

/** A running flood server. */
export interface Flood {
  readonly baseURL: string
  readonly format: Format
  /** Bytes of one text-delta event: a consumer that saw n deltas has consumed n times this. */
  readonly eventBytes: number
  /** Requests received so far. */
  readonly requests: () => number
  readonly snapshot: () => Snapshot
  readonly stop: () => Promise<void>
}

/**
 * Starts a flood server. Requests before `before.length` get those fixed bodies (a tool step);
 * every later request gets the flood: the prelude, then text-delta events in 64 KiB writes, each
 * after the previous one was accepted (`write` returned true or `drain` fired), up to
 * `totalBytes`, then the finish.
 */
export const start = async (options: {
  readonly format: Format
  readonly totalBytes: number
  readonly before?: ReadonlyArray<string> | undefined
}): Promise<Flood> => {
  const { format, totalBytes } = options
  const before = options.before ?? []
  const event = deltaEvent(format)
  const block = Buffer.concat(Array.from({ length: Math.floor(65536 / event.length) }, () => event))
  const contentType = format === "openai" ? "text/event-stream" : "application/vnd.amazon.eventstream"
  let accepted = 0
  let requests = 0
  const sockets = new Set<Socket>()
  const server = http.createServer((req, res) => {
    const index = requests++
    req.resume()
    req.on("end", () => {
      res.writeHead(200, { "content-type": contentType })
      const fixed = before[index]
      if (fixed !== undefined) return void res.end(fixed)
      let closed = false
      res.on("close", () => {
        closed = true
      })
      res.write(prelude(format))
      const pump = () => {
        while (!closed && accepted < totalBytes) {
          accepted += block.length
          if (!res.write(block)) return void res.once("drain", pump)
        }
        if (!closed) res.end(ending(format))
      }
      pump()
    })
  })
  server.on("connection", (socket) => {
    sockets.add(socket)
    socket.on("close", () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()))
  const address = server.address()
  const port = typeof address === "object" && address !== null ? address.port : 0
  return {
    baseURL: `http://127.0.0.1:${port}`,
    format,
    eventBytes: event.length,
    requests: () => requests,
    snapshot: () => ({ accepted, kernel: kernelQueued(port) }),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      })
  }
}

/**
 * The bytes queued in the kernel for the loopback connections of `port`: the send queue of the
 * server's sockets plus the receive queue of the client's (`tx_queue` / `rx_queue` of
 * `/proc/net/tcp`); `undefined` where that file does not exist.
 */
export const kernelQueued = (port: number): number | undefined => {
  let table: string
  try {
    table = fs.readFileSync("/proc/net/tcp", "utf8")
  } catch {
    return undefined
  }
  const hex = `:${port.toString(16).toUpperCase().padStart(4, "0")}`
  let total = 0
  for (const line of table.split("\n").slice(1)) {
    const fields = line.trim().split(/\s+/)
    if (fields.length < 5) continue
    const [tx, rx] = fields[4].split(":").map((h) => parseInt(h, 16))
    if (fields[1].endsWith(hex)) total += tx
    if (fields[2].endsWith(hex)) total += rx
  }
  return total
}

v8.setFlagsFromString("--expose-gc")
const gc: () => void = vm.runInNewContext("gc")

/** The live heap: `heapUsed` after a full collection. */
export const liveHeap = (): number => {
  gc()
  return process.memoryUsage().heapUsed
}

/**
 * Where kernel queues cannot be read, the socket buffers are assumed to hold up to this much
 * (Linux loopback: up to 4 MiB send + the receive window).
 */
export const SOCKET_ALLOWANCE = 16 * 1024 * 1024

/** What one pause of the consumer showed. */
export interface PauseReport {
  /** Bytes the server got ahead of the consumer (accepted minus consumed) at the pause's end. */
  readonly ahead: number
  /** Of those, the bytes held in user space (not in kernel queues): the HTTP client's and aimux's buffers. */
  readonly userSpace: number
  /** Bytes the server managed to write during the pause. */
  readonly duringPause: number
  /** Growth of the kernel queues during the pause (the part of `duringPause` the sockets took). */
  readonly kernelGrowth: number
  /** Live heap at the pause's end minus at its start. */
  readonly heapGrowth: number
  /** Live heap at the pause's end minus before the run started (what the run holds). */
  readonly heapHeld: number
}

/**
 * The consumer stops pulling for `pauseMs` (real time: the server and aimux's fibers run meanwhile);
 * `consumed` is how many delta events it has seen.
 */
export const pause = async (flood: Flood, consumed: number, pauseMs: number, baselineHeap: number): Promise<PauseReport> => {
  const before = flood.snapshot()
  const heapBefore = liveHeap()
  await new Promise((resolve) => setTimeout(resolve, pauseMs))
  const after = flood.snapshot()
  const heapAfter = liveHeap()
  const ahead = after.accepted - consumed * flood.eventBytes
  return {
    ahead,
    userSpace: ahead - (after.kernel ?? SOCKET_ALLOWANCE),
    duringPause: after.accepted - before.accepted,
    kernelGrowth: after.kernel === undefined || before.kernel === undefined ? SOCKET_ALLOWANCE : Math.max(0, after.kernel - before.kernel),
    heapGrowth: heapAfter - heapBefore,
    heapHeld: heapAfter - baselineHeap
  }
}
