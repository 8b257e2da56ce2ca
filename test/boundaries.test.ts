/**
 * Enforces the layer table of DESIGN.md by reading every import of every `src/**` file:
 *
 * | layer                          | may import                                                 |
 * |--------------------------------|------------------------------------------------------------|
 * | `src/contract/`                | `effect`                                                   |
 * | `src/runtime/`                 | contract (ids, secure JSON, retry-after, downloads: the floor core, reliability and provider-utils share) |
 * | `src/LanguageModel.ts`, `src/DecisionModel.ts`, `src/EmbeddingModel.ts`, `src/RerankingModel.ts` | contract |
 * | `src/provider-utils/`          | contract, runtime (+ `eventsource-parser`: SSE decoding lives here) |
 * | `src/providers/kits/<kit>/`    | a shared provider kit: contract, runtime, provider-utils, LanguageModel, its own folder (+ `eventsource-parser`); no provider, no other kit |
 * | `src/providers/<name>/`        | contract, runtime, provider-utils, LanguageModel, its own folder, the kits' public faces (+ `eventsource-parser`) |
 * | `src/core/`                    | contract, runtime, LanguageModel, and inside core only downwards (below) |
 * | `src/reliability/`             | contract, runtime, LanguageModel (model wrappers: retries, timeouts, downloads) |
 * | `src/ui/`                      | contract, runtime (ids), LanguageModel, core (UI messages)  |
 * | `src/durable/`                 | contract, core, ui, runtime, LanguageModel (+ `@effect/sql-pg`, `@effect/platform-node`) |
 * | `src/mcp/`                     | contract, runtime, LanguageModel, core's public modules and entry functions, its own folder (+ the optional peer `@modelcontextprotocol/sdk`, `node:http` for the Streamable HTTP server) |
 * | `src/testing`, `src/interop`, `src/cli`, `src/index.ts` | anything in src                   |
 *
 * Inside `src/core/`, from the bottom up (a module imports only its own floor or floors below):
 * `core/internal/` (leaf helpers), the public modules (`core/*.ts`, `core/approval/`),
 * `core/generation/` (the generation engine), the entry functions (`GenerateText`, `StreamText`,
 * `StreamTextLowMemory`, `Agent`, and `core/index.ts`). So `core/generation/` is imported only by
 * the entry functions and itself, from anywhere in `src/`.
 *
 * Providers may import `src/LanguageModel.ts` (not in DESIGN's table): "a provider is a Layer
 * that provides LanguageModel" needs the service tag, and LanguageModel imports only contract, so this
 * adds no path from a provider to core or to another provider.
 *
 * `src/providers/amazon-bedrock/` may also import `@smithy/eventstream-codec` and `aws4fetch` (AWS
 * event-stream framing and SigV4: DESIGN.md's "well-kept library where a real protocol needs one");
 * both are optional peers, loaded with a dynamic `import()` through `OptionalPeer` (type imports
 * are erased), so importing the provider never needs them.
 *
 * `src/providers/google-vertex/ApplicationDefaultCredentials.ts` may import the optional peer
 * `google-auth-library`, only with a dynamic `import()` (the default path never loads it).
 *
 * Every layer may import `effect`, and `node:` builtins are not library dependencies but are
 * allowed only where "anything" is. Nothing in `src/` but `src/interop/` imports `ai` or
 * `@ai-sdk/*`. A file in a folder the table does not know is a violation, so a new folder needs a
 * row here first.
 *
 * The provider template of `src/providers/README.md` is checked on the folder listings (file set per
 * provider, sub-provider and kit; every further file a documented extra): `providers/_kit/ProviderTemplate.ts`.
 */
import { describe, expect, it } from "@effect/vitest"
import * as fs from "node:fs"
import * as path from "node:path"
import * as ProviderTemplate from "./providers/_kit/ProviderTemplate.ts"

/** The floors of `src/core/`, bottom up. */
type CoreFloor = "internal" | "public" | "generation" | "entry"
const coreFloors: ReadonlyArray<CoreFloor> = ["internal", "public", "generation", "entry"]
const coreEntries: ReadonlySet<string> = new Set([
  "Embed.ts",
  "Rerank.ts",
  "Decide.ts",
  "GenerateText.ts",
  "StreamText.ts",
  "StreamTextLowMemory.ts",
  "Agent.ts",
  "index.ts",
  // the media entry functions (they share the engine's call retries)
  "GenerateImage.ts",
  "GenerateSpeech.ts",
  "Transcribe.ts"
])

