/**
 * Deterministic workload data for `npm run bench`: every body is generated from a fixed seed, so
 * aimux, upstream and the floor read identical bytes in every run and on every machine.
 */
import type { StreamPart } from "../src/contract/StreamPart.ts"

/** mulberry32: a small seeded PRNG (enough for word choice and interleaving). */
export const prng = (seed: number): () => number => {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const WORDS = [
  "the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "stream", "effect", "token", "delta",
  "model", "parse", "value", "chunk", "é", "naïve", "日本", "—", "\"quoted\"", "line\n", "tab\t", "{json}"
]

const word = (rand: () => number): string => (rand() < 0.5 ? " " : "") + WORDS[Math.floor(rand() * WORDS.length)]

const encoder = new TextEncoder()

/** Splits bytes into network-sized chunks (views, no copies). */
export const split = (bytes: Uint8Array, size: number): Array<Uint8Array> => {
  const out: Array<Uint8Array> = []
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, Math.min(i + size, bytes.length)))
  return out
}

const sse = (payloads: ReadonlyArray<unknown>, done = true): Uint8Array => {
  const lines: Array<string> = []
  for (const payload of payloads) lines.push(`data: ${JSON.stringify(payload)}\n\n`)
  if (done) lines.push("data: [DONE]\n\n")
  return encoder.encode(lines.join(""))
}

const chatChunk = (choices: ReadonlyArray<unknown>, usage?: unknown) => ({
  id: "chatcmpl-bench",
  object: "chat.completion.chunk",
  created: 1_700_000_000,
  model: "gpt-4o-mini-2024-07-18",
  system_fingerprint: "fp_bench",
  choices,
  ...(usage !== undefined ? { usage } : {})
})

const chatUsage = {
  prompt_tokens: 12,
  completion_tokens: 20_000,
  total_tokens: 20_012,
  prompt_tokens_details: { cached_tokens: 0 },
  completion_tokens_details: { reasoning_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 }
}

/** W1: an OpenAI chat stream of `deltas` small text-delta chunks, then finish and usage chunks. */
export const openaiTextBody = (deltas: number, seed = 1): Uint8Array => {
  const rand = prng(seed)
  const payloads: Array<unknown> = [
    chatChunk([{ index: 0, delta: { role: "assistant", content: "", refusal: null }, logprobs: null, finish_reason: null }])
  ]
  for (let i = 0; i < deltas; i++) {
    payloads.push(chatChunk([{ index: 0, delta: { content: word(rand) }, logprobs: null, finish_reason: null }]))
  }
  payloads.push(chatChunk([{ index: 0, delta: {}, logprobs: null, finish_reason: "stop" }]))
  payloads.push(chatChunk([], chatUsage))
  return sse(payloads)
}

/** A JSON object text of roughly `chars` characters (an array of random words). */
const argumentText = (rand: () => number, chars: number): string => {
  const items: Array<string> = []
  let length = 12
  while (length < chars) {
    const w = word(rand)
    items.push(w)
    length += JSON.stringify(w).length + 1
  }
  return JSON.stringify({ query: "bench", items })
}

/** Cuts a text into `count` fragments of near-equal length (never splitting a surrogate pair). */
const fragmentsOf = (text: string, count: number): Array<string> => {
  const out: Array<string> = []
  const size = Math.max(1, Math.ceil(text.length / count))
  let i = 0
  while (i < text.length) {
    let end = Math.min(i + size, text.length)
    const code = text.charCodeAt(end - 1)
    if (code >= 0xd800 && code <= 0xdbff && end < text.length) end++
    out.push(text.slice(i, end))
    i = end
  }
  return out
}

/**
 * W2: `calls` parallel tool calls whose arguments arrive in `fragments` fragments each, interleaved
 * in a seeded random order (each chunk carries one call's fragment, as OpenAI sends them).
 */
