/**
 * A real PostgreSQL for the durable tests: a temporary data directory (`initdb`), a server on
 * 127.0.0.1 at a free port (`pg_ctl start`), stopped and removed by `stop`.
 *
 * PostgreSQL refuses to run as root, and CI runs the tests as root: then the server runs as an
 * unprivileged user (`postgres`, which Debian's package creates; otherwise `aimux-pg`, made with
 * `useradd`), and the data directory belongs to it. `initdb` is found on PATH or under
 * `/usr/lib/postgresql/<version>/bin` (Debian's layout), the newest version first.
 */
import { execFileSync, spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as net from "node:net"
import * as os from "node:os"
import * as path from "node:path"

export interface Postgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (trust authentication). */
  readonly url: string
  readonly port: number
  readonly stop: () => void
}

const isExecutable = (file: string): boolean => {
  try {
    fs.accessSync(file, fs.constants.X_OK)
    return true
  } catch {
    return false
  }
}

/** The directory holding `initdb` and `pg_ctl`. */
export const findBinDir = (): string => {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (dir !== "" && isExecutable(path.join(dir, "initdb")) && isExecutable(path.join(dir, "pg_ctl"))) return dir
  }
  const root = "/usr/lib/postgresql"
  const versions = fs.existsSync(root)
    ? fs.readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a))
    : []
  for (const version of versions) {
    const dir = path.join(root, version, "bin")
    if (isExecutable(path.join(dir, "initdb"))) return dir
  }
  throw new Error("PostgreSQL not found: no initdb on PATH or under /usr/lib/postgresql/*/bin (apt-get install postgresql)")
}

/** The uid and gid the server runs as: ours, or an unprivileged user's when we are root. */
const serverUser = (): { readonly uid: number; readonly gid: number } | undefined => {
  if (process.getuid?.() !== 0) return undefined
  const lookup = (name: string) => {
    const uid = spawnSync("id", ["-u", name], { encoding: "utf8" })
    const gid = spawnSync("id", ["-g", name], { encoding: "utf8" })
    return uid.status === 0 && gid.status === 0 ? { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) } : undefined
  }
  const existing = lookup("postgres") ?? lookup("aimux-pg")
  if (existing !== undefined) return existing
  execFileSync("useradd", ["--system", "--no-create-home", "--shell", "/usr/sbin/nologin", "aimux-pg"])
  const made = lookup("aimux-pg")
  if (made === undefined) throw new Error("useradd aimux-pg did not make a user")
  return made
}

/** A port free on 127.0.0.1 now (the OS's choice). */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      server.close(() => resolve(port))
    })
  })

/** Starts a fresh server; `stop` stops it and removes its data directory. */
export const startPostgres = async (): Promise<Postgres> => {
  const bin = findBinDir()
  const user = serverUser()
  // the server's user must reach its directory: under /tmp when it is not us (TMPDIR may be private)
  const dir = fs.mkdtempSync(path.join(user === undefined ? os.tmpdir() : "/tmp", "aimux-pg-"))
  const data = path.join(dir, "data")
  fs.mkdirSync(data, { mode: 0o700 })
  if (user !== undefined) {
    fs.chownSync(dir, user.uid, user.gid)
    fs.chownSync(data, user.uid, user.gid)
  }
  const run = (file: string, args: ReadonlyArray<string>) => {
    const result = spawnSync(path.join(bin, file), args, {
      encoding: "utf8",
      cwd: dir,
      ...(user !== undefined ? { uid: user.uid, gid: user.gid } : {}),
      env: { ...process.env, LC_ALL: "C", LANG: "C" }
    })
    if (result.status !== 0) {
      throw new Error(`${file} ${args.join(" ")} failed (${result.status}): ${result.stderr}${result.stdout}`)
    }
  }
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync", "--no-instructions"])
  const port = await freePort()
  // fsync off: a crash of the test machine loses the test's database only, never a runner's crash
  const options = `-h 127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`
  run("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "log"), "-w", "start"])
  let stopped = false
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop: () => {
      if (stopped) return
      stopped = true
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"])
      } finally {
        fs.rmSync(dir, { recursive: true, force: true })
      }
    }
  }
}