type Layer =
  | { readonly kind: "contract" }
  | { readonly kind: "runtime" }
  | { readonly kind: "model" }
  | { readonly kind: "provider-utils" }
  | { readonly kind: "provider"; readonly name: string }
  | { readonly kind: "kit"; readonly name: string }
  | { readonly kind: "core"; readonly floor: CoreFloor }
  | { readonly kind: "reliability" }
  | { readonly kind: "ui" }
  | { readonly kind: "durable" }
  | { readonly kind: "mcp" }
  | { readonly kind: "interop" }
  | { readonly kind: "open" }

const layerOf = (file: string): Layer | undefined => {
  const parts = file.split("/")
  if (parts[0] !== "src") return undefined
  if (parts.length === 2) {
    if (parts[1] === "LanguageModel.ts" || parts[1] === "DecisionModel.ts") return { kind: "model" }
    if (parts[1] === "EmbeddingModel.ts" || parts[1] === "RerankingModel.ts") return { kind: "model" }
    // the media model kinds (image, speech, transcription): contract only, like LanguageModel
    if (parts[1] === "ImageModel.ts" || parts[1] === "SpeechModel.ts" || parts[1] === "TranscriptionModel.ts") return { kind: "model" }
    if (parts[1] === "index.ts") return { kind: "open" }
    return undefined
  }
  switch (parts[1]) {
    case "contract":
      return { kind: "contract" }
    case "runtime":
      return { kind: "runtime" }
    case "provider-utils":
      return { kind: "provider-utils" }
    case "providers":
      if (parts[2] === "kits") return parts.length >= 5 ? { kind: "kit", name: parts[3] } : undefined
      return parts.length >= 4 ? { kind: "provider", name: parts[2] } : undefined
    case "core":
      return { kind: "core", floor: coreFloorOf(parts) }
    case "reliability":
      return { kind: "reliability" }
    case "ui":
      return { kind: "ui" }
    case "durable":
      return { kind: "durable" }
    case "mcp":
      return { kind: "mcp" }
    case "interop":
      return { kind: "interop" }
    case "testing":
    case "cli":
      return { kind: "open" }
    default:
      return undefined
  }
}

/** The floor of a `src/core/` file (`parts` is its path split on `/`). */
const coreFloorOf = (parts: ReadonlyArray<string>): CoreFloor => {
  if (parts[2] === "internal") return "internal"
  if (parts[2] === "generation") return "generation"
  if (parts.length === 3 && coreEntries.has(parts[2])) return "entry"
  return "public"
}

const importPatterns = [
  /(?:^|[\s;}])(?:import|export)\s+(?:type\s+)?[^;"'`]*?\sfrom\s*["']([^"']+)["']/g,
  /(?:^|[\s;])import\s*["']([^"']+)["']/g,
  /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g
]

/**
 * The module specifiers a source text imports or re-exports (static, side-effect and dynamic).
 */
export const importsOf = (source: string): ReadonlyArray<string> => {
  // comments may mention imports; drop them first
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1")
  const out = new Set<string>()
  for (const pattern of importPatterns) for (const m of code.matchAll(pattern)) out.add(m[1])
  return [...out]
}

const bedrockPackages: ReadonlySet<string> = new Set(["@smithy/eventstream-codec", "aws4fetch"])

/** Whether `source` has a static import of `spec` that is not `import type` (it would load it). */
const staticValueImport = (source: string, spec: string): boolean => {
  const quoted = spec.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")
  const statements = source.matchAll(new RegExp(`^\\s*(import|export)\\b([^;]*?)\\bfrom\\s*["']${quoted}["']|^\\s*import\\s*["']${quoted}["']`, "gm"))
  for (const m of statements) if (!/^\s*type\b/.test(m[2] ?? "")) return true
  return false
}
const isUpstream = (spec: string) => spec === "ai" || spec.startsWith("ai/") || spec.startsWith("@ai-sdk/")
const isEffect = (spec: string) => spec === "effect" || spec.startsWith("effect/")

/**
 * The violations of one file: `file` is a repo-relative path (`src/...`), `source` its text.
 */
