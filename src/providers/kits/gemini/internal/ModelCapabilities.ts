/**
 * What the request code needs to know about a Gemini model id (the runtime
 * part of upstream `google-model-catalog.ts`: its documented-capability
 * fields change nothing in a request). Unknown Gemini ids inherit the newest
 * behaviour, as upstream.
 *
 * @since 0.2.0
 */

const gemini1ModelPattern = /(^|[/.])gemini-1(?:[.-]|$)/i
const gemini2ModelPattern = /(^|[/.])gemini-2(?:[.-]|$)/i
const gemini25ModelPattern = /(^|[/.])gemini-2\.5(?:[.-]|$)/i
const geminiModelPattern = /(^|[/.])gemini-/i

/**
 * The request-relevant capabilities of a model id.
 *
 * @since 0.2.0
 */
export interface ModelCapabilities {
  /** Provider-defined tools of Gemini 2 and later. */
  readonly supportsGemini2Tools: boolean
  readonly supportsFileSearch: boolean
  /** Gemini 3 features: mixed tools, multimodal function responses, JSON with function tools. */
  readonly usesGemini3Features: boolean
  /** `level` (Gemini 3) or `budget` thinking configuration. */
  readonly thinkingFormat: "level" | "budget"
  /** Thinking levels of a `level` model. */
  readonly thinkingLevels: ReadonlyArray<"minimal" | "low" | "medium" | "high" | "xhigh"> | undefined
  readonly minThinkingBudget: number
  readonly maxThinkingBudget: number
  /** Penalties are rejected by the Gemini API for Gemini 2.5 (Vertex accepts them). */
  readonly penaltiesOnlyOnVertex: boolean
  /** Gemma models take the system instruction as user text. */
  readonly systemInstructionAsUser: boolean
  readonly reasoningMaxOutputTokens: number
  /** JSON responses with function tools go through a synthetic `json` tool. */
  readonly jsonResponseTool: boolean
}

const isKnownPreGemini2Model = (modelId: string): boolean =>
  gemini1ModelPattern.test(modelId) ||
  /(^|[/.])gemini-pro(?:-vision)?$/i.test(modelId) ||
  /(^|[/.])gemini-robotics-er-1\.5(?:[.-]|$)/i.test(modelId)

const minimumThinkingLevel = (modelId: string): "minimal" | "low" => {
  const modelName = /(?:^|[/.])(gemini-[^/]*)$/i.exec(modelId)?.[1]?.toLowerCase()
  if (modelName === "gemini-flash-latest") return "low"
  const proVersionMatch = /^gemini-(\d+)(?:\.\d+)?-pro(?:$|-)/.exec(modelName ?? "")
  if (Number(proVersionMatch?.[1]) >= 3) return "low"
  const versionMatch = /^gemini-(\d+)\.(\d+)-flash(?:$|-(?!lite(?:-|$)))/.exec(modelName ?? "")
  if (versionMatch == null) return "minimal"
  const majorVersion = Number(versionMatch[1])
  const minorVersion = Number(versionMatch[2])
  return majorVersion > 3 || (majorVersion === 3 && minorVersion >= 7) ? "low" : "minimal"
}

const cache = new Map<string, ModelCapabilities>()

/**
 * The capabilities of `modelId` (memoized: ids are few and the regexes run once).
 *
 * @since 0.2.0
 */
export const of = (modelId: string): ModelCapabilities => {
  const cached = cache.get(modelId)
  if (cached !== undefined) return cached
  const isGeminiModel = geminiModelPattern.test(modelId)
  const isKnownPreGemini2 = isKnownPreGemini2Model(modelId)
  const usesGemini3Features = isGeminiModel && !isKnownPreGemini2 && !gemini2ModelPattern.test(modelId)
  const id = modelId.toLowerCase()
  // upstream keeps this exception case-sensitive
  const thinkingFormat = usesGemini3Features && !modelId.includes("gemini-3-pro-image") ? "level" : "budget"
  const isHydrogen = /(^|[/.])gemini-4-hydrogen(?:-|$)/i.test(modelId)
  const minLevel = isHydrogen ? "low" : minimumThinkingLevel(modelId)
  const capabilities: ModelCapabilities = {
    supportsGemini2Tools: (isGeminiModel && !isKnownPreGemini2) || id.includes("nano-banana"),
    supportsFileSearch: gemini25ModelPattern.test(modelId) || usesGemini3Features,
    usesGemini3Features,
    thinkingFormat,
    thinkingLevels: thinkingFormat === "level"
      ? [...(minLevel === "minimal" ? ["minimal" as const] : []), "low", "medium", "high", ...(isHydrogen ? ["xhigh" as const] : [])]
      : undefined,
    minThinkingBudget: id.includes("2.5-pro") ? 128 : 0,
    maxThinkingBudget: id.includes("2.5-pro") || id.includes("gemini-3-pro-image") ? 32768 : 24576,
    penaltiesOnlyOnVertex: gemini25ModelPattern.test(modelId),
    systemInstructionAsUser: id.startsWith("gemma-"),
    reasoningMaxOutputTokens: 65536,
    jsonResponseTool: /(^|\/)gemini-/i.test(modelId)
  }
  cache.set(modelId, capabilities)
  return capabilities
}
