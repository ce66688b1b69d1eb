import { createTestContext, type TestContext } from './context.ts';
import { seedDemo } from '../seed/index.ts';

/** A test context holding the demo data as a first `npm start` seeds it (without the books' files). */
export async function createDemoContext(): Promise<TestContext> {
  const ctx = await createTestContext();
  await ctx.db.query('DELETE FROM organizations');
  await seedDemo(ctx.db, ctx.config, { bookFiles: false });
  return ctx;
}
