/**
 * Per-step bookkeeping of streamText: text/reasoning ids unique across steps, step content built
 * from the parts (upstream's event processor), and the V4 content of a model call.
 *
 * @internal
 */
import { Stream } from "effect"
import * as Arr from "effect/Array"
import type * as Content from "../../contract/Content.ts"
import type { ProviderMetadata } from "../../contract/ProviderMetadata.ts"
import type { StreamPart } from "../../contract/StreamPart.ts"
import type { ResponseMessage } from "../ResponseMessages.ts"
import type { ContentPart } from "../StepContent.ts"
import type { TextStreamPart } from "../TextStreamPart.ts"
import { startsAttempt } from "../internal/AttemptStart.ts"

/** Reserves ids: the first use of an id keeps it, a later one gets a generated id (upstream `createPartIdReserver`). @internal */
export const makeIdReserver = (generateId: () => string) => {
  const used = new Set<string>()
  return (id: string): string => {
    if (!used.has(id)) {
      used.add(id)
      return id
    }
    const base = generateId()
    let unique = base
    let suffix = 0
    while (used.has(unique)) unique = `${base}-${++suffix}`
    used.add(unique)
    return unique
  }
}

/**
 * Maps the provider ids of text (or reasoning) parts to ids unique across steps while a part is
 * open: `start` reserves, `get` looks up (an unknown id passes through), `end` looks up and closes.
 *
 * @internal
 */
export const makePartIdMap = (reserve: (id: string) => string) => {
  const open = new Map<string, string>()
  return {
    start(id: string): string {
      const unique = reserve(id)
      open.set(id, unique)
      return unique
    },
    get: (id: string): string => open.get(id) ?? id,
    end(id: string): string {
      const unique = open.get(id) ?? id
      open.delete(id)
      return unique
    }
  }
}

/** @internal Collects the V4 content of a model call from its stream parts (upstream `rawModelCallContent`). */
export const makeRawCollector = (content: Array<Content.Content>) => {
  const open = new Map<string, number>()
  return (part: StreamPart): void => {
    switch (part.type) {
      case "text-start":
      case "reasoning-start": {
        const type = part.type === "text-start" ? "text" : "reasoning"
        open.set(`${type}:${part.id}`, content.length)
        content.push({ type, text: "", ...(part.providerMetadata != null ? { providerMetadata: part.providerMetadata } : {}) })
        break
      }
      case "text-delta":
      case "reasoning-delta": {
        const index = open.get(`${part.type === "text-delta" ? "text" : "reasoning"}:${part.id}`)
        const prev = index === undefined ? undefined : content[index]
        if (index !== undefined && prev !== undefined && (prev.type === "text" || prev.type === "reasoning")) {
          content[index] = { ...prev, text: prev.text + part.delta }
        }
        break
      }
      case "tool-call":
      case "tool-result":
      case "file":
      case "reasoning-file":
      case "source":
      case "custom":
        content.push(part)
        break
    }
  }
}

/** @internal Step content accumulated from the parts of one step (upstream's event processor). */
export const makeContentBuilder = () => {
  const content: Array<ContentPart> = []
  const open = new Map<string, number>()
  const upsert = (
    kind: "text" | "reasoning",
    id: string,
    delta: string,
    pm: ProviderMetadata | undefined,
    citations?: ReadonlyArray<Content.Citation> | undefined
  ) => {
    const key = `${kind}:${id}`
    const index = open.get(key)
    if (index === undefined) {
      open.set(key, content.length)
      content.push({ type: kind, text: delta, ...(pm != null ? { providerMetadata: pm } : {}) })
      return
    }
    const prev = content[index]
    if (prev !== undefined && (prev.type === "text" || prev.type === "reasoning")) {
      content[index] = {
        ...prev,
        text: prev.text + delta,
        ...(pm != null ? { providerMetadata: pm } : {}),
        // `text-end` citations replace any earlier ones (upstream stream-text.ts eventProcessor)
        ...(citations != null ? { citations } : {})
      }
    }
  }
  return {
    content,
    add(part: TextStreamPart) {
      switch (part.type) {
        case "text-start":
        case "reasoning-start":
          upsert(part.type === "text-start" ? "text" : "reasoning", part.id, "", part.providerMetadata)
          break
        case "text-delta":
        case "reasoning-delta":
          upsert(part.type === "text-delta" ? "text" : "reasoning", part.id, part.text, part.providerMetadata)
          break
        case "text-end":
          upsert("text", part.id, "", part.providerMetadata, part.citations)
          open.delete(`text:${part.id}`)
          break
        case "reasoning-end":
          upsert("reasoning", part.id, "", part.providerMetadata)
          open.delete(`reasoning:${part.id}`)
          break
        case "tool-call":
        case "tool-error":
        case "tool-approval-request":
        case "tool-approval-response":
        case "source":
        case "custom":
        case "file":
        case "reasoning-file":
          content.push(part)
          break
        case "tool-result":
          if (part.preliminary !== true) content.push(part)
          break
      }
    }
  }
}

/**
 * Upstream's text-output stage of streamText (`createOutputTransformStream` with the default text
 * output): within a step, the text deltas of the first text id carry the last provider metadata
 * that id had (a delta without metadata keeps the previous one). Runs per pulled chunk.
 *
 * @internal
 */
export const withStickyTextMetadata = <E, R>(stream: Stream.Stream<TextStreamPart, E, R>): Stream.Stream<TextStreamPart, E, R> =>
  Stream.suspend(() => {
    let firstId: string | undefined = undefined
    let metadata: ProviderMetadata | undefined = undefined
    return Stream.mapArray(stream, (parts) =>
      Arr.map(parts, (part): TextStreamPart => {
        if (part.type === "start-step") {
          firstId = undefined
          metadata = undefined
          return part
        }
        // a stream retry's attempt starts afresh too (upstream resets its output state there)
        if (startsAttempt(part)) {
          firstId = undefined
          metadata = undefined
        }
        if (part.type !== "text-delta") return part
        if (firstId === undefined) firstId = part.id
        else if (part.id !== firstId) return part
        metadata = part.providerMetadata ?? metadata
        return metadata === part.providerMetadata ? part : { ...part, providerMetadata: metadata }
      }))
  })

// keyed by the part object itself: nothing is added to the part
const resumedByPart = new WeakMap<TextStreamPart, ReadonlyArray<ResponseMessage>>()

/**
 * Associates the resumed tool message of a run with its first `start-step` part (not a field:
 * the parts stay upstream's), so that the fold of the parts (`StreamText.aggregate`) can put it
 * first in the response messages, as upstream's `initialResponseMessages`.
 *
 * @internal
 */
export const withResumedMessages = (part: TextStreamPart, messages: ReadonlyArray<ResponseMessage>): void => {
  resumedByPart.set(part, messages)
}

/**
 * The resumed messages associated by {@link withResumedMessages}, if any.
 *
 * @internal
 */
export const resumedMessagesOf = (part: TextStreamPart): ReadonlyArray<ResponseMessage> => resumedByPart.get(part) ?? []
