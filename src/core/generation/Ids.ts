/**
 * The id source of generateText / streamText (response ids without response metadata, text and
 * reasoning ids made unique across steps): the `IdGenerator` service when one is provided, else
 * upstream's default `createIdGenerator({ prefix: 'aitxt', size: 24 })`.
 *
 * @internal
 */
import { Effect, Option } from "effect"
import { IdGenerator, makeRandom } from "../../runtime/IdGenerator.ts"

const random = makeRandom({ size: 24 })

/** Upstream's default generation id: `aitxt-` and 24 random alphanumeric characters. @internal */
export const defaultGenerationId = (): string => `aitxt-${random()}`

/** The id function of one generation. @internal */
export const generationIds: Effect.Effect<() => string> = Effect.map(
  Effect.serviceOption(IdGenerator),
  Option.match({ onNone: () => defaultGenerationId, onSome: (service) => service.generate })
)

/** Upstream's call id (`createIdGenerator({ prefix: 'call', size: 24 })`), or the service's. @internal */
export const callIds: Effect.Effect<() => string> = Effect.map(
  Effect.serviceOption(IdGenerator),
  Option.match({ onNone: () => () => `call-${random()}`, onSome: (service) => service.generate })
)