export const openaiToolsBody = (calls: number, fragments: number, seed = 2): Uint8Array => {
  const rand = prng(seed)
  const payloads: Array<unknown> = [
    chatChunk([{ index: 0, delta: { role: "assistant", content: null }, logprobs: null, finish_reason: null }])
  ]
  const pending: Array<Array<string>> = []
  for (let c = 0; c < calls; c++) {
    pending.push(fragmentsOf(argumentText(rand, fragments * 8), fragments))
    payloads.push(chatChunk([{
      index: 0,
      delta: {
        tool_calls: [{ index: c, id: `call_${c}`, type: "function", function: { name: `tool_${c % 3}`, arguments: "" } }]
      },
      logprobs: null,
      finish_reason: null
    }]))
  }
  const open = pending.map((_, c) => c)
  const next = pending.map(() => 0)
  while (open.length > 0) {
    const pick = Math.floor(rand() * open.length)
    const c = open[pick]
    const fragment = pending[c][next[c]++]
    if (next[c] === pending[c].length) open.splice(pick, 1)
    payloads.push(chatChunk([{
      index: 0,
      delta: { tool_calls: [{ index: c, function: { arguments: fragment } }] },
      logprobs: null,
      finish_reason: null
    }]))
  }
  payloads.push(chatChunk([{ index: 0, delta: {}, logprobs: null, finish_reason: "tool_calls" }]))
  payloads.push(chatChunk([], chatUsage))
  return sse(payloads)
}

/**
 * The linearity workload: one tool call with `bytes` of arguments in fragments of about
 * `fragmentBytes` (10 MB of arguments = ~80,000 chunks of 128 characters).
 */
export const openaiLargeArgumentsBody = (bytes: number, fragmentBytes = 128, seed = 3): Uint8Array => {
  const rand = prng(seed)
  const text = argumentText(rand, bytes)
  const payloads: Array<unknown> = [
    chatChunk([{
      index: 0,
      delta: { tool_calls: [{ index: 0, id: "call_big", type: "function", function: { name: "big", arguments: "" } }] },
      logprobs: null,
      finish_reason: null
    }])
  ]
  for (const fragment of fragmentsOf(text, Math.ceil(text.length / fragmentBytes))) {
    payloads.push(chatChunk([{
      index: 0,
      delta: { tool_calls: [{ index: 0, function: { arguments: fragment } }] },
      logprobs: null,
      finish_reason: null
    }]))
  }
  payloads.push(chatChunk([{ index: 0, delta: {}, logprobs: null, finish_reason: "tool_calls" }]))
  return sse(payloads)
}

/**
 * W3: the V4 parts of one model call: `deltas` text deltas, then `calls` tool calls (each with its
 * input parts), then `finish` with reason `tool-calls`.
 */
export const coreParts = (deltas: number, calls: number, seed = 4): Array<StreamPart> => {
  const rand = prng(seed)
  const parts: Array<StreamPart> = [
    { type: "stream-start", warnings: [] },
    { type: "response-metadata", id: "resp-bench", modelId: "mock-model", timestamp: new Date(0) },
    { type: "text-start", id: "t0" }
  ]
  for (let i = 0; i < deltas; i++) parts.push({ type: "text-delta", id: "t0", delta: word(rand) })
  parts.push({ type: "text-end", id: "t0" })
  for (let c = 0; c < calls; c++) {
    const id = `call_${c}`
    const input = JSON.stringify({ city: `city ${c}`, days: c % 7 })
    parts.push({ type: "tool-input-start", id, toolName: "weather" })
    parts.push({ type: "tool-input-delta", id, delta: input })
    parts.push({ type: "tool-input-end", id })
    parts.push({ type: "tool-call", toolCallId: id, toolName: "weather", input })
  }
  parts.push({
    type: "finish",
    finishReason: { unified: "tool-calls", raw: "tool_calls" },
    usage: {
      inputTokens: { total: 12, noCache: 12, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: deltas, text: deltas, reasoning: 0 }
    }
  })
  return parts
}

/** The size of the W3 parts as JSON (what "MB" means for a workload without bytes). */
export const jsonSize = (parts: ReadonlyArray<unknown>): number => {
  let total = 0
  for (const part of parts) total += encoder.encode(JSON.stringify(part)).length
  return total
}

/**
 * W4: an Anthropic messages stream with a thinking block (`thinking` deltas and a signature), a
 * text block (`text` deltas) and a tool_use block (`json` input deltas), pings included.
 */
