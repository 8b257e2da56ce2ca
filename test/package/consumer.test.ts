/**
 * The package as a user gets it: `npm pack` (prepack builds dist/), then a fresh project that
 * depends only on `effect` (our version), the tarball, `@effect/vitest` and `vitest` (plus
 * `@types/node`, since the consumer program uses `node:http`), installed from the package registry.
 * In it:
 * (1) a program streams a two-step tool agent through `aimux/openai` against a loopback server,
 *     on Node 24 (the repository's pinned `node`) and on Node 22 (the `node` package at 22.x,
 *     installed into a second temporary directory);
 * (2) an `@effect/vitest` test uses `MockLanguageModel` from `aimux/testing`;
 * (3) the consumer, importing every public entry, typechecks with `strict`, `module: NodeNext`,
 *     `noUncheckedIndexedAccess`, `exactOptionalPropertyTypes` and `skipLibCheck: false`;
 * (4) the installed `aimux` bin runs `help` and `stream` on a fixture, on both Nodes, and prints
 *     what the CLI source prints;
 * (5) the README's example and the migration page's examples (`docs/examples/readme*.ts`,
 *     `migration*.ts`, with their tests) run against the installed package on both Nodes;
 * (6) `aimux demo --json | jq` against an endpoint that fails: jq reads every line (real `jq`,
 *     installed by `.ci/run` from `.ci/apt-packages`).
 * The tarball's size and file count are printed; no test, fixture or bench file is in it.
 * One pack and one install serve every case (the setup takes a minute or two).
 */
import { execFile } from "node:child_process"
import { createServer } from "node:http"
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join, posix } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

const root = join(import.meta.dirname, "../..")
const node24 = join(root, "node_modules/.bin/node")
const tsc = join(root, "node_modules/.bin/tsc")

interface Run {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

// npm's lifecycle variables of the surrounding `npm test` must not steer the nested npm calls
const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith("npm_")))

const run = (file: string, args: ReadonlyArray<string>, cwd: string, extraEnv: Record<string, string> = {}) =>
  new Promise<Run>((resolve) => {
    execFile(file, args, { cwd, env: { ...env, ...extraEnv }, maxBuffer: 64 * 1024 * 1024, timeout: 480_000 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === "number" ? error.code : 1
      resolve({ code, stdout, stderr: error !== null && stderr === "" ? String(error) : stderr })
    })
  })

const ok = (what: string, result: Run): Run => {
  if (result.code !== 0) throw new Error(`${what} exited ${result.code}\n${result.stderr}\n${result.stdout}`)
  return result
}

const version = (pkg: string): string =>
  JSON.parse(readFileSync(join(root, "node_modules", pkg, "package.json"), "utf8")).version

interface PackedFile {
  readonly path: string
}
interface Packed {
  readonly filename: string
  readonly size: number
  readonly unpackedSize: number
  readonly entryCount: number
  readonly files: ReadonlyArray<PackedFile>
}

const npmInstall = ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"]

