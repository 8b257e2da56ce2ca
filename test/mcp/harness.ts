/**
 * Shared pieces of the MCP tests: the fixture server's command lines, an HTTP fixture started as a
 * child process on 127.0.0.1, and views that make aimux's and upstream's results comparable.
 */
import { spawn } from "node:child_process"
import * as path from "node:path"

export const fixture = path.join(import.meta.dirname, "fixtures", "sdk-server.ts")
export const node = process.execPath

export interface HttpFixture {
  readonly url: string
  readonly close: () => void
}

/** Starts the fixture in `http` mode; resolves once it listens. */
export const startHttpFixture = (): Promise<HttpFixture> =>
  new Promise((resolve, reject) => {
    const child = spawn(node, [fixture, "http"], { stdio: ["ignore", "pipe", "inherit"] })
    let out = ""
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8")
      const match = /PORT (\d+)/.exec(out)
      if (match !== null) resolve({ url: `http://127.0.0.1:${match[1]}`, close: () => void child.kill() })
    })
    child.on("error", reject)
    child.on("exit", (code) => reject(new Error(`fixture exited with ${code}`)))
  })

/** Whether a process is alive (signal 0 probes without killing). */
export const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
