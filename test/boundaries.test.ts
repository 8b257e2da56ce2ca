/**
 * Enforces the layer table of DESIGN.md by reading every import of every `src/**` file:
 *
 * | layer                          | may import                                                 |
 * |--------------------------------|------------------------------------------------------------|
 * | `src/spec/`                    | `effect`                                                   |
 * | `src/runtime/`                 | spec (ids, secure JSON, retry-after, downloads: the floor core, reliability and provider-utils share) |
 * | `src/LanguageModel.ts`, `src/DecisionModel.ts` | spec                                       |
 * | `src/provider-utils/`          | spec, runtime (+ `eventsource-parser`: SSE decoding lives here) |
 * | `src/providers/<name>/`        | spec, runtime, provider-utils, LanguageModel, its own folder (+ `eventsource-parser`) |
 * | `src/providers/gemini-family/` | a shared provider kit: what a provider may import; google and google-vertex import it |
 * | `src/core/`                    | spec, runtime, LanguageModel                               |
 * | `src/reliability/`             | spec, runtime, LanguageModel (model wrappers: retries, timeouts, downloads) |
 * | `src/testing`, `src/interop`, `src/cli`, `src/index.ts` | anything in src                   |
 *
 * Providers may import `src/LanguageModel.ts` (not in DESIGN's table): "a provider is a Layer
 * that provides LanguageModel" needs the service tag, and LanguageModel imports only spec, so this
 * adds no path from a provider to core or to another provider.
 *
 * `src/providers/amazon-bedrock/` may also import `@smithy/eventstream-codec` and `aws4fetch` (AWS
 * event-stream framing and SigV4: DESIGN.md's "well-kept library where a real protocol needs one").
 *
 * Every layer may import `effect`, and `node:` builtins are not library dependencies but are
 * allowed only where "anything" is. Nothing in `src/` but `src/interop/` imports `ai` or
 * `@ai-sdk/*`. A file in a folder the table does not know is a violation, so a new folder needs a
 * row here first.
 */
import { describe, expect, it } from "@effect/vitest"
import * as fs from "node:fs"
import * as path from "node:path"

type Layer =
  | { readonly kind: "spec" }
  | { readonly kind: "runtime" }
  | { readonly kind: "model" }
  | { readonly kind: "provider-utils" }
  | { readonly kind: "provider"; readonly name: string }
  | { readonly kind: "core" }
  | { readonly kind: "reliability" }
  | { readonly kind: "interop" }
  | { readonly kind: "open" }

const layerOf = (file: string): Layer | undefined => {
  const parts = file.split("/")
  if (parts[0] !== "src") return undefined
  if (parts.length === 2) {
    if (parts[1] === "LanguageModel.ts" || parts[1] === "DecisionModel.ts") return { kind: "model" }
    if (parts[1] === "index.ts") return { kind: "open" }
    return undefined
  }
  switch (parts[1]) {
    case "spec":
      return { kind: "spec" }
    case "runtime":
      return { kind: "runtime" }
    case "provider-utils":
      return { kind: "provider-utils" }
    case "providers":
      return parts.length >= 4 ? { kind: "provider", name: parts[2] } : undefined
    case "core":
      return { kind: "core" }
    case "reliability":
      return { kind: "reliability" }
    case "interop":
      return { kind: "interop" }
    case "testing":
    case "cli":
      return { kind: "open" }
    default:
      return undefined
  }
}

/**
 * Provider folders other providers may import (each imports only the layers a provider may): the
 * Gemini model of google and google-vertex, the OpenAI-family chat kit.
 */