export const checkFile = (file: string, source: string): ReadonlyArray<string> => {
  const layer = layerOf(file)
  if (layer === undefined) return [`${file}: not in any layer of the table`]
  const violations: Array<string> = []
  for (const spec of importsOf(source)) {
    const fail = (why: string) => violations.push(`${file} imports "${spec}": ${why}`)
    if (!spec.startsWith(".")) {
      if (isUpstream(spec)) {
        if (layer.kind !== "interop") fail("only src/interop/ may import upstream packages")
        continue
      }
      if (isEffect(spec)) continue
      if (layer.kind === "open" || layer.kind === "interop") continue
      // the PostgreSQL client and the socket runners of DESIGN's durable row (optional peers)
      if (layer.kind === "durable" && (spec.startsWith("@effect/sql-pg/") || spec.startsWith("@effect/platform-node/"))) continue
      // the official MCP SDK (optional peer) and the HTTP listener of the MCP server
      if (layer.kind === "mcp" && (spec.startsWith("@modelcontextprotocol/sdk/") || spec === "node:http")) continue
      if (
        spec === "eventsource-parser" &&
        (layer.kind === "provider-utils" || layer.kind === "provider" || layer.kind === "kit")
      ) continue
      // DESIGN.md: a well-kept library where a real protocol needs one (AWS event-stream framing, SigV4)
      // both are optional peers: only `import type` (erased) or a dynamic `import()`, never a value import
      if (
        layer.kind === "provider" && layer.name === "amazon-bedrock" && bedrockPackages.has(spec) &&
        !staticValueImport(source, spec)
      ) continue
      if (
        spec === "google-auth-library" && file === "src/providers/google-vertex/ApplicationDefaultCredentials.ts" &&
        !/(?:\bfrom|^\s*import)\s*["']google-auth-library["']/m.test(source)
      ) continue
      fail(`a ${layer.kind} module may not import this package`)
      continue
    }
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec))
    const reach = internalReach(file, target)
    if (reach !== undefined) fail(reach)
    const targetLayer = layerOf(target)
    if (targetLayer === undefined) {
      fail("target is outside the layer table")
      continue
    }
    if (
      targetLayer.kind === "core" && targetLayer.floor === "generation" &&
      !(layer.kind === "core" && (layer.floor === "generation" || layer.floor === "entry"))
    ) {
      fail("core/generation/ is imported only by the entry functions and the engine itself")
      continue
    }
    const allowed = (() => {
      switch (layer.kind) {
        case "contract":
          return targetLayer.kind === "contract"
        case "model":
          return targetLayer.kind === "contract" || targetLayer.kind === "model"
        case "runtime":
          return targetLayer.kind === "contract" || targetLayer.kind === "runtime"
        case "provider-utils":
          return targetLayer.kind === "contract" || targetLayer.kind === "runtime" || targetLayer.kind === "provider-utils"
        case "provider":
          return targetLayer.kind === "contract" || targetLayer.kind === "runtime" || targetLayer.kind === "provider-utils" ||
            targetLayer.kind === "model" || (targetLayer.kind === "provider" && targetLayer.name === layer.name) ||
            // a shared provider kit (the Gemini model of google and google-vertex) imports no provider itself
            targetLayer.kind === "kit"
        case "kit":
          return targetLayer.kind === "contract" || targetLayer.kind === "runtime" || targetLayer.kind === "provider-utils" ||
            targetLayer.kind === "model" || (targetLayer.kind === "kit" && targetLayer.name === layer.name)
        case "core":
          return targetLayer.kind === "contract" || targetLayer.kind === "runtime" || targetLayer.kind === "model" ||
            (targetLayer.kind === "core" && coreFloors.indexOf(targetLayer.floor) <= coreFloors.indexOf(layer.floor))
        case "reliability":
          return targetLayer.kind === "contract" || targetLayer.kind === "runtime" || targetLayer.kind === "model" ||
            targetLayer.kind === "reliability"
        case "ui":
          return targetLayer.kind === "contract" || targetLayer.kind === "runtime" || targetLayer.kind === "model" ||
            targetLayer.kind === "core" ||
            targetLayer.kind === "ui"
        case "durable":
          return targetLayer.kind === "contract" || targetLayer.kind === "core" || targetLayer.kind === "ui" ||
            targetLayer.kind === "runtime" || targetLayer.kind === "model" || targetLayer.kind === "durable"
        case "mcp":
          return targetLayer.kind === "contract" || targetLayer.kind === "runtime" || targetLayer.kind === "model" ||
            (targetLayer.kind === "core" && targetLayer.floor !== "internal") || targetLayer.kind === "mcp"
        case "interop":
        case "open":
          return true
      }
    })()
    if (!allowed) {
      const who = layer.kind === "provider" || layer.kind === "kit"
        ? `${layer.kind} (${layer.name})`
        : layer.kind === "core"
        ? `core (${layer.floor})`
        : layer.kind
      fail(`a ${who} module may not import ${target}`)
    }
  }
  return violations
}

