import type { Db, Queryable, QueryResult } from '../db/client.ts';

/** What a piece of work asked of the database. */
export interface StatementCount<T> {
  value: T;
  /** The text of every statement, in order (those inside transactions too). */
  statements: string[];
  /** Transactions opened: each costs a BEGIN and a COMMIT (or ROLLBACK) besides its statements. */
  transactions: number;
  /** Statements plus two per transaction: the waits for the database's answer. */
  roundTrips: number;
}

/**
 * Runs `run` while counting the statements it sends through `db`, inside transactions or not. A
 * request's cost in round trips does not depend on how busy the machine is, so a test can hold a
 * path to a budget. Only for work that runs alone on `db` while it is counted.
 */
export async function countStatements<T>(db: Db, run: () => Promise<T>): Promise<StatementCount<T>> {
  const statements: string[] = [];
  let transactions = 0;
  const counted = (q: Queryable): Queryable => ({
    query<R>(sql: string, params?: unknown[]) {
      statements.push(sql);
      return q.query<R>(sql, params);
    },
  });
  const { query, transaction } = db;
  const target = db as { -readonly [K in keyof Db]: Db[K] };
  target.query = <R>(sql: string, params?: unknown[]) => {
    statements.push(sql);
    return query.call<Db, [string, unknown[] | undefined], Promise<QueryResult<R>>>(db, sql, params);
  };
  target.transaction = <R>(fn: (tx: Queryable) => Promise<R>) => {
    transactions += 1;
    return transaction.call<Db, [(tx: Queryable) => Promise<R>], Promise<R>>(db, (tx) => fn(counted(tx)));
  };
  try {
    const value = await run();
    return { value, statements, transactions, roundTrips: statements.length + 2 * transactions };
  } finally {
    target.query = query;
    target.transaction = transaction;
  }
}