export const anthropicBody = (thinking: number, text: number, json: number, seed = 5): Uint8Array => {
  const rand = prng(seed)
  const events: Array<string> = []
  const event = (payload: { readonly type: string; readonly [key: string]: unknown }) => {
    events.push(`event: ${payload.type}\ndata: ${JSON.stringify(payload)}\n\n`)
  }
  event({
    type: "message_start",
    message: {
      model: "claude-sonnet-4-5-20250929",
      id: "msg_bench",
      type: "message",
      role: "assistant",
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: {
        input_tokens: 69,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
        cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
        output_tokens: 2,
        service_tier: "standard"
      }
    }
  })
  event({ type: "content_block_start", index: 0, content_block: { type: "thinking", thinking: "", signature: "" } })
  event({ type: "ping" })
  for (let i = 0; i < thinking; i++) {
    event({ type: "content_block_delta", index: 0, delta: { type: "thinking_delta", thinking: word(rand) } })
  }
  event({ type: "content_block_delta", index: 0, delta: { type: "signature_delta", signature: "EqQBCkYIBxgCKkBbench" } })
  event({ type: "content_block_stop", index: 0 })
  event({ type: "content_block_start", index: 1, content_block: { type: "text", text: "" } })
  for (let i = 0; i < text; i++) {
    event({ type: "content_block_delta", index: 1, delta: { type: "text_delta", text: word(rand) } })
  }
  event({ type: "content_block_stop", index: 1 })
  event({
    type: "content_block_start",
    index: 2,
    content_block: { type: "tool_use", id: "toolu_bench", name: "get_weather", input: {} }
  })
  for (const fragment of fragmentsOf(argumentText(rand, json * 8), json)) {
    event({ type: "content_block_delta", index: 2, delta: { type: "input_json_delta", partial_json: fragment } })
  }
  event({ type: "content_block_stop", index: 2 })
  event({
    type: "message_delta",
    delta: { stop_reason: "tool_use", stop_sequence: null },
    usage: { input_tokens: 69, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 4000 }
  })
  event({ type: "message_stop" })
  return encoder.encode(events.join(""))
}

/**
 * W5: an OpenAI Responses stream: `deltas` text deltas of one message item, then a function call
 * whose arguments arrive in `fragments` argument deltas, then `response.completed` with usage.
 */
export const openaiResponsesBody = (deltas: number, fragments: number, seed = 6): Uint8Array => {
  const rand = prng(seed)
  const response = { id: "resp_bench", created_at: 1_741_269_019, model: "gpt-4.1-mini-2025-04-14", service_tier: "default" }
  const payloads: Array<unknown> = [
    { type: "response.created", sequence_number: 0, response },
    { type: "response.in_progress", sequence_number: 1, response },
    {
      type: "response.output_item.added",
      output_index: 0,
      item: { type: "message", id: "msg_bench", status: "in_progress", role: "assistant", content: [] }
    }
  ]
  let sequence = 2
  for (let i = 0; i < deltas; i++) {
    payloads.push({
      type: "response.output_text.delta",
      sequence_number: sequence++,
      item_id: "msg_bench",
      output_index: 0,
      content_index: 0,
      delta: word(rand),
      logprobs: []
    })
  }
  payloads.push({
    type: "response.output_item.done",
    output_index: 0,
    item: { type: "message", id: "msg_bench", status: "completed", role: "assistant", content: [] }
  })
  const args = argumentText(rand, fragments * 8)
  payloads.push({
    type: "response.output_item.added",
    output_index: 1,
    item: { type: "function_call", id: "fc_bench", call_id: "call_bench", name: "get_weather", arguments: "", status: "in_progress" }
  })
  for (const fragment of fragmentsOf(args, fragments)) {
    payloads.push({
      type: "response.function_call_arguments.delta",
      sequence_number: sequence++,
      item_id: "fc_bench",
      output_index: 1,
      delta: fragment
    })
  }
  payloads.push({
    type: "response.output_item.done",
    output_index: 1,
    item: { type: "function_call", id: "fc_bench", call_id: "call_bench", name: "get_weather", arguments: args, status: "completed" }
  })
  payloads.push({
    type: "response.completed",
    sequence_number: sequence,
    response: {
      ...response,
      status: "completed",
      usage: {
        input_tokens: 12,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens: deltas,
        output_tokens_details: { reasoning_tokens: 0 },
        total_tokens: deltas + 12
      }
    }
  })
  return sse(payloads, false)
}

/**
 * GEMINI: a Gemini `streamGenerateContent?alt=sse` body: `thoughts` thought-text chunks, then `text`
 * answer chunks, then one function call; every chunk carries usage metadata, model version and
 * response id as the API sends them, the last a `STOP` finish.
 */