let dir = ""
let app = ""
let node22 = ""
let packed: Packed
let typecheck: Run

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "aimux-consumer-"))
  app = join(dir, "app")
  const node22Dir = join(dir, "node22")
  mkdirSync(join(app, "src"), { recursive: true })
  mkdirSync(node22Dir)

  const pack = ok("npm pack", await run("npm", ["pack", "--pack-destination", dir, "--json", "--loglevel=error"], root))
  const reports: ReadonlyArray<Packed> = JSON.parse(pack.stdout)
  const report = reports[0]
  if (report === undefined) throw new Error(`npm pack reported nothing: ${pack.stdout}`)
  packed = report

  writeFileSync(join(app, "package.json"), JSON.stringify({
    name: "aimux-consumer",
    private: true,
    type: "module",
    dependencies: {
      aimux: `file:${join(dir, packed.filename)}`,
      effect: version("effect"),
      "@effect/vitest": version("@effect/vitest"),
      vitest: version("vitest"),
      "@types/node": version("@types/node"),
      // the migration page keeps an upstream provider through aimux/interop
      "@ai-sdk/anthropic": version("@ai-sdk/anthropic"),
      "@ai-sdk/provider": version("@ai-sdk/provider")
    }
  }, null, 2))
  writeFileSync(join(node22Dir, "package.json"), JSON.stringify({
    name: "aimux-consumer-node22",
    private: true,
    dependencies: { node: "22" },
    allowScripts: { node: true }
  }, null, 2))
  const [installApp, installNode22] = await Promise.all([run("npm", npmInstall, app), run("npm", npmInstall, node22Dir)])
  ok("npm install (consumer)", installApp)
  ok("npm install node@22", installNode22)
  node22 = join(node22Dir, "node_modules/.bin/node")

  // the consumer's sources: the agent, the mock-model test, and one import of every public entry
  // (interop needs its optional peer @ai-sdk/provider, which this consumer does not install)
  const fixtures = join(import.meta.dirname, "consumer")
  copyFileSync(join(fixtures, "agent.ts"), join(app, "src/agent.ts"))
  copyFileSync(join(fixtures, "mock.consumer-test.ts"), join(app, "src/mock.test.ts"))
  // the documentation's examples, as a user copies them (outside src/: run, not part of the strict typecheck)
  mkdirSync(join(app, "examples"))
  for (const file of ["readme.ts", "readme.test.ts", "migration.ts", "migration.test.ts"]) {
    copyFileSync(join(root, "docs/examples", file), join(app, "examples", file))
  }
  const manifest: { exports: Record<string, unknown> } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"))
  // durable needs its optional peers @effect/sql-pg and @effect/platform-node, mcp its optional peer
  // @modelcontextprotocol/sdk, not installed here either
  const entries = Object.keys(manifest.exports).filter((s) =>
    s !== "./package.json" && s !== "./interop" && s !== "./durable" && s !== "./mcp"
  )
  writeFileSync(
    join(app, "src/entries.ts"),
    entries.map((s, i) => `export * as Entry${i} from "${s === "." ? "aimux" : `aimux/${s.slice(2)}`}"\n`).join("")
  )
  writeFileSync(join(app, "tsconfig.json"), JSON.stringify({
    compilerOptions: {
      target: "ES2023",
      module: "NodeNext",
      moduleResolution: "NodeNext",
      lib: ["ES2023", "DOM", "DOM.Iterable"],
      types: ["node"],
      strict: true,
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
      skipLibCheck: false,
      rootDir: "src",
      outDir: "out"
    },
    include: ["src"]
  }, null, 2))
  // emits out/ even when it reports errors, so the run cases still say what they can
  typecheck = await run(tsc, ["-p", "tsconfig.json"], app)
}, 900_000)

afterAll(async () => {
  if (dir !== "") await rm(dir, { recursive: true, force: true })
}, 300_000)

const parts = (stdout: string): ReadonlyArray<{ readonly type: string } & Record<string, unknown>> =>
  stdout.trim().split("\n").map((line) => JSON.parse(line))

const expectAgentRun = (result: Run) => {
  ok("the consumer agent", result)
  const seen = parts(result.stdout)
  expect(seen.filter((p) => p.type === "start-step").length).toBe(2)
  expect(seen.find((p) => p.type === "tool-call")).toMatchObject({ toolName: "weather", input: { city: "Lisbon" } })
  expect(seen.find((p) => p.type === "tool-result")).toMatchObject({ output: { city: "Lisbon", temperature: 22, conditions: "sunny" } })
  expect(seen.filter((p) => p.type === "text-delta").map((p) => p.text).join("")).toBe("Sunny, 22 °C.")
  expect(seen.filter((p) => p.type === "finish-step").map((p) => p.finishReason)).toEqual(["tool-calls", "stop"])
  expect(seen.find((p) => p.type === "finish")).toMatchObject({ finishReason: "stop" })
  expect(seen.at(-1)).toEqual({ type: "error-branch", status: "APICallError 401 true" })
}

