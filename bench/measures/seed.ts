import type { Measure, Row } from '../lib/context.ts';
import { int } from '../lib/stats.ts';

/** 1. Scale data: `seed:scale` fills a separate data directory with N books in under a minute. */
export const seedMeasure: Measure = {
  name: 'seed',
  title: 'Scale data',
  build: false,
  async run(ctx) {
    await ctx.seed();
    const m = ctx.manifest;
    const seconds = ctx.seedSeconds!;
    const rows: Row[] = [
      {
        figure: `seed:scale --books ${int(ctx.options.books)}, wall time`,
        goal: '< 60 s',
        measured: `${seconds.toFixed(1)} s`,
        pass: seconds < 60,
        data: { seconds, seedSeconds: m.seconds },
      },
      {
        figure: 'books / authors / categories / ePustaka in the scale database',
        goal: `≥ ${int(ctx.options.books)} books`,
        measured: `${int(m.counts.books!)} / ${int(m.counts.authors!)} / ${int(m.counts.categories!)} / ${int(m.counts.epustaka!)}`,
        pass: m.counts.books! >= ctx.options.books,
        data: m.counts,
      },
      {
        figure: 'users / holdings / loans / ratings',
        goal: '',
        measured: `${int(m.counts.users!)} / ${int(m.counts.epustaka_books!)} / ${int(m.counts.borrows!)} / ${int(m.counts.ratings!)}`,
        pass: null,
      },
    ];
    return rows;
  },
};