/**
 * The `internal/` rule: a module under `<folder>/internal/` is imported only from `<folder>/` (its
 * own folder, subfolders and `internal/` itself included). The reason, or `undefined`.
 */
export const internalReach = (file: string, target: string): string | undefined => {
  const parts = target.split("/")
  for (let i = parts.length - 2; i >= 0; i--) {
    if (parts[i] !== "internal") continue
    const owner = parts.slice(0, i).join("/")
    return file.startsWith(`${owner}/`) ? undefined : `${target} is internal to ${owner}/`
  }
  return undefined
}

/**
 * The import graph of the given files: each file's relative imports (type imports included),
 * resolved to repo-relative paths.
 */
export const importGraph = (files: ReadonlyMap<string, string>): ReadonlyMap<string, ReadonlyArray<string>> => {
  const graph = new Map<string, ReadonlyArray<string>>()
  for (const [file, source] of files) {
    graph.set(
      file,
      importsOf(source).filter((spec) => spec.startsWith(".")).map((spec) =>
        path.posix.normalize(path.posix.join(path.posix.dirname(file), spec))
      )
    )
  }
  return graph
}

/**
 * The import circles of a graph, one per strongly connected component with more than one module
 * (or a module importing itself), each as a path `a -> b -> ... -> a` (Tarjan's algorithm, iterative).
 */
export const findCycles = (graph: ReadonlyMap<string, ReadonlyArray<string>>): ReadonlyArray<string> => {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const onStack = new Set<string>()
  const stack: Array<string> = []
  const components: Array<Array<string>> = []
  let next = 0
  const edges = (node: string) => (graph.get(node) ?? []).filter((to) => graph.has(to))
  for (const start of [...graph.keys()].sort()) {
    if (index.has(start)) continue
    const work: Array<{ node: string; edge: number }> = [{ node: start, edge: 0 }]
    index.set(start, next)
    low.set(start, next++)
    stack.push(start)
    onStack.add(start)
    while (work.length > 0) {
      const frame = work[work.length - 1]
      const out = edges(frame.node)
      if (frame.edge < out.length) {
        const to = out[frame.edge++]
        if (!index.has(to)) {
          index.set(to, next)
          low.set(to, next++)
          stack.push(to)
          onStack.add(to)
          work.push({ node: to, edge: 0 })
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!))
        }
        continue
      }
      work.pop()
      if (work.length > 0) {
        const parent = work[work.length - 1].node
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!))
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: Array<string> = []
        let member: string
        do {
          member = stack.pop()!
          onStack.delete(member)
          component.push(member)
        } while (member !== frame.node)
        if (component.length > 1 || edges(frame.node).includes(frame.node)) components.push(component)
      }
    }
  }
  // one concrete circle per component: the shortest way back to its first module
  return components.map((component) => {
    const members = new Set(component)
    const first = [...component].sort()[0]
    const previous = new Map<string, string>()
    const queue = [first]
    let found: string | undefined
    while (queue.length > 0 && found === undefined) {
      const node = queue.shift()!
      for (const to of edges(node)) {
        if (!members.has(to)) continue
        if (to === first) {
          found = node
          break
        }
        if (!previous.has(to)) {
          previous.set(to, node)
          queue.push(to)
        }
      }
    }
    const cycle = [first]
    for (let node = found; node !== undefined && node !== first; node = previous.get(node)) cycle.splice(1, 0, node)
    return [...cycle, first].join(" -> ")
  }).sort()
}

