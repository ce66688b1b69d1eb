import { describe, expect, test } from 'vitest';
import { ApiError } from './errors.ts';
import { containsPattern, parseFilter, parseSort, SqlParams, type FilterField } from './list-params.ts';

const fields = {
  category_id: { type: 'uuid', ops: ['eq', 'in'], aliases: ['c.id'] },
  author: { type: 'uuid_or_text', ops: ['eq', 'in'] },
  year: { type: 'int', ops: ['eq', 'in', 'gte', 'lte'], min: 1000, max: 9999 },
  name: { type: 'text', ops: ['eq', 'ilike'] },
  entry: { type: 'bool', ops: ['eq'] },
} satisfies Record<string, FilterField>;

const ID = '0b6f3c1e-2a4d-4e5f-8a9b-1c2d3e4f5a6b';

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return `${error.status} ${error.code}`;
    throw error;
  }
  return 'no error';
}

describe('parseFilter', () => {
  test('an absent or blank filter has no conditions', () => {
    expect(parseFilter(undefined, fields)).toEqual([]);
    expect(parseFilter('  ', fields)).toEqual([]);
    expect(parseFilter('{}', fields)).toEqual([]);
  });

  test('bare values are equality, objects name their operators, aliases map to the field', () => {
    const conditions = parseFilter(JSON.stringify({ 'c.id': ID.toUpperCase(), year: { gte: 2000, lte: '2010' }, name: { ilike: ' Sari ' } }), fields);
    expect(conditions).toEqual([
      { field: 'category_id', op: 'eq', value: ID },
      { field: 'year', op: 'gte', value: 2000 },
      { field: 'year', op: 'lte', value: 2010 },
      { field: 'name', op: 'ilike', value: 'Sari' },
    ]);
  });

  test('an array of objects is one list of conditions', () => {
    const conditions = parseFilter(JSON.stringify([{ entry: true }, { year: { in: [2019, 2020] } }]), fields);
    expect(conditions).toEqual([
      { field: 'entry', op: 'eq', value: true },
      { field: 'year', op: 'in', value: [2019, 2020] },
    ]);
  });

  test('uuid_or_text keeps uuids and names apart', () => {
    expect(parseFilter(JSON.stringify({ author: 'Euis Nurjanah' }), fields)[0]!.value).toBe('Euis Nurjanah');
    expect(parseFilter(JSON.stringify({ author: ID }), fields)[0]!.value).toBe(ID);
  });

  test.each([
    ['malformed JSON', '{"category_id":'],
    ['JSON null', 'null'],
    ['a bare string', '"x"'],
    ['an unknown field', '{"password_hash":"x"}'],
    ['an SQL fragment as a key', '{"1=1; DROP TABLE books; --":"x"}'],
    ['a prototype key', '{"__proto__":{"eq":"x"}}'],
    ['a key from Object.prototype', '{"constructor":"x"}'],
    ['an unknown operator', '{"name":{"like":"x"}}'],
    ['an operator the field does not allow', '{"entry":{"in":[true]}}'],
    ['an SQL operator', '{"year":{"= 1 OR 1=1 --":2000}}'],
    ['an empty operator object', '{"year":{}}'],
    ['a nested object as a value', '{"name":{"eq":{"eq":"x"}}}'],
    ['an array where a scalar belongs', '{"name":["x"]}'],
    ['a uuid field with SQL in it', `{"category_id":"${ID}' OR '1'='1"}`],
    ['a year out of range', '{"year":99999}'],
    ['a fractional year', '{"year":2020.5}'],
    ['a year as SQL', '{"year":"2020; DROP TABLE books"}'],
    ['a non-boolean flag', '{"entry":"yes please"}'],
    ['an empty in list', '{"year":{"in":[]}}'],
    ['a huge in list', JSON.stringify({ year: { in: Array.from({ length: 51 }, () => 2000) } })],
    ['an empty text', '{"name":"  "}'],
    ['an overlong text', JSON.stringify({ name: 'x'.repeat(201) })],
    ['too many conditions', JSON.stringify(Array.from({ length: 21 }, () => ({ entry: true })))],
    ['an array holding an array', '[[{"entry":true}]]'],
  ])('%s is a 400 invalid_filter', (_label, raw) => {
    expect(codeOf(() => parseFilter(raw, fields))).toBe('400 invalid_filter');
  });
});

describe('parseSort', () => {
  const sorts = { latest: 'latest', '-created_at': 'latest', catalog_title: 'title_asc' } as const;

  test('maps accepted spellings to the canonical sort, blank to the fallback', () => {
    expect(parseSort('-created_at', sorts, 'latest')).toBe('latest');
    expect(parseSort(' catalog_title ', sorts, 'latest')).toBe('title_asc');
    expect(parseSort(undefined, sorts, 'latest')).toBe('latest');
    expect(parseSort('', sorts, 'latest')).toBe('latest');
  });

  test.each(['password_hash', 'catalog_title; DROP TABLE books', '1', 'toString', '__proto__', 'catalog_title desc'])(
    '%s is a 400 invalid_sort',
    (raw) => {
      expect(codeOf(() => parseSort(raw, sorts, 'latest'))).toBe('400 invalid_sort');
    },
  );
});

describe('SqlParams', () => {
  test('numbers placeholders in the order values are added', () => {
    const params = new SqlParams();
    expect(params.add('a')).toBe('$1');
    expect(params.add(2)).toBe('$2');
    expect(params.values).toEqual(['a', 2]);
  });
});

describe('containsPattern', () => {
  test('wraps in % and escapes wildcards', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
