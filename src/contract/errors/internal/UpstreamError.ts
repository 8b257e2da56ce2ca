/**
 * The base every upstream-marker error class extends: `Schema.TaggedError`
 * with upstream's `name` as its identifier, the `vercel.ai.error` markers on
 * its prototype and a static `isInstance` that checks the class marker
 * (never `instanceof`), so instances of the pinned upstream package's class
 * and of aimux's are recognised alike. A class keeps its own constructor
 * (upstream's options object and default message):
 *
 * ```ts
 * export class NoSuchToolError extends UpstreamError<NoSuchToolError>("AI_NoSuchToolError")(
 *   "NoSuchToolError",
 *   { message: Schema.String, toolName: Schema.String }
 * ) { constructor(options: NoSuchToolErrorOptions) { super(...) } }
 * ```
 *
 * `Like` is what `isInstance` narrows to; by default the class's fields on a
 * plain `Error` (`UpstreamLike<Self>`).
 *
 * @internal
 */
import { Schema } from "effect"
import { hasMarker, markerOf, markPrototype, type UpstreamLike } from "./marker.ts"

/** @internal */
export const UpstreamError = <Self>(name: string) =>
<Tag extends string, const Fields extends Schema.Struct.Fields>(tag: Tag, fields: Fields) => {
  const marker = markerOf(name)
  const Base = Schema.TaggedError<Self>(name)(tag, fields)
  // (the class; the type also allows Schema's "missing Self" message, which a call never returns)
  if (typeof Base === "function") markPrototype(Base.prototype, name)
  return Object.assign(Base, {
    /**
     * True for aimux and upstream instances alike (marker check, no `instanceof`).
     *
     * @since 0.1.0
     */
    isInstance: <Like = UpstreamLike<Self>>(u: unknown): u is Like => hasMarker(u, marker)
  })
}
