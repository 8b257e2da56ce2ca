/**
 * A corpus of UI messages for the conversion and validation differentials: every part type,
 * tool parts in every state (static and dynamic, client and provider-executed), approvals,
 * steering, data parts, and system/user messages with provider metadata.
 */
import type * as UIMessage from "../../src/ui/UIMessage.ts"

const user = (id: string, text: string): UIMessage.UIMessage => ({ id, role: "user", parts: [{ type: "text", text }] })

export const chats: ReadonlyArray<readonly [string, ReadonlyArray<UIMessage.UIMessage>]> = [
  ["system, user with files and data, assistant text", [
    { id: "s", role: "system", parts: [{ type: "text", text: "Be ", providerMetadata: { p: { a: 1 } } }, { type: "text", text: "brief" }] },
    {
      id: "u",
      role: "user",
      parts: [
        { type: "text", text: "look", providerMetadata: { p: { cache: true } } },
        { type: "file", mediaType: "image/png", url: "https://example.com/a.png", filename: "a.png" },
        { type: "file", mediaType: "text/plain", url: "data:text/plain;base64,aGk=" },
        { type: "data-note", id: "n1", data: { text: "a note" } }
      ]
    },
    {
      id: "a",
      role: "assistant",
      parts: [
        { type: "step-start" },
        { type: "reasoning", text: "hmm", state: "done", providerMetadata: { p: { sig: "x" } } },
        { type: "text", text: "answer", state: "done" },
        { type: "source-url", sourceId: "s1", url: "https://example.com" },
        { type: "file", mediaType: "image/png", url: "data:image/png;base64,AAEC" },
        { type: "reasoning-file", mediaType: "image/png", url: "data:image/png;base64,AAEC" },
        { type: "custom", kind: "p.thing", providerMetadata: { p: { k: 1 } } },
        { type: "data-note", data: { text: "assistant note" } }
      ]
    }
  ]],
  ["tool parts in every state over steps", [
    user("u", "weather?"),
    {
      id: "a",
      role: "assistant",
      parts: [
        { type: "step-start" },
        { type: "tool-weather", toolCallId: "c1", state: "output-available", input: { city: "Rome" }, output: { t: 21 }, callProviderMetadata: { p: { id: 1 } } },
        { type: "tool-text", toolCallId: "c2", state: "output-available", input: {}, output: "plain" },
        { type: "tool-fails", toolCallId: "c3", state: "output-error", input: {}, errorText: "boom" },
        { type: "tool-fails", toolCallId: "c3b", state: "output-error", input: undefined, rawInput: "{bad", errorText: "parse" },
        { type: "dynamic-tool", toolName: "dyn", toolCallId: "c4", state: "output-available", input: { a: 1 }, output: { echo: 1 } },
        { type: "tool-weather", toolCallId: "c5", state: "input-streaming", input: { city: "Ro" } },
        { type: "tool-weather", toolCallId: "c6", state: "input-available", input: { city: "Oslo" } },
        { type: "tool-weather", toolCallId: "c7", state: "output-available", input: { city: "Rome" }, output: 1, preliminary: true },
        { type: "step-start" },
        { type: "text", text: "It is 21", state: "done" }
      ]
    }
  ]],
  ["approvals: requested (last), responded approved/denied, output-denied", [
    user("u", "delete"),
    {
      id: "a",
      role: "assistant",
      parts: [
        { type: "step-start" },
        {
          type: "tool-remove",
          toolCallId: "r1",
          state: "approval-responded",
          input: { path: "/a" },
          approval: { id: "ap1", approved: true, reason: "ok", inputSchemaInput: { path: "/a" } }
        },
        { type: "tool-remove", toolCallId: "r2", state: "approval-responded", input: { path: "/b" }, approval: { id: "ap2", approved: false, reason: "no" } },
        { type: "tool-remove", toolCallId: "r3", state: "output-denied", input: { path: "/c" }, approval: { id: "ap3", approved: false } },
        {
          type: "tool-remove",
          toolCallId: "r4",
          state: "output-available",
          input: { path: "/d" },
          output: "removed",
          approval: { id: "ap4", approved: true, requestReason: "policy", isAutomatic: true, signature: "sig" }
        },
        { type: "tool-remove", toolCallId: "r5", state: "approval-requested", input: { path: "/e" }, approval: { id: "ap5" } }
      ]
    }
  ]],
  ["an approval request superseded by a later user message", [
    user("u1", "delete"),
    {
      id: "a",
      role: "assistant",
      parts: [{ type: "tool-remove", toolCallId: "r1", state: "approval-requested", input: { path: "/a" }, approval: { id: "ap1" } }]
    },
    user("u2", "never mind")
  ]],
  ["provider-executed tools, unavailable tool, steering", [
    user("u", "search"),
    {
      id: "a",
      role: "assistant",
      parts: [
        { type: "step-start" },
        {
          type: "dynamic-tool",
          toolName: "web_search",
          toolCallId: "p1",
          state: "output-available",
          providerExecuted: true,
          input: { q: "x" },
          output: { hits: 1 },
          resultProviderMetadata: { p: { r: 1 } }
        },
        { type: "tool-code", toolCallId: "p2", state: "output-error", providerExecuted: true, input: {}, errorText: "{\"code\":1}" },
        {
          type: "tool-code",
          toolCallId: "p3",
          state: "approval-responded",
          providerExecuted: true,
          input: {},
          approval: { id: "pa", approved: true }
        },
        { type: "dynamic-tool", toolName: "gone", dynamic: false, toolCallId: "g1", state: "output-available", input: {}, output: "secret" },
        {
          type: "steering-message",
          id: "st",
          parts: [{ type: "text", text: "also this" }, { type: "file", mediaType: "image/png", url: "https://example.com/s.png" }]
        },
        { type: "step-start" },
        { type: "text", text: "done", state: "done" }
      ]
    }
  ]]
]
