/**
 * Own-property lookup (upstream `util/get-own.ts`): inherited keys such as `toString`,
 * `constructor` or `__proto__` are never found.
 *
 * @internal
 */
export const getOwn = <V>(record: { readonly [key: string]: V } | undefined, key: string): V | undefined =>
  record != null && Object.hasOwn(record, key) ? record[key] : undefined