const root = path.join(import.meta.dirname, "..")
const sourceFiles = (dir: string): ReadonlyArray<string> =>
  fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`
    return entry.isDirectory() ? sourceFiles(rel) : entry.name.endsWith(".ts") ? [rel] : []
  })

describe("layer boundaries (DESIGN.md)", () => {
  it("every src file imports only what its layer allows", () => {
    const files = sourceFiles("src")
    expect(files.length).toBeGreaterThan(10)
    const violations = files.flatMap((file) => checkFile(file, fs.readFileSync(path.join(root, file), "utf8")))
    expect(violations).toStrictEqual([])
  })

  it("no import circles anywhere in src (type imports included)", () => {
    const files = new Map(sourceFiles("src").map((file) => [file, fs.readFileSync(path.join(root, file), "utf8")] as const))
    expect(findCycles(importGraph(files))).toStrictEqual([])
  })

  it("the circle finder fails on planted circles (synthetic inputs)", () => {
    const planted = new Map([
      ["src/a/A.ts", `import { B } from "./B.ts"`],
      ["src/a/B.ts", `import type { C } from "../c/C.ts"`],
      ["src/c/C.ts", `export { A } from "../a/A.ts"`],
      ["src/d/D.ts", `import { D } from "./D.ts"`],
      ["src/e/E.ts", `import { A } from "../a/A.ts"\nimport { F } from "./F.ts"`],
      ["src/e/F.ts", `// import { E } from "./E.ts"`]
    ])
    expect(findCycles(importGraph(planted))).toStrictEqual([
      "src/a/A.ts -> src/a/B.ts -> src/c/C.ts -> src/a/A.ts",
      "src/d/D.ts -> src/d/D.ts"
    ])
    expect(findCycles(importGraph(new Map([["src/a/A.ts", `import { B } from "./B.ts"`], ["src/a/B.ts", ``]]))))
      .toStrictEqual([])
  })

  it("the internal/ rule fails on planted reaches (synthetic inputs)", () => {
    expect(checkFile("src/core/Bad.ts", `import { x } from "../contract/internal/fields.ts"`)).toHaveLength(1)
    expect(checkFile("src/providers/groq/Bad.ts", `import { x } from "../../provider-utils/internal/argumentState.ts"`))
      .toHaveLength(1)
    expect(checkFile("src/cli/Bad.ts", `import { x } from "../core/internal/ValidateJson.ts"`)).toHaveLength(1)
    expect(checkFile("src/providers/kits/openai/responses/internal/Ok.ts", `import { x } from "../../internal/MediaType.ts"`)).toStrictEqual([])
    expect(checkFile("src/providers/kits/openai/responses/Ok.ts", `import { x } from "./internal/ConvertPrompt.ts"`)).toStrictEqual([])
    expect(checkFile("src/contract/errors/Ok.ts", `import { x } from "./internal/marker.ts"`)).toStrictEqual([])
    expect(checkFile("src/contract/errors/Ok.ts", `import { x } from "../internal/fields.ts"`)).toStrictEqual([])
  })

  it("finds imports in every syntactic form", () => {
    expect(importsOf([
      `import { A } from "./a.ts"`,
      `import type { B } from "../b.ts"`,
      `import {\n  C,\n  D\n} from "effect"`,
      `export * as E from "./e.ts"`,
      `export { F } from "./f.ts"`,
      `import "./side-effect.ts"`,
      `const g = await import("./g.ts")`,
      `// import { H } from "ai"`,
      `/* import { I } from "ai" */`
    ].join("\n"))).toStrictEqual(["./a.ts", "../b.ts", "effect", "./e.ts", "./f.ts", "./side-effect.ts", "./g.ts"])
  })

  it("fails on violations (synthetic inputs)", () => {
    expect(checkFile("src/contract/Bad.ts", `import { x } from "../core/Tool.ts"`)).toHaveLength(1)
    expect(checkFile("src/contract/Bad.ts", `import { x } from "eventsource-parser"`)).toHaveLength(1)
    expect(checkFile("src/contract/Bad.ts", `import type { LanguageModelV4 } from "@ai-sdk/provider"`)).toHaveLength(1)
    expect(checkFile("src/LanguageModel.ts", `import { x } from "./core/Tool.ts"`)).toHaveLength(1)
    expect(checkFile("src/provider-utils/Bad.ts", `import { x } from "../providers/openai/Chat.ts"`)).toHaveLength(1)
    expect(checkFile("src/providers/openai/Bad.ts", `import { x } from "../anthropic/Messages.ts"`)).toHaveLength(1)
    expect(checkFile("src/providers/openai/Bad.ts", `import { x } from "../../core/Tool.ts"`)).toHaveLength(1)
    expect(checkFile("src/providers/openai/Bad.ts", `import { x } from "../../testing/Mock.ts"`)).toHaveLength(1)
    expect(checkFile("src/core/Bad.ts", `import { x } from "../providers/openai/Chat.ts"`)).toHaveLength(1)
    expect(checkFile("src/core/Bad.ts", `import { x } from "../provider-utils/Sse.ts"`)).toHaveLength(1)
    expect(checkFile("src/core/Bad.ts", `import { generateText } from "ai"`)).toHaveLength(1)
    expect(checkFile("src/reliability/Bad.ts", `import { x } from "../core/Tool.ts"`)).toHaveLength(1)
    expect(checkFile("src/reliability/Bad.ts", `import { x } from "../provider-utils/Http.ts"`)).toHaveLength(1)
    expect(checkFile("src/runtime/Bad.ts", `import { x } from "../provider-utils/Http.ts"`)).toHaveLength(1)
    expect(checkFile("src/runtime/Bad.ts", `import { x } from "../core/Tool.ts"`)).toHaveLength(1)
    expect(checkFile("src/runtime/Bad.ts", `import { x } from "../LanguageModel.ts"`)).toHaveLength(1)
    expect(checkFile("src/contract/Bad.ts", `import { x } from "../runtime/IdGenerator.ts"`)).toHaveLength(1)
    expect(checkFile("src/testing/Bad.ts", `import { MockLanguageModelV4 } from "ai/test"`)).toHaveLength(1)
    expect(checkFile("src/providers/kits/openai/Bad.ts", `import { x } from "../../groq/Groq.ts"`)).toHaveLength(1)
    expect(checkFile("src/providers/kits/openai/Bad.ts", `import { x } from "../../../core/Tool.ts"`)).toHaveLength(1)
    expect(checkFile("src/provider-utils/Bad.ts", `import { x } from "../providers/kits/openai/Usage.ts"`)).toHaveLength(1)
    expect(checkFile("src/providers/groq/Bad.ts", `import { EventStreamCodec } from "@smithy/eventstream-codec"`)).toHaveLength(1)
    // Bedrock's optional peers: a type import or a dynamic import, never a value import
    const bedrock = "src/providers/amazon-bedrock/EventStream.ts"
    expect(checkFile(bedrock, `import { EventStreamCodec } from "@smithy/eventstream-codec"`)).toHaveLength(1)
    expect(checkFile(bedrock, `import "aws4fetch"`)).toHaveLength(1)
    expect(checkFile(bedrock, `import type { AwsV4Signer } from "aws4fetch"`)).toStrictEqual([])
    expect(checkFile(bedrock, `const m = () => import("@smithy/eventstream-codec")`)).toStrictEqual([])
    expect(checkFile("src/elsewhere/Bad.ts", ``)).toHaveLength(1)
    expect(checkFile("src/providers/kits/gemini/Bad.ts", `import { x } from "../../google/Google.ts"`)).toHaveLength(1)
    // the optional peer: only lazily, only from its one file
    const adc = "src/providers/google-vertex/ApplicationDefaultCredentials.ts"
    expect(checkFile(adc, `import { GoogleAuth } from "google-auth-library"`)).toHaveLength(1)
    expect(checkFile("src/providers/google-vertex/GoogleVertex.ts", `const m = () => import("google-auth-library")`)).toHaveLength(1)
    expect(checkFile(adc, `const m = () => import("google-auth-library")`)).toStrictEqual([])
    expect(checkFile("src/providers/kits/anthropic/Bad.ts", `import { x } from "../../anthropic/Anthropic.ts"`)).toHaveLength(1)
    // core's floors: nothing points back up (internal < public < generation < entry functions)
    expect(checkFile("src/core/internal/Bad.ts", `import { x } from "../Tool.ts"`)).toHaveLength(1)
    expect(checkFile("src/core/internal/Bad.ts", `import { x } from "../generation/Settings.ts"`)).toHaveLength(1)
    expect(checkFile("src/core/internal/Bad.ts", `import { x } from "../approval/ToolApproval.ts"`)).toHaveLength(1)
    expect(checkFile("src/core/Tool.ts", `import { x } from "./generation/Settings.ts"`)).toHaveLength(1)
    expect(checkFile("src/core/approval/Bad.ts", `import { x } from "../generation/Settings.ts"`)).toHaveLength(1)
    expect(checkFile("src/core/StepResult.ts", `import { x } from "./StreamText.ts"`)).toHaveLength(1)
    expect(checkFile("src/core/generation/Bad.ts", `import { x } from "../StreamText.ts"`)).toHaveLength(1)
    expect(checkFile("src/ui/Bad.ts", `import { x } from "../core/generation/Settings.ts"`)).toHaveLength(1)
    expect(checkFile("src/cli/Bad.ts", `import { x } from "../core/generation/Settings.ts"`)).toHaveLength(1)
    // a kit imports no other kit; a kit's internal/ is its own
    expect(checkFile("src/providers/kits/gemini/Bad.ts", `import { x } from "../openai/Usage.ts"`)).toHaveLength(1)
    expect(checkFile("src/providers/groq/Bad.ts", `import { x } from "../kits/openai/internal/ChatStreamText.ts"`))
      .toHaveLength(1)
    expect(checkFile("src/providers/kits/Bad.ts", ``)).toHaveLength(1)
    // mcp: no ui, provider, cli or other package; node:http only
    for (const spec of ["../ui/UIMessage.ts", "../providers/openai/index.ts", "../cli/main.ts", "node:fs", "@ai-sdk/mcp", "zod"]) {
      expect(checkFile("src/mcp/Bad.ts", `import { x } from "${spec}"`), spec).toHaveLength(1)
    }
    expect(checkFile("src/core/Bad.ts", `import { C } from "@modelcontextprotocol/sdk/client/index.js"`)).toHaveLength(1)
  })

  it("accepts what the table allows (synthetic inputs)", () => {
    expect(checkFile("src/providers/google-vertex/Ok.ts", `import { G } from "../kits/gemini/GeminiLanguageModel.ts"`))
      .toStrictEqual([])
    expect(checkFile("src/contract/Ok.ts", `import { Schema } from "effect"\nimport { A } from "./errors/index.ts"`)).toStrictEqual([])
    expect(checkFile("src/core/Ok.ts", `import { L } from "../LanguageModel.ts"\nimport { S } from "../contract/index.ts"`))
      .toStrictEqual([])
    expect(checkFile(
      "src/providers/openai/internal/Ok.ts",
      `import { P } from "../../../provider-utils/Post.ts"\nimport { Q } from "../Chat.ts"\nimport { createParser } from "eventsource-parser"`
    )).toStrictEqual([])
    for (const layer of ["core", "reliability", "provider-utils", "providers/openai"]) {
      expect(checkFile(`src/${layer}/Ok.ts`, `import { R } from "${layer.includes("/") ? "../.." : ".."}/runtime/RetryAfter.ts"`))
        .toStrictEqual([])
    }
    expect(checkFile("src/providers/groq/internal/Ok.ts", `import { C } from "../../kits/openai/ChatStream.ts"`))
      .toStrictEqual([])
    expect(checkFile("src/runtime/Ok.ts", `import { E } from "../contract/errors/index.ts"\nimport { F } from "./internal/f.ts"`))
      .toStrictEqual([])
    expect(checkFile(
      "src/core/generation/Ok.ts",
      `import { T } from "../Tool.ts"\nimport { G } from "../internal/GetOwn.ts"\nimport { S } from "./Settings.ts"`
    )).toStrictEqual([])
    expect(checkFile("src/core/StreamText.ts", `import { S } from "./generation/StreamStep.ts"\nimport { A } from "./Agent.ts"`))
      .toStrictEqual([])
    expect(checkFile("src/core/approval/Ok.ts", `import { G } from "../internal/GetOwn.ts"\nimport { T } from "../Toolkit.ts"`))
      .toStrictEqual([])
    expect(checkFile("src/core/internal/Ok.ts", `import { V } from "./ArrayView.ts"\nimport { P } from "../../contract/Prompt.ts"`))
      .toStrictEqual([])
    expect(checkFile("src/providers/kits/gemini/Ok.ts", `import { U } from "./internal/Usage.ts"\nimport { createParser } from "eventsource-parser"`))
      .toStrictEqual([])
    expect(checkFile("src/interop/Ok.ts", `import type { LanguageModelV4 } from "@ai-sdk/provider"\nimport { X } from "../core/Tool.ts"`))
      .toStrictEqual([])
    expect(checkFile(
      "src/mcp/Ok.ts",
      `import { Client } from "@modelcontextprotocol/sdk/client/index.js"\nimport * as http from "node:http"\n` +
        `import { T } from "../core/Tool.ts"\nimport { G } from "../core/GenerateText.ts"\nimport { E } from "../contract/errors/index.ts"\nimport { I } from "./internal/X.ts"`
    )).toStrictEqual([])
  })
})

