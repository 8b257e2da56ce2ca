/**
 * The provider template of `src/providers/README.md` as a check over a folder listing: which files a
 * provider, sub-provider or kit folder must have, and which it may have. `test/boundaries.test.ts`
 * runs it over `src/providers/`; the rules are the README's, the documented extras are read from it.
 */

/** The role files of `internal/` (README "internal/: the request path, one role per file"). */
export const roleFiles: ReadonlyArray<string> = [
  "RequestArgs.ts",
  "ConvertPrompt.ts",
  "PrepareTools.ts",
  "GenerateContent.ts",
  "StreamTransducer.ts",
  "Usage.ts",
  "FinishReason.ts"
]

/** The internal files any folder may have besides the roles (README "shared extras"). */
export const sharedExtras: ReadonlyArray<string> = [
  "ModelCatalog.ts",
  "ModelCapabilities.ts",
  "StreamState.ts",
  "StreamError.ts",
  "ToolNameMapping.ts"
]

/** The `internal/` files every folder that owns a language model has. */
export const requiredInternal: ReadonlyArray<string> = ["RequestArgs.ts", "ConvertPrompt.ts", "StreamTransducer.ts"]

/** One template folder: its path below `src/providers/`, its top-level files and its `internal/` files. */
export interface Folder {
  readonly path: string
  readonly kind: "provider" | "sub-provider" | "kit"
  readonly files: ReadonlyArray<string>
  readonly internal: ReadonlyArray<string>
}

/** The `<folder>/<file>.ts` paths the README's "Documented extras" section names. */
export const documentedExtras = (readme: string): ReadonlySet<string> => {
  const section = readme.split("### Documented extras")[1]?.split("\n### ")[0] ?? ""
  return new Set([...section.matchAll(/`([\w/-]+\.ts)`/g)].map((match) => match[1]!))
}

/** The PascalCase `<Name>` of a provider folder: the file whose lower-cased name is the folder's without hyphens. */
const providerName = (folder: Folder): string | undefined => {
  const base = folder.path.split("/").pop()!.replaceAll("-", "")
  return folder.files.find((file) => file.toLowerCase() === `${base}.ts`)?.slice(0, -3)
}

/** `<Name>` of a sub-provider or kit: the prefix of its `<Name>LanguageModel.ts`. */
const modelPrefix = (folder: Folder): string | undefined =>
  folder.files.find((file) => file.endsWith("LanguageModel.ts"))?.slice(0, -"LanguageModel.ts".length)

/** The deviations of one folder from the template, one sentence each (empty when it follows it). */
export const deviations = (folder: Folder, extras: ReadonlySet<string>): Array<string> => {
  const out: Array<string> = []
  const where = `src/providers/${folder.path}`
  // kits/openai/ is a kit of pieces (one concept per file, no names required): the chat stream pieces
  // of the OpenAI family and the OpenAI models that openai and azure both build on
  const pieces = folder.kind === "kit" && (modelPrefix(folder) === undefined || folder.path === "kits/openai")
  const name = folder.kind === "provider" ? providerName(folder) : modelPrefix(folder)
  if (folder.kind === "provider" && name === undefined) out.push(`${where}: no <Name>.ts named after the folder`)
  if (folder.kind !== "kit" && !folder.files.includes("index.ts")) out.push(`${where}: no index.ts`)
  const documented = (file: string) => extras.has(`${folder.path}/${file}`)
  if (name !== undefined && !pieces) {
    for (const file of folder.files) {
      if (file !== "index.ts" && !file.startsWith(name) && !documented(file)) {
        out.push(`${where}/${file}: neither <Name>*.ts (${name}) nor a documented extra`)
      }
    }
  }
  const models = folder.files.filter((file) => file.endsWith("LanguageModel.ts"))
  for (const model of models) {
    const api = model.slice(0, -"LanguageModel.ts".length)
    for (const sibling of [`${api}Api.ts`, `${api}Options.ts`]) {
      if (!folder.files.includes(sibling)) out.push(`${where}: ${model} without ${sibling}`)
    }
  }
  if (models.length > 0) {
    for (const file of requiredInternal) {
      if (!folder.internal.includes(file)) out.push(`${where}: owns a language model but has no internal/${file}`)
    }
  }
  for (const file of folder.internal) {
    if (!roleFiles.includes(file) && !sharedExtras.includes(file) && !documented(`internal/${file}`)) {
      out.push(`${where}/internal/${file}: neither a role file, a shared extra nor a documented extra`)
    }
  }
  return out
}
