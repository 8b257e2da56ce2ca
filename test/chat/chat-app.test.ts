// The chat example in a real browser: Debian's Chromium (driven by playwright-core) opens the page
// that examples/chat builds (Vite + React + upstream's useChat), talking to the aimux server
// (effect's HttpRouter on NodeHttpServer, aimux streamText and UI message stream) in this process.
// The server's own counts (ChatStats) show what happened behind the page: the prompts the model
// received, the tools that ran, the runs that were interrupted.
import { execFileSync } from "node:child_process"
import { existsSync, mkdirSync } from "node:fs"
import { join } from "node:path"
import { Effect, Exit, Scope } from "effect"
import { type Browser, chromium, type Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as ChatModel from "../../examples/chat/server/ChatModel.ts"
import * as ChatServer from "../../examples/chat/server/ChatServer.ts"
import { buildPage } from "../../examples/chat/server/PageBuild.ts"

const findChromium = (): string | undefined => {
  for (const candidate of ["/usr/bin/chromium", "/usr/bin/chromium-browser"]) if (existsSync(candidate)) return candidate
  try {
    const found = execFileSync("which", ["chromium"], { encoding: "utf8" }).trim()
    return found === "" ? undefined : found
  } catch {
    return undefined
  }
}

const chromiumPath = findChromium()
const outputDir = join(process.cwd(), "test-results", "chat")

if (chromiumPath === undefined && process.env.CI !== undefined && process.env.CI !== "") {
  it("the chat browser test needs Debian's chromium (.ci/apt-packages)", () => {
    expect.fail("chromium is not installed (looked in /usr/bin and on PATH)")
  })
}

describe.skipIf(chromiumPath === undefined)("examples/chat in Chromium", () => {
  let scope: Scope.Closeable
  let server: ChatServer.Running
  let browser: Browser
  let page: Page
  const problems: Array<string> = []

  beforeAll(async () => {
    mkdirSync(outputDir, { recursive: true })
    const root = join(outputDir, "dist")
    await buildPage(root)
    scope = await Effect.runPromise(Scope.make())
    // slow enough that a run can be stopped while its text streams
    const model = ChatModel.scripted({ delayMs: 20 })
    server = await Effect.runPromise(Scope.provide(ChatServer.start({ root, model: model.layer }), scope))
    browser = await chromium.launch({ executablePath: chromiumPath ?? "chromium", args: ["--disable-gpu", "--disable-dev-shm-usage"] })
    page = await browser.newPage({ viewport: { width: 900, height: 1000 } })
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`console: ${message.text()}`)
    })
    page.on("pageerror", (error) => problems.push(`page: ${error.message}`))
    await page.goto(server.url)
  }, 40_000)

  afterAll(async () => {
    await browser?.close()
    if (scope !== undefined) await Effect.runPromise(Scope.close(scope, Exit.void))
  })

  const send = async (text: string) => {
    await page.getByTestId("input").fill(text)
    await page.getByTestId("send").click()
  }
  const assistantText = () => page.locator('[data-role="assistant"] [data-part="text"]')
  const waitReady = () => page.waitForFunction(() => document.querySelector('[data-testid="status"]')?.textContent === "ready")
  const until = async (check: () => boolean, what: string, timeoutMs = 5_000) => {
    const deadline = Date.now() + timeoutMs
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`)
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  }

  it("streams reasoning, a tool call with its result, and the answer", async () => {
    await send("What's the weather in Paris?")
    // the page shows the answer while it streams, before the run ends
    await page.getByTestId("status").filter({ hasText: "streaming" }).waitFor()
    const reasoning = page.locator('[data-role="assistant"] [data-part="reasoning"]').first()
    await reasoning.filter({ hasText: "weather in Paris" }).waitFor()
    const tool = page.locator('[data-part="tool"][data-tool="weather"][data-state="output-available"]')
    await tool.waitFor()
    expect(await tool.locator('[data-field="input"]').textContent()).toContain('"city": "Paris"')
    expect(await tool.locator('[data-field="output"]').textContent()).toContain('"conditions": "light rain"')
    await assistantText().filter({ hasText: "It is 14 °C and light rain in Paris right now." }).waitFor()
    await waitReady()
    await page.screenshot({ path: join(outputDir, "1-weather.png"), fullPage: true })
    const stats = server.stats.snapshot()
    expect(stats.toolExecutions).toEqual(["weather"])
    expect(stats.modelCalls).toHaveLength(2)
    expect(stats.runs).toEqual(["completed"])
  })

  it("asks for approval, runs the tool once approved, and the second turn carries the history", async () => {
    await send("Please send an email to ana@example.com to say hi")
    const request = page.locator('[data-part="tool"][data-tool="sendEmail"][data-state="approval-requested"]')
    await request.waitFor()
    await waitReady()
    await page.screenshot({ path: join(outputDir, "2-approval.png"), fullPage: true })
    // nothing was sent before the approval
    expect(server.stats.snapshot().toolExecutions).toEqual(["weather"])
    const before = server.stats.snapshot().modelCalls.length

    // the second turn's request: the first turn came back through convertToModelMessages
    const turn2 = server.stats.snapshot().modelCalls[before - 1]
    expect(turn2.map((message) => message.role)).toEqual(["system", "user", "assistant", "tool", "assistant", "user"])
    expect(turn2[1]).toMatchObject({ role: "user", content: [{ type: "text", text: "What's the weather in Paris?" }] })
    expect(turn2[2]).toMatchObject({
      role: "assistant",
      content: [
        { type: "reasoning", text: "The user asks about the weather in Paris, so I call the weather tool." },
        { type: "tool-call", toolName: "weather", input: { city: "Paris" } }
      ]
    })
    expect(turn2[3]).toMatchObject({
      role: "tool",
      content: [{ type: "tool-result", toolName: "weather", output: { type: "json", value: { city: "Paris", temperature: 14 } } }]
    })
    expect(turn2[4]).toMatchObject({ role: "assistant", content: [{ type: "text", text: "It is 14 °C and light rain in Paris right now." }] })
    expect(turn2[5]).toMatchObject({ role: "user", content: [{ type: "text", text: "Please send an email to ana@example.com to say hi" }] })

    await request.locator('[data-action="approve"]').click()
    const done = page.locator('[data-part="tool"][data-tool="sendEmail"][data-state="output-available"]')
    await done.waitFor()
    expect(await done.locator('[data-field="output"]').textContent()).toContain('"to": "ana@example.com"')
    await assistantText().filter({ hasText: 'Done: I sent "Hello from aimux" to ana@example.com.' }).waitFor()
    await assistantText().filter({ hasText: `This is turn 2 of our conversation; you first asked: "What's the weather in Paris?"` }).waitFor()
    await waitReady()
    await page.screenshot({ path: join(outputDir, "3-approved.png"), fullPage: true })
    const stats = server.stats.snapshot()
    expect(stats.toolExecutions).toEqual(["weather", "sendEmail"])
    // the approval's request made exactly one model call, which saw the email's result
    expect(stats.modelCalls).toHaveLength(before + 1)
    const last = stats.modelCalls[before]
    expect(last[last.length - 1]).toMatchObject({
      role: "tool",
      content: [{ type: "tool-result", toolName: "sendEmail", output: { type: "json", value: { sent: true, to: "ana@example.com" } } }]
    })
  })

  it("a denied approval runs no tool and the model gets the denial", async () => {
    const before = server.stats.snapshot()
    await send("Send an email to bob@example.com")
    const request = page.locator('[data-part="tool"][data-tool="sendEmail"][data-state="approval-requested"]')
    await request.waitFor()
    await request.locator('[data-action="deny"]').click()
    await page.locator('[data-part="tool"][data-tool="sendEmail"][data-state="output-denied"]').waitFor()
    await assistantText().filter({ hasText: "Understood: I did not send that email." }).waitFor()
    await waitReady()
    const after = server.stats.snapshot()
    expect(after.toolExecutions).toEqual(before.toolExecutions)
    const last = after.modelCalls[after.modelCalls.length - 1]
    expect(last[last.length - 1]).toMatchObject({
      role: "tool",
      content: [{ type: "tool-result", toolName: "sendEmail", output: { type: "execution-denied" } }]
    })
  })

  it("answers a body that is not a conversation with a 400", async () => {
    const response = await fetch(`${server.url}/api/chat`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ messages: [{ id: "m1", role: "robot", parts: [] }] })
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ error: expect.stringContaining("role") })
  })

  it("stops a run mid-stream: the server interrupts it and runs no tool and no model call after", async () => {
    const before = server.stats.snapshot()
    await send("Tell me a long story")
    const story = assistantText().filter({ hasText: "Once upon a time" }).last()
    await story.waitFor()
    await page.getByTestId("stop").click()
    await until(() => server.stats.snapshot().runs.length > before.runs.length, "the server sees the run end")
    const after = server.stats.snapshot()
    expect(after.runs.slice(before.runs.length)).toEqual(["interrupted"])
    expect(after.modelStreams.slice(before.modelStreams.length)).toEqual(["interrupted"])
    // the unstopped script would stream for ~2 s more, then call the weather tool and the model again
    await new Promise((resolve) => setTimeout(resolve, 2_500))
    const later = server.stats.snapshot()
    expect(later.toolExecutions).toEqual(before.toolExecutions)
    expect(later.modelCalls).toHaveLength(before.modelCalls.length + 1)
    await waitReady()
    const shown = (await story.textContent()) ?? ""
    expect(shown).not.toContain("weather in Lisbon")
    await page.screenshot({ path: join(outputDir, "4-stopped.png"), fullPage: true })
    expect(problems).toEqual([])
  })
})