/** The template folders of `src/providers/`: every provider, every kit, and their sub-folders (`kits/openai/responses/`). */
const templateFolders = (): Array<ProviderTemplate.Folder> => {
  const list = (rel: string) =>
    fs.existsSync(path.join(root, "src/providers", rel))
      ? fs.readdirSync(path.join(root, "src/providers", rel), { withFileTypes: true })
      : []
  const folder = (rel: string, kind: ProviderTemplate.Folder["kind"]): ProviderTemplate.Folder => ({
    path: rel,
    kind,
    files: list(rel).filter((e) => e.isFile() && e.name.endsWith(".ts")).map((e) => e.name).sort(),
    internal: list(`${rel}/internal`).filter((e) => e.isFile()).map((e) => e.name).sort()
  })
  const dirs = (rel: string) => list(rel).filter((e) => e.isDirectory() && e.name !== "internal").map((e) => e.name)
  return [
    ...dirs("").filter((name) => name !== "kits").flatMap((name) => [
      folder(name, "provider"),
      ...dirs(name).map((sub) => folder(`${name}/${sub}`, "sub-provider"))
    ]),
    ...dirs("kits").flatMap((kit) => [
      folder(`kits/${kit}`, "kit"),
      ...dirs(`kits/${kit}`).map((sub) => folder(`kits/${kit}/${sub}`, "sub-provider"))
    ])
  ]
}

