import type { Db } from '../db/client.ts';
import type { ServerConfig } from '../config.ts';
import { hashPassword } from '../auth/password.ts';
import { DEMO_PASSWORD, insertAccounts } from './accounts.ts';
import { insertCatalogue, type MembershipPlan } from './catalogue.ts';
import { insertActivity } from './activity.ts';
import { insertArticleHistory, insertMediaHistory, insertSocial } from './social.ts';
import { insertHome } from './home.ts';
import { insertCommerce } from './commerce.ts';
import { insertSchools } from './schools.ts';
import { insertSchoolday } from './schoolday.ts';
import { insertQuizzes } from './quizzes.ts';
import { insertClassReading } from './class-reading.ts';
import { books, authors, categories, epustakas } from './content/index.ts';
import { attachDemoBookFiles } from '../reader/demo-books.ts';
import { attachDemoEditions } from './readable-books.ts';
import { insertDemoNews } from './media/news.ts';
import { announcePendingRequests } from './requests.ts';
import { attachDemoMedia } from './media/media.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { openObjectStore } from '../storage/open.ts';

/** True once the product's organisation exists. */
export async function isSeeded(db: Db): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM organizations');
  return rows[0]!.n > 0;
}

/**
 * The demo's memberships: the student is an active member of the big public library only, so she
 * meets the join gate elsewhere; the librarian owns the private school library, where a teacher
 * helps administer it, two members run until the end of the school year and two requests wait.
 */
export const demoMemberships: MembershipPlan = {
  owners: { 'harapan-bangsa': 'pustakawan', nusantara: 'pustakawan' },
  members: [
    { epustaka: 'nusantara', user: 'siswa', status: 1 },
    { epustaka: 'nusantara', user: 'guru', status: 1 },
    { epustaka: 'harapan-bangsa', user: 'guru', status: 1, expiresInDays: 200, admin: true },
    { epustaka: 'harapan-bangsa', user: 'andi', status: 1, expiresInDays: 200 },
    { epustaka: 'harapan-bangsa', user: 'rina', status: 0 },
    { epustaka: 'nusantara', user: 'rina', status: 1 },
    { epustaka: 'pelangi', user: 'rina', status: 1 },
    { epustaka: 'nusantara', user: 'yoga', status: 1 },
    { epustaka: 'harapan-bangsa', user: 'yoga', status: 0 },
    { epustaka: 'nusantara', user: 'andi', status: 1 },
    { epustaka: 'pelangi', user: 'andi', status: 3 },
  ],
};

/**
 * Fills an empty database with the demo organisation, accounts and catalogue, in one transaction,
 * then adds the readable books' files and the generated editions (unless `bookFiles` is false: tests that never open them).
 */
export async function seedDemo(
  db: Db,
  config: ServerConfig,
  options: { log?: (msg: string) => void; bookFiles?: boolean; store?: ObjectStore } = {},
): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD, config.passwordHashCost);
  await db.transaction(async (tx) => {
    await tx.query('INSERT INTO organizations (id, name) VALUES ($1, $2)', [config.organizationId, config.appName]);
    const userIds = await insertAccounts(tx, config.organizationId, passwordHash);
    const bookIds = await insertCatalogue(tx, config.organizationId, { books, authors, categories, epustakas }, userIds, demoMemberships);
    const nusantara = epustakas.find((e) => e.key === 'nusantara')!;
    const { rows } = await tx.query<{ id: string }>('SELECT id FROM epustaka WHERE epustaka_name = $1', [nusantara.name]);
    await insertActivity(tx, userIds, bookIds, rows[0]!.id);
    await announcePendingRequests(tx);
    await insertSocial(tx, userIds, bookIds);
    await insertDemoNews(tx, config.organizationId);
    await insertArticleHistory(tx, config.organizationId);
    await insertHome(tx, config.organizationId);
    await insertCommerce(tx, config.organizationId, userIds, bookIds);
    const school = await insertSchools(tx, config.organizationId, userIds);
    if (school) await insertSchoolday(tx, school, userIds);
    await insertQuizzes(tx, config.organizationId, userIds, school);
    await insertClassReading(tx, userIds, bookIds);
  });
  options.log?.(`demo data ready: ${books.length} books in ${epustakas.length} ePustaka`);
  if (options.bookFiles !== false) {
    const store = options.store ?? openObjectStore(config);
    await attachDemoBookFiles(db, config, store, options.log);
    // Every other book gets a generated edition, so everything the demo lends opens in the reader.
    await attachDemoEditions(db, { store, organizationId: config.organizationId }, options.log);
    await attachDemoMedia(db, { store, organizationId: config.organizationId }, options.log);
    await insertMediaHistory(db, config.organizationId);
  }
}
