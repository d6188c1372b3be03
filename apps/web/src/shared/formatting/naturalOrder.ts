/**
 * Compares names as people read them ('Unit 2' before 'Unit 10'). One collator for the app: localeCompare with
 * options builds a collator on every call, which made sorting 5,000 asset names take ~0.4 s instead of ~0.03 s.
 */
export const naturalOrder: (a: string, b: string) => number = new Intl.Collator(undefined, { numeric: true })
  .compare;