describe("provider template (src/providers/README.md)", () => {
  const extras = ProviderTemplate.documentedExtras(fs.readFileSync(path.join(root, "src/providers/README.md"), "utf8"))

  it("every provider, sub-provider and kit folder has the template's file set", () => {
    const folders = templateFolders()
    expect(folders.length).toBeGreaterThan(12)
    expect(extras.size).toBeGreaterThan(20)
    expect(folders.flatMap((folder) => ProviderTemplate.deviations(folder, extras))).toStrictEqual([])
  })

  it("fails on planted deviations (synthetic inputs)", () => {
    const groq: ProviderTemplate.Folder = {
      path: "groq",
      kind: "provider",
      files: ["Groq.ts", "GroqApi.ts", "GroqLanguageModel.ts", "GroqOptions.ts", "index.ts"],
      internal: ["ConvertPrompt.ts", "RequestArgs.ts", "StreamTransducer.ts", "Usage.ts"]
    }
    const none = new Set<string>()
    expect(ProviderTemplate.deviations(groq, none)).toStrictEqual([])
    // a stray top-level file, a non-role internal file, a missing role file, a missing sibling, no index
    expect(ProviderTemplate.deviations({ ...groq, files: [...groq.files, "Helpers.ts"] }, none)).toHaveLength(1)
    expect(ProviderTemplate.deviations({ ...groq, files: [...groq.files, "Helpers.ts"] }, new Set(["groq/Helpers.ts"])))
      .toStrictEqual([])
    expect(ProviderTemplate.deviations({ ...groq, internal: [...groq.internal, "ChatArgs.ts"] }, none)).toHaveLength(1)
    expect(ProviderTemplate.deviations({ ...groq, internal: ["ConvertPrompt.ts", "StreamTransducer.ts"] }, none))
      .toHaveLength(1)
    expect(ProviderTemplate.deviations({ ...groq, files: groq.files.filter((f) => f !== "GroqOptions.ts") }, none))
      .toHaveLength(1)
    expect(ProviderTemplate.deviations({ ...groq, files: groq.files.filter((f) => f !== "index.ts") }, none))
      .toHaveLength(1)
    expect(ProviderTemplate.deviations({ ...groq, files: groq.files.filter((f) => f !== "Groq.ts") }, none))
      .toContain("src/providers/groq: no <Name>.ts named after the folder")
  })
})
