/**
 * The chat page: upstream's `useChat` (`@ai-sdk/react`) talking to the aimux server's
 * `/api/chat` through `DefaultChatTransport`. Nothing here knows the server is aimux: the page is
 * what an AI SDK app would ship, which is the point of the example.
 *
 * The `data-*` attributes name what the browser test looks for (role, part kind, tool state).
 *
 * @since 0.3.0
 */
import { useChat } from "@ai-sdk/react"
import {
  DefaultChatTransport,
  getToolName,
  isReasoningUIPart,
  isTextUIPart,
  isToolUIPart,
  lastAssistantMessageIsCompleteWithApprovalResponses,
  type UIMessage
} from "ai"
import { type FormEvent, useState } from "react"

type Part = UIMessage["parts"][number]

const json = (value: unknown): string => JSON.stringify(value, null, 2) ?? "undefined"

/**
 * A tool call: its name, state, input, and its result, error or denial; an approval request
 * gets Approve / Deny buttons, which answer through `addToolApprovalResponse`.
 */
const ToolCall = (props: {
  readonly part: Extract<Part, { readonly toolCallId: string }>
  readonly respond: (id: string, approved: boolean) => void
}) => {
  const { part } = props
  const name = getToolName(part)
  return (
    <div className="tool" data-part="tool" data-tool={name} data-state={part.state}>
      <div className="tool-head">
        <span className="tool-name">{name}</span>
        <span className="tool-state">{part.state}</span>
      </div>
      {part.input !== undefined && <pre className="tool-input" data-field="input">{json(part.input)}</pre>}
      {part.state === "approval-requested" && (
        <div className="approval" data-field="approval">
          <span>Run this tool?</span>
          <button type="button" data-action="approve" onClick={() => props.respond(part.approval.id, true)}>
            Approve
          </button>
          <button type="button" data-action="deny" onClick={() => props.respond(part.approval.id, false)}>
            Deny
          </button>
        </div>
      )}
      {part.state === "approval-responded" && (
        <div className="approval" data-field="approval">{part.approval.approved ? "approved" : "denied"}, waiting…</div>
      )}
      {part.state === "output-available" && <pre className="tool-output" data-field="output">{json(part.output)}</pre>}
      {part.state === "output-error" && <pre className="tool-error" data-field="error">{part.errorText}</pre>}
      {part.state === "output-denied" && <div className="tool-denied" data-field="denied">denied by the user</div>}
    </div>
  )
}

const MessagePart = (props: { readonly part: Part; readonly respond: (id: string, approved: boolean) => void }) => {
  const { part } = props
  if (isTextUIPart(part)) return <div className="text" data-part="text" data-state={part.state}>{part.text}</div>
  if (isReasoningUIPart(part)) {
    return (
      <details className="reasoning" data-part="reasoning" data-state={part.state} open>
        <summary>reasoning</summary>
        {part.text}
      </details>
    )
  }
  if (isToolUIPart(part)) return <ToolCall part={part} respond={props.respond} />
  if (part.type === "step-start") return <hr className="step" data-part="step-start" />
  return null
}

/**
 * The page: the conversation, an input, Send and Stop.
 *
 * @since 0.3.0
 * @category components
 */
export const App = () => {
  const [input, setInput] = useState("")
  const { messages, sendMessage, stop, status, error, addToolApprovalResponse } = useChat({
    transport: new DefaultChatTransport({ api: "/api/chat" }),
    // after the last approval is answered, send the conversation back so the run continues
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses
  })
  const busy = status === "submitted" || status === "streaming"
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const text = input.trim()
    if (text === "" || busy) return
    void sendMessage({ text })
    setInput("")
  }
  const respond = (id: string, approved: boolean) => {
    void addToolApprovalResponse({ id, approved })
  }
  return (
    <main>
      <header>
        <h1>aimux chat</h1>
        <span className="status" data-testid="status">{status}</span>
      </header>
      <section className="messages" data-testid="messages">
        {messages.map((message) => (
          <article key={message.id} className={`message ${message.role}`} data-role={message.role}>
            <div className="role">{message.role}</div>
            {message.parts.map((part, index) => <MessagePart key={index} part={part} respond={respond} />)}
          </article>
        ))}
        {error !== undefined && <div className="error" data-testid="error">{error.message}</div>}
      </section>
      <form onSubmit={submit}>
        <input
          data-testid="input"
          value={input}
          placeholder="Ask about the weather, or ask me to send an email…"
          onChange={(event) => setInput(event.target.value)}
        />
        <button type="submit" data-testid="send" disabled={busy || input.trim() === ""}>Send</button>
        <button type="button" data-testid="stop" disabled={!busy} onClick={() => void stop()}>Stop</button>
      </form>
    </main>
  )
}