export const geminiBody = (thoughts: number, text: number, seed = 7): Uint8Array => {
  const rand = prng(seed)
  const chunks: Array<unknown> = []
  const usage = (out: number) => ({
    promptTokenCount: 12,
    candidatesTokenCount: out,
    totalTokenCount: 12 + out,
    promptTokensDetails: [{ modality: "TEXT", tokenCount: 12 }],
    thoughtsTokenCount: thoughts
  })
  const chunk = (parts: ReadonlyArray<unknown>, out: number, finishReason?: string) => ({
    candidates: [{ content: { parts, role: "model" }, ...(finishReason !== undefined && { finishReason }), index: 0 }],
    usageMetadata: usage(out),
    modelVersion: "gemini-2.5-flash",
    responseId: "bench-gemini-1"
  })
  for (let i = 0; i < thoughts; i++) chunks.push(chunk([{ text: word(rand), thought: true }], 0))
  for (let i = 0; i < text; i++) chunks.push(chunk([{ text: word(rand) }], i + 1))
  chunks.push(chunk([{ functionCall: { name: "weather", args: { city: "Paris", days: 3 } }, thoughtSignature: "c2lnbmF0dXJl" }], text + 1, "STOP"))
  return sse(chunks, false)
}

/**
 * An xAI Responses stream (workload XAI): reasoning summary deltas, a web search server call, text deltas
 * with url citations (each reported by `annotation.added`, `output_text.done` and the message
 * item, as xAI sends them) and a function call whose arguments arrive in fragments.
 */
export const xaiResponsesBody = (reasoning: number, deltas: number, fragments: number, seed = 7): Uint8Array => {
  const rand = prng(seed)
  const base = { id: "resp_bench", created_at: 1_741_269_019, model: "grok-4.20-non-reasoning", object: "response" }
  const payloads: Array<unknown> = [
    { type: "response.created", sequence_number: 0, response: { ...base, output: [], status: "in_progress" } },
    { type: "response.in_progress", sequence_number: 1, response: { ...base, output: [], status: "in_progress" } },
    { type: "response.output_item.added", output_index: 0, item: { type: "reasoning", id: "rs_bench", summary: [], status: "in_progress" } },
    { type: "response.reasoning_summary_part.added", item_id: "rs_bench", output_index: 0, summary_index: 0, part: { type: "summary_text", text: "" } }
  ]
  for (let i = 0; i < reasoning; i++) {
    payloads.push({ type: "response.reasoning_summary_text.delta", item_id: "rs_bench", output_index: 0, summary_index: 0, delta: word(rand) })
  }
  payloads.push({
    type: "response.output_item.done",
    output_index: 0,
    item: { type: "reasoning", id: "rs_bench", summary: [], status: "completed", encrypted_content: "enc" }
  })
  const search = { type: "web_search_call", id: "ws_bench", name: "web_search", arguments: "{\"query\":\"q\"}", status: "in_progress" }
  payloads.push({ type: "response.output_item.added", output_index: 1, item: search })
  payloads.push({ type: "response.web_search_call.searching", item_id: "ws_bench", output_index: 1 })
  payloads.push({
    type: "response.output_item.done",
    output_index: 1,
    item: { ...search, status: "completed", action: { type: "search", query: "q", sources: [{ type: "url", url: "https://x.ai" }] } }
  })
  payloads.push({ type: "response.output_item.added", output_index: 2, item: { type: "message", id: "msg_bench", role: "assistant", content: [], status: "in_progress" } })
  const citation = { type: "url_citation", url: "https://x.ai", title: "xAI", start_index: 0, end_index: 1 }
  let text = ""
  for (let i = 0; i < deltas; i++) {
    const delta = word(rand)
    text += delta
    payloads.push({ type: "response.output_text.delta", item_id: "msg_bench", output_index: 2, content_index: 0, delta, logprobs: [] })
    if (i % 2_000 === 1_999) {
      payloads.push({
        type: "response.output_text.annotation.added",
        item_id: "msg_bench",
        output_index: 2,
        content_index: 0,
        annotation_index: 0,
        annotation: citation
      })
    }
  }
  payloads.push({ type: "response.output_text.done", item_id: "msg_bench", output_index: 2, content_index: 0, text, annotations: [citation] })
  payloads.push({
    type: "response.output_item.done",
    output_index: 2,
    item: { type: "message", id: "msg_bench", role: "assistant", status: "completed", content: [{ type: "output_text", text, annotations: [citation] }] }
  })
  const args = argumentText(rand, fragments * 8)
  payloads.push({ type: "response.output_item.added", output_index: 3, item: { type: "function_call", id: "fc_bench", call_id: "call_bench", name: "get_weather", arguments: "" } })
  for (const fragment of fragmentsOf(args, fragments)) {
    payloads.push({ type: "response.function_call_arguments.delta", item_id: "fc_bench", output_index: 3, delta: fragment })
  }
  payloads.push({ type: "response.output_item.done", output_index: 3, item: { type: "function_call", id: "fc_bench", call_id: "call_bench", name: "get_weather", arguments: args } })
  payloads.push({
    type: "response.completed",
    response: {
      ...base,
      output: [],
      status: "completed",
      usage: { input_tokens: 12, output_tokens: deltas + reasoning, output_tokens_details: { reasoning_tokens: reasoning }, cost_in_usd_ticks: 1 }
    }
  })
  return sse(payloads, false)
}

