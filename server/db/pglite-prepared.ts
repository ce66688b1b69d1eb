import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';

/** Statements kept prepared at once; the least recently used is closed beyond this. */
const CAPACITY = 500;

interface Prepared {
  name: string;
  paramTypes: number[];
  /** The statement's row description (absent for statements returning no rows). */
  rowDescription: unknown;
}

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

/**
 * Parameterised queries on PGlite through named prepared statements: the first run of a SQL text
 * parses and describes it once under a name; later runs only bind and execute, so PostgreSQL
 * reuses the parsed statement and, once it settles on a generic plan, the plan too. PGlite's own
 * `query()` parses, describes and plans every call again (an unnamed statement), and a
 * parameterised `EXECUTE` cannot be sent through it.
 *
 * The cache is keyed by the exact SQL text, so a statement is only reused for the same text.
 * PostgreSQL itself revalidates a prepared statement's plan when a table or index it uses
 * changes; a statement whose result columns changed (DDL after it was prepared) fails once with
 * 0A000 and is dropped from the cache, so the next call prepares it afresh.
 */
export function preparedStatements(pg: PGlite) {
  const cache = new Map<string, Prepared>();
  let counter = 0;
  const send = async (message: Uint8Array): Promise<BackendMessage[]> => pg.execProtocolStream(message, { syncToFs: false });

  async function prepare(sql: string): Promise<Prepared> {
    const name = `ep_${++counter}`;
    await send(protocol.serialize.parse({ name, text: sql, types: [] }));
    const described = await send(protocol.serialize.describe({ type: 'S', name }));
    const statement: Prepared = {
      name,
      paramTypes: parse.parseDescribeStatementResults(described),
      rowDescription: described.find((m) => m.name === 'rowDescription'),
    };
    cache.set(sql, statement);
    if (cache.size > CAPACITY) {
      const [oldest, old] = cache.entries().next().value!;
      cache.delete(oldest);
      await send(protocol.serialize.close({ type: 'S', name: old.name }));
    }
    return statement;
  }

  async function run(sql: string, params: unknown[]): Promise<Results<any>> {
    const messages: BackendMessage[] = [];
    let statement = cache.get(sql);
    try {
      if (statement) {
        // Most recently used last.
        cache.delete(sql);
        cache.set(sql, statement);
      } else {
        statement = await prepare(sql);
      }
      const types = statement.paramTypes;
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serialize = pg.serializers[types[i]!];
        return serialize ? serialize(value) : String(value);
      });
      messages.push(...(await send(protocol.serialize.bind({ statement: statement.name, values }))));
      messages.push(...(await send(protocol.serialize.execute({}))));
    } catch (error) {
      if ((error as { code?: string }).code === '0A000' && statement) cache.delete(sql);
      throw error;
    } finally {
      messages.push(...(await send(protocol.serialize.sync())));
    }
    const head = statement?.rowDescription ? [statement.rowDescription as BackendMessage] : [];
    return parse.parseResults([...head, ...messages], pg.parsers)[0]!;
  }

  return {
    /** One statement inside an open transaction (the transaction holds the connection). */
    inTransaction: (sql: string, params: unknown[] = []) => pg._runExclusiveQuery(() => run(sql, params)),
    /** One statement on its own, as `pg.query` runs it. */
    query: (sql: string, params: unknown[] = []) =>
      pg._runExclusiveTransaction(() =>
        pg._runExclusiveQuery(async () => {
          const result = await run(sql, params);
          await pg.syncToFs();
          return result;
        }),
      ),
  };
}
