import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from 'playwright/test';
import { test } from './support/console-guard.ts';
import { signIn } from './support/auth.ts';
import { hydrated, open } from './support/pages.ts';

/*
 * axe-core over the pages of orders, payments, tryouts, a teacher's quizzes, schools, the school day
 * (with the event form open) and reading in class (a class's reading, a library's members' reading,
 * the student's reading-visibility notice in settings), as the people who use them see them (the
 * demo student, teachers and school admin, with the demo data), in both languages: no serious or
 * critical violation, and no text shown as its key.
 */

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const RAW_KEY = /\b(?:commerce|quizzes|schools|schoolday|classReading|libraries|account|common|errors|apiErrors)\.[a-zA-Z]+\.[a-zA-Z.]+\b/;

test.use({ bypassCSP: true });

interface Violation {
  id: string;
  impact: string | null;
  nodes: number;
  target: string;
}

async function serious(page: Page): Promise<Violation[]> {
  await hydrated(page);
  await page.evaluate(AXE);
  const all = (await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length, target: JSON.stringify(v.nodes[0]?.target ?? '') }));
  })) as Violation[];
  return all.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** The first link on `path` whose address starts with `prefix` (or holds `part`, when given). */
async function firstLink(page: Page, path: string, prefix: string, part?: string): Promise<string> {
  await open(page, path);
  const href = await page.locator(part ? `main a[href*="${part}"]` : `main a[href^="${prefix}"]`).first().getAttribute('href');
  expect(href, `a link to ${part ?? prefix}… on ${path}`).toBeTruthy();
  return href!;
}

/** A page to check, and what to open on it first (a form behind a button), named in the report. */
interface Visit {
  path: string;
  name?: string;
  act?: (page: Page) => Promise<void>;
}

/** /schedule with the new-event form open. */
const EVENT_FORM: Visit = {
  path: '/schedule',
  name: '/schedule (event form)',
  act: async (page) => {
    await hydrated(page);
    await page.locator('[data-new-event] summary').click();
    await expect(page.locator('[data-event-form]')).toBeVisible();
  },
};

const PEOPLE = {
  student: { email: 'siswa@demo.id', paths: ['/tryout', '/schedule', '/school', '/payment', '/donation', '/more-edoo-toys', '/transaction', '/setting'] },
  teacher: { email: 'andi@demo.id', paths: ['/schedule', '/quiz/teacher', '/quiz/teacher/new'] },
  classTeacher: { email: 'guru@demo.id', paths: ['/school'] },
  admin: { email: 'pustakawan@demo.id', paths: ['/school/admin', '/more-book-donation', '/more-edoo-toys'] },
} as const;

for (const lang of ['id', 'en'] as const) {
  for (const [who, { email, paths }] of Object.entries(PEOPLE)) {
    test(`${who}'s order, tryout and school pages in ${lang}: no serious axe violation, no raw text key`, async ({ page, context, baseURL }) => {
      test.setTimeout(120_000);
      await signIn(page, email);
      await context.addCookies([{ name: 'langActive', value: lang, url: baseURL! }]);
      const visit: (string | Visit)[] = [...paths];
      if (who === 'student') {
        const quiz = await firstLink(page, '/tryout', '/quiz/detail/');
        visit.push(quiz, await firstLink(page, '/schedule', '/detail-schedule/'), quiz.replace('/quiz/detail/', '/quiz/result/'));
      }
      if (who === 'teacher') {
        visit.push(await firstLink(page, '/schedule', '/detail-schedule/'));
        const results = await firstLink(page, '/quiz/teacher', '/quiz/teacher/results/');
        visit.push(results, results.replace('/quiz/teacher/results/', '/quiz/teacher/'));
      }
      if (who === 'classTeacher') visit.push(await firstLink(page, '/school', '/school/class-reading?class='), EVENT_FORM);
      if (who === 'admin') {
        const library = await firstLink(page, '/more-epustaka?q=Perpustakaan%20Digital%20Nusantara', '/epustaka/');
        visit.push(await firstLink(page, library, '', 'tab=member-reading'));
      }
      const found: string[] = [];
      for (const item of visit) {
        const { path, name = path, act } = typeof item === 'string' ? { path: item } : item;
        await open(page, path);
        if (act) await act(page);
        for (const v of await serious(page)) found.push(`${name}: ${v.id} [${v.impact}] ×${v.nodes} at ${v.target}`);
        const text = await page.locator('main').innerText();
        const raw = text.match(RAW_KEY);
        if (raw) found.push(`${name}: text shown as its key ${raw[0]}`);
      }
      expect(found).toEqual([]);
    });
  }
}
