/**
 * The downloadable files of a step loop's conversation, kept per message added: each step's
 * conversation is the last one followed by that step's response messages (and any steering
 * messages), so only those are scanned; a conversation that does not extend the last one
 * (`prepareStep` replaced the messages) is scanned whole. Upstream scans the whole prompt every
 * step; the files, and their order, are the same.
 *
 * @internal
 */
import { Effect } from "effect"
import type { SupportedUrls } from "../../LanguageModel.ts"
import type { DownloadError } from "../../contract/errors/DownloadError.ts"
import type { Prompt } from "../../contract/Prompt.ts"
import { collectFiles, downloadAssets, type UrlFile } from "../ModelMessage.ts"
import type { StepSetup } from "./PrepareStep.ts"

/**
 * Files of the conversation last asked for, valid for that array while it keeps its length; a
 * longer array that `extend` was told about is scanned from where the last scan ended.
 *
 * @internal
 */
export class ConversationFiles {
  private conversation: Prompt | undefined = undefined
  private scanned = 0
  private files: Array<UrlFile> = []

  /** The downloadable files of `conversation`, in prompt order (read them before the next call). */
  of(conversation: Prompt): ReadonlyArray<UrlFile> {
    if (conversation !== this.conversation || conversation.length < this.scanned) {
      this.conversation = conversation
      this.scanned = 0
      this.files = []
    }
    if (this.scanned < conversation.length) {
      collectFiles(conversation, this.scanned, this.files)
      this.scanned = conversation.length
    }
    return this.files
  }

  /**
   * `next` is `previous` followed by more messages: the files found in `previous` stay, the rest
   * is scanned when `next` is asked for.
   */
  extend(previous: Prompt, next: Prompt): Prompt {
    if (previous === this.conversation && this.scanned <= previous.length) this.conversation = next
    return next
  }
}

/**
 * The model's prompt of a step: its file URLs fetched through the Download service (upstream's
 * `downloadAssets`, per step). Without downloadable files the prompt stays unmade until the model
 * reads it (`StepSetup.modelPrompt`); the files of the loop's log are kept per message added.
 *
 * @internal
 */
export const stepModelPrompt = (
  files: ConversationFiles | undefined,
  setup: StepSetup,
  supportedUrls: SupportedUrls
): Effect.Effect<() => Prompt, DownloadError> => {
  const conversation = setup.conversation
  // the log grows in place, so its files are scanned from where the last step's scan ended
  const found = files === undefined ? undefined : files.of(conversation.isTip ? conversation.store : conversation.read())
  if (found !== undefined && found.length === 0) return Effect.succeed(setup.modelPrompt)
  return Effect.map(downloadAssets(setup.modelPrompt(), supportedUrls, found), (prompt) => () => prompt)
}