/**
 * A Cohere v2 chat stream (workload COHERE): a thinking block, a text block, a tool plan and a tool
 * call whose arguments arrive in fragments, then `message-end` with usage.
 */
export const cohereBody = (thinking: number, text: number, fragments: number, seed = 11): Uint8Array => {
  const rand = prng(seed)
  const payloads: Array<unknown> = [
    { id: "cohere_bench", type: "message-start", delta: { message: { role: "assistant", content: [], tool_plan: "", tool_calls: [], citations: [] } } },
    { type: "content-start", index: 0, delta: { message: { content: { type: "thinking", thinking: "" } } } }
  ]
  for (let i = 0; i < thinking; i++) payloads.push({ type: "content-delta", index: 0, delta: { message: { content: { thinking: word(rand) } } } })
  payloads.push({ type: "content-end", index: 0 })
  payloads.push({ type: "content-start", index: 1, delta: { message: { content: { type: "text", text: "" } } } })
  for (let i = 0; i < text; i++) payloads.push({ type: "content-delta", index: 1, delta: { message: { content: { text: word(rand) } } } })
  payloads.push({ type: "content-end", index: 1 })
  for (let i = 0; i < 20; i++) payloads.push({ type: "tool-plan-delta", delta: { message: { tool_plan: word(rand) } } })
  payloads.push({
    type: "tool-call-start",
    index: 0,
    delta: { message: { tool_calls: { id: "call_bench", type: "function", function: { name: "get_weather", arguments: "" } } } }
  })
  for (const fragment of fragmentsOf(argumentText(rand, fragments * 8), fragments)) {
    payloads.push({ type: "tool-call-delta", index: 0, delta: { message: { tool_calls: { function: { arguments: fragment } } } } })
  }
  payloads.push({ type: "tool-call-end", index: 0 })
  payloads.push({
    type: "message-end",
    delta: {
      finish_reason: "TOOL_CALL",
      usage: { billed_units: { input_tokens: 12, output_tokens: thinking + text }, tokens: { input_tokens: 20, output_tokens: thinking + text } }
    }
  })
  return sse(payloads, false)
}

/**
 * A Mistral chat stream (workload MISTRAL): Magistral thinking chunks, then text chunks (content
 * arrays, as Magistral sends them), a tool call whose arguments arrive in fragments, then the
 * finish chunk with usage and `[DONE]`.
 */
export const mistralBody = (thinking: number, text: number, fragments: number, seed = 13): Uint8Array => {
  const rand = prng(seed)
  const chunk = (delta: unknown, finish: string | null = null, usage?: unknown) => ({
    id: "mistral_bench",
    object: "chat.completion.chunk",
    created: 1750000000,
    model: "magistral-medium-2509",
    choices: [{ index: 0, delta, finish_reason: finish }],
    ...(usage !== undefined && { usage })
  })
  const payloads: Array<unknown> = [chunk({ role: "assistant", content: "" })]
  for (let i = 0; i < thinking; i++) payloads.push(chunk({ content: [{ type: "thinking", thinking: [{ type: "text", text: word(rand) }] }] }))
  for (let i = 0; i < text; i++) payloads.push(chunk({ content: [{ type: "text", text: word(rand) }] }))
  payloads.push(chunk({ tool_calls: [{ id: "call_bench", index: 0, function: { name: "get_weather", arguments: "" } }] }))
  for (const fragment of fragmentsOf(argumentText(rand, fragments * 8), fragments)) {
    payloads.push(chunk({ tool_calls: [{ index: 0, function: { arguments: fragment } }] }))
  }
  payloads.push(chunk({ content: "" }, "tool_calls", { prompt_tokens: 12, completion_tokens: thinking + text, total_tokens: 12 + thinking + text }))
  return sse(payloads, true)
}