describe("the packed package in a fresh consumer project", () => {
  it("the tarball holds the build, the sources, the bin and the README, and no test, fixture or bench file", () => {
    const paths = packed.files.map((f) => f.path)
    console.log(`aimux tarball: ${packed.filename}, ${packed.size} bytes packed, ${packed.unpackedSize} bytes unpacked, ${packed.entryCount} files`)
    expect(packed.entryCount).toBe(paths.length)
    expect(paths).toEqual(expect.arrayContaining([
      "package.json",
      "README.md",
      "LICENSE",
      "bin/aimux.js",
      "dist/index.js",
      "dist/index.d.ts",
      "dist/index.d.ts.map",
      "dist/providers/openai/index.js",
      "dist/cli/main.js",
      "dist/cli/main.js.map",
      "src/index.ts"
    ]))
    const stray = paths.filter((p) =>
      /^(test|tests|fixtures|bench|docs|scripts|\.ci|node_modules)\//.test(p) ||
      /\.(test|spec)\.[cm]?[jt]s$/.test(p) ||
      /^tsconfig.*\.json$|^vitest.*\.ts$|^package-lock\.json$/.test(p)
    )
    expect(stray).toEqual([])
    expect(paths.every((p) => /^(dist|src|bin)\//.test(p) || ["package.json", "README.md", "LICENSE"].includes(p))).toBe(true)
  })

  it("ships one JavaScript bundle per entry with shared chunks, each source map pointing at published src/ files", () => {
    const paths = new Set(packed.files.map((f) => f.path))
    const bundles = [...paths].filter((p) => p.startsWith("dist/") && p.endsWith(".js"))
    // the JavaScript is bundled (entries + shared chunks), not one file per source module
    expect(bundles.length).toBeLessThan(60)
    const maps = bundles.filter((p) => paths.has(`${p}.map`))
    expect(maps.length).toBeGreaterThan(10)
    const installed = join(app, "node_modules/aimux")
    let sources = 0
    for (const bundle of maps) {
      const map: { readonly sources: ReadonlyArray<string> } = JSON.parse(readFileSync(join(installed, `${bundle}.map`), "utf8"))
      for (const source of map.sources) {
        const target = posix.normalize(posix.join(posix.dirname(bundle), source))
        expect(target, `${bundle}.map`).toMatch(/^src\/.+\.ts$/)
        expect(paths.has(target), `${bundle}.map names ${target}, which is not published`).toBe(true)
        sources++
      }
    }
    expect(sources).toBeGreaterThan(200)
  })

  it("typechecks strictly (NodeNext, noUncheckedIndexedAccess, exactOptionalPropertyTypes, skipLibCheck false) with zero errors", () => {
    expect(typecheck.stdout + typecheck.stderr).toBe("")
    expect(typecheck.code).toBe(0)
  })

  it("streams a two-step tool agent through aimux/openai on Node 24", async () => {
    const version = await run(node24, ["--version"], app)
    expect(version.stdout).toMatch(/^v24\./)
    expectAgentRun(await run(node24, ["out/agent.js"], app))
  }, 120_000)

  it("streams the same agent on Node 22", async () => {
    const version = await run(node22, ["--version"], app)
    expect(version.stdout).toMatch(/^v22\./)
    expectAgentRun(await run(node22, ["out/agent.js"], app))
  }, 120_000)

  it("runs an @effect/vitest test with MockLanguageModel from aimux/testing", async () => {
    const result = await run(node24, [join(app, "node_modules/vitest/vitest.mjs"), "run", "src/"], app, { NO_COLOR: "1" })
    expect(result.code, result.stdout + result.stderr).toBe(0)
    expect(result.stdout).toMatch(/Tests\s+1 passed \(1\)/)
  }, 180_000)

  it("runs the README example and the migration page's examples on Node 24 and on Node 22", async () => {
    for (const node of [node24, node22]) {
      const result = await run(node, [join(app, "node_modules/vitest/vitest.mjs"), "run", "examples/"], app, { NO_COLOR: "1" })
      expect(result.code, result.stdout + result.stderr).toBe(0)
      expect(result.stdout).toMatch(/Test Files\s+2 passed \(2\)/)
      expect(result.stdout).toMatch(/Tests\s+4 passed \(4\)/)
    }
  }, 240_000)

  it("`aimux demo --json | jq` reads every line when the call fails (401), on Node 24 and 22", async () => {
    const server = createServer((_req, res) => {
      res.writeHead(401, { "content-type": "application/json" })
      res.end(JSON.stringify({ error: { message: "Incorrect API key provided: sk-bad", type: "invalid_request_error", code: "invalid_api_key" } }))
    })
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    const address = server.address()
    const url = `http://127.0.0.1:${address !== null && typeof address === "object" ? address.port : 0}/v1`
    try {
      for (const node of [node24, node22]) {
        const bin = join(app, "node_modules/aimux/bin/aimux.js")
        // pipefail: the shell reports jq's status and the demo's; both are checked
        const result = await run("bash", ["-c", `set -o pipefail; "${node}" "${bin}" demo --json | jq -c '.type'; echo "statuses \${PIPESTATUS[*]}"`], app, {
          OPENAI_API_KEY: "sk-bad",
          OPENAI_BASE_URL: url,
          NO_COLOR: "1"
        })
        const lines = result.stdout.trim().split("\n")
        expect(lines, result.stderr).toEqual(["\"start\"", "\"error\"", "statuses 1 0"])
        expect(result.stderr.trimEnd().split("\n").at(-1)).toBe(
          `aimux demo: the call to ${url} failed (status 401): Incorrect API key provided: sk-bad; check the API key (OPENAI_API_KEY)`
        )
      }
    } finally {
      server.close()
    }
  }, 120_000)

  it("the installed bin runs `aimux help` and `aimux stream` on a fixture, on Node 24 and 22, as the CLI source does", async () => {
    const bin = join(app, "node_modules/aimux/bin/aimux.js")
    const fixture = join(root, "fixtures/openai-chat/parallel-tool-calls.sse")
    const fromSource = ok("aimux stream (source)", await run(node24, [join(root, "src/cli/main.ts"), "stream", "openai-chat", "--sse", fixture], root))
    expect(fromSource.stdout).toContain("\"type\":\"tool-call\"")
    for (const node of [node24, node22]) {
      const help = ok("aimux help", await run(node, [bin, "help"], app))
      expect(help.stdout).toMatch(/^usage: aimux <command>/)
      expect(help.stdout).toContain("openai-chat")
      const stream = ok("aimux stream", await run(node, [bin, "stream", "openai-chat", "--sse", fixture], app))
      expect(stream.stdout).toBe(fromSource.stdout)
      // Bedrock's optional peers are not installed with aimux
      expect(existsSync(join(app, "node_modules/@smithy/eventstream-codec"))).toBe(false)
      expect(existsSync(join(app, "node_modules/aws4fetch"))).toBe(false)
      // the consumer has no @modelcontextprotocol/sdk: `aimux mcp` names the package to install
      const mcp = await run(node, [bin, "mcp", "tools", "some-server"], app)
      expect(mcp.code, mcp.stdout + mcp.stderr).toBe(1)
      expect(mcp.stderr).toContain("aimux mcp needs the optional peer dependency '@modelcontextprotocol/sdk'")
      expect(mcp.stderr).toContain("npm install @modelcontextprotocol/sdk")
    }
    // the bin through its shebang, as `npx aimux` runs it, on Node 22 first on PATH
    const viaPath = ok("node_modules/.bin/aimux", await run(join(app, "node_modules/.bin/aimux"), ["help"], app, {
      PATH: `${join(node22, "..")}:${process.env.PATH ?? ""}`
    }))
    expect(viaPath.stdout).toMatch(/^usage: aimux <command>/)
  }, 120_000)
})