const sharedProviderKits = new Set(["gemini-family", "openai-family"])

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
      if (spec === "eventsource-parser" && (layer.kind === "provider-utils" || layer.kind === "provider")) continue
      // DESIGN.md: a well-kept library where a real protocol needs one (AWS event-stream framing, SigV4)
      if (layer.kind === "provider" && layer.name === "amazon-bedrock" && bedrockPackages.has(spec)) continue
      fail(`a ${layer.kind} module may not import this package`)
      continue
    }
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec))
    const targetLayer = layerOf(target)
    if (targetLayer === undefined) {
      fail("target is outside the layer table")
      continue
    }
    const allowed = (() => {
      switch (layer.kind) {
        case "spec":
          return targetLayer.kind === "spec"
        case "model":
          return targetLayer.kind === "spec" || targetLayer.kind === "model"
        case "runtime":
          return targetLayer.kind === "spec" || targetLayer.kind === "runtime"
        case "provider-utils":
          return targetLayer.kind === "spec" || targetLayer.kind === "runtime" || targetLayer.kind === "provider-utils"
        case "provider":
          return targetLayer.kind === "spec" || targetLayer.kind === "runtime" || targetLayer.kind === "provider-utils" ||
            targetLayer.kind === "model" || (targetLayer.kind === "provider" && targetLayer.name === layer.name) ||
            // a shared provider kit (the Gemini model of google and google-vertex) imports no provider itself
            (targetLayer.kind === "provider" && sharedProviderKits.has(targetLayer.name))
        case "core":
          return targetLayer.kind === "spec" || targetLayer.kind === "runtime" || targetLayer.kind === "model" ||
            targetLayer.kind === "core"
        case "reliability":
          return targetLayer.kind === "spec" || targetLayer.kind === "runtime" || targetLayer.kind === "model" ||
            targetLayer.kind === "reliability"
        case "interop":
        case "open":
          return true
      }
    })()
    if (!allowed) fail(`a ${layer.kind === "provider" ? `provider (${layer.name})` : layer.kind} module may not import ${target}`)
  }
  return violations
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
    expect(checkFile("src/spec/Bad.ts", `import { x } from "../core/Tool.ts"`)).toHaveLength(1)
    expect(checkFile("src/spec/Bad.ts", `import { x } from "eventsource-parser"`)).toHaveLength(1)
    expect(checkFile("src/spec/Bad.ts", `import type { LanguageModelV4 } from "@ai-sdk/provider"`)).toHaveLength(1)
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
    expect(checkFile("src/spec/Bad.ts", `import { x } from "../runtime/IdGenerator.ts"`)).toHaveLength(1)
    expect(checkFile("src/testing/Bad.ts", `import { MockLanguageModelV4 } from "ai/test"`)).toHaveLength(1)
    expect(checkFile("src/providers/openai-family/Bad.ts", `import { x } from "../groq/Groq.ts"`)).toHaveLength(1)
    expect(checkFile("src/providers/openai-family/Bad.ts", `import { x } from "../../core/Tool.ts"`)).toHaveLength(1)
    expect(checkFile("src/provider-utils/Bad.ts", `import { x } from "../providers/openai-family/Usage.ts"`)).toHaveLength(1)
    expect(checkFile("src/providers/groq/Bad.ts", `import { EventStreamCodec } from "@smithy/eventstream-codec"`)).toHaveLength(1)
    expect(checkFile("src/elsewhere/Bad.ts", ``)).toHaveLength(1)
    expect(checkFile("src/providers/gemini-family/Bad.ts", `import { x } from "../google/Google.ts"`)).toHaveLength(1)
  })

  it("accepts what the table allows (synthetic inputs)", () => {
    expect(checkFile("src/providers/google-vertex/Ok.ts", `import { G } from "../gemini-family/GeminiLanguageModel.ts"`))
      .toStrictEqual([])
    expect(checkFile("src/spec/Ok.ts", `import { Schema } from "effect"\nimport { A } from "./errors/index.ts"`)).toStrictEqual([])
    expect(checkFile("src/core/Ok.ts", `import { L } from "../LanguageModel.ts"\nimport { S } from "../spec/index.ts"`))
      .toStrictEqual([])
    expect(checkFile(
      "src/providers/openai/internal/Ok.ts",
      `import { P } from "../../../provider-utils/Post.ts"\nimport { Q } from "../Chat.ts"\nimport { createParser } from "eventsource-parser"`
    )).toStrictEqual([])
    for (const layer of ["core", "reliability", "provider-utils", "providers/openai"]) {
      expect(checkFile(`src/${layer}/Ok.ts`, `import { R } from "${layer.includes("/") ? "../.." : ".."}/runtime/RetryAfter.ts"`))
        .toStrictEqual([])
    }
    expect(checkFile("src/providers/groq/internal/Ok.ts", `import { C } from "../../openai-family/ChatStream.ts"`))
      .toStrictEqual([])
    expect(checkFile("src/runtime/Ok.ts", `import { E } from "../spec/errors/index.ts"\nimport { F } from "./internal/f.ts"`))
      .toStrictEqual([])
    expect(checkFile("src/interop/Ok.ts", `import type { LanguageModelV4 } from "@ai-sdk/provider"\nimport { X } from "../core/Tool.ts"`))
      .toStrictEqual([])
  })
})
