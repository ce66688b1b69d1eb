/**
 * The SQL twin of `scaleId` (server/seed/scale.ts): a deterministic uuid (v4 layout) for the row of
 * `kind` whose index is the SQL expression `expr`, so generated rows are joined by arithmetic.
 */
export const sqlId = (kind: string, expr: string) => `overlay(overlay(md5('scale-${kind}-' || (${expr})) placing '4' from 13) placing '8' from 17)::uuid`;
