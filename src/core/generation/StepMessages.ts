/**
 * The conversation of a tool loop's step, handed out as a copy made on first read.
 *
 * Why: every step's conversation is the last one followed by the step's response messages, and
 * upstream gives each step a fresh array (what the model, `prepareStep`, the callbacks, the tools
 * and the approval functions receive may be changed by them without touching the run). A fresh
 * array per step is a copy of the whole conversation per step: quadratic in a long loop (10,000
 * steps: 20,000 messages in the last prompt). Here the loop keeps one append-only log, a step is a
 * prefix of it (`store[0 .. length)`, never changed: later messages are appended after it), and
 * an array is made only when someone reads the step's messages: once per step for all the
 * step's payloads (upstream shares one array between them too), and once for the model's prompt
 * (upstream's converted prompt is another array). A reader that changes its array changes only
 * that copy; the run goes on from the log.
 *
 * @internal
 */
import type { Prompt } from "../../contract/Prompt.ts"

type Message = Prompt[number]

/**
 * One step's messages (without the system message): a prefix of the loop's log, or the array
 * `prepareStep` returned (handed out as given, logged as a copy).
 *
 * @internal
 */
export class StepMessages {
  private copy: Prompt | undefined
  /** The loop's log; `log[0 .. length)` are this step's messages and never change. */
  private readonly log: Array<Message>
  readonly length: number
  private constructor(log: Array<Message>, length: number, given: Prompt | undefined) {
    this.log = log
    this.length = length
    this.copy = given
  }

  /** The loop's log (read-only: appended only through {@link concat}). */
  get store(): ReadonlyArray<Message> {
    return this.log
  }

  /** A new log holding `messages` (copied: the log is appended in place). */
  static of(messages: Prompt): StepMessages {
    return new StepMessages(messages.slice(), messages.length, undefined)
  }

  /** Messages a user gave (prepareStep's): read as that array, logged as a copy of it. */
  static given(messages: Prompt): StepMessages {
    return new StepMessages(messages.slice(), messages.length, messages)
  }

  /** The messages: the given array, else a copy made on the first read and shared by later reads. */
  readonly read = (): Prompt => this.copy ??= this.log.slice(0, this.length)

  /** What `read` handed out so far, without making it (undefined: nobody read the messages). */
  readonly peek = (): Prompt | undefined => this.copy

  /** Whether the messages are all of the log (a scan of the log covers exactly them). */
  get isTip(): boolean {
    return this.log.length === this.length
  }

  /** A fresh array: the system message (when there is one), then the messages. */
  readonly withSystem = (system: string | undefined): Prompt => {
    if (system === undefined) return this.log.slice(0, this.length)
    const out: Array<Message> = [{ role: "system", content: system }]
    for (let i = 0; i < this.length; i++) out.push(this.log[i])
    return out
  }

  /**
   * These messages followed by `added`: appended to the log in place when nothing was logged
   * after them (the loop's case), else a new log.
   */
  concat(added: ReadonlyArray<Message>): StepMessages {
    if (added.length === 0) return this
    const log = this.isTip ? this.log : this.log.slice(0, this.length)
    for (const message of added) log.push(message)
    return new StepMessages(log, log.length, undefined)
  }
}

/**
 * A value made on first read (the step's prompt with its system message, the model's prompt).
 *
 * @internal
 */
export const lazy = <A>(make: () => A): () => A => {
  let made: { readonly value: A } | undefined
  return () => (made ??= { value: make() }).value
}
