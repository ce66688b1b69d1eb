import { describe, expect, test } from 'vitest';
import { readTryoutAddress, tryoutListHref, TRYOUT_SHOWN_MAX } from './filters.ts';

const read = (query: string) => readTryoutAddress(new URLSearchParams(query));

describe('the tryout list address', () => {
  test('no parameter is every tryout, one page', () => {
    expect(read('')).toEqual({ ok: true, filter: {}, shown: 10 });
    expect(read('subject_group=&level=&price=')).toEqual({ ok: true, filter: {}, shown: 10 });
  });

  test('known filters are kept; shown is a whole number of pages up to the largest', () => {
    expect(read('subject_group=saintek&level=SMA&price=free&shown=20')).toEqual({ ok: true, filter: { subject_group: 'saintek', level: 'SMA', price: 'free' }, shown: 20 });
    expect(read('shown=25').shown).toBe(20);
    expect(read('shown=9999').shown).toBe(TRYOUT_SHOWN_MAX);
    expect(read('shown=-3').shown).toBe(10);
    expect(read('shown=abc').shown).toBe(10);
  });

  test('an unknown value is refused with the code the API gives it', () => {
    expect(read('subject_group=astrologi')).toMatchObject({ ok: false, code: 'invalid_subject_group' });
    expect(read('level=S3')).toMatchObject({ ok: false, code: 'invalid_level' });
    expect(read('price=cheap')).toMatchObject({ ok: false, code: 'invalid_price' });
  });

  test('the address written is the one read back', () => {
    const filter = { subject_group: 'mapel', level: 'SMP', price: 'paid' } as const;
    const href = tryoutListHref(filter, 30);
    expect(href).toBe('/tryout?subject_group=mapel&level=SMP&price=paid&shown=30');
    expect(read(href.split('?')[1]!)).toEqual({ ok: true, filter, shown: 30 });
    expect(tryoutListHref({})).toBe('/tryout');
  });
});
