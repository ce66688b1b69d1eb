import type { AstroGlobal } from 'astro';
import { serverApi } from '../bff/api-client.server.ts';
import { ApiError } from '../http/errors.ts';
import * as calls from './api.ts';
import { offsetOfPage } from './rules.ts';
import type { ClassReading, MemberActivitySummary, MemberLoan, ReadingClass, ReadingReview, ReadingVisibility } from './schema.ts';
import { CLASS_READING_PAGE, MEMBER_ACTIVITY_PAGE } from './values.ts';

/*
 * Page loaders of reading in class (/school/class-reading), of the school page's links to it, of a
 * library's members' tab and of the settings notice. A refused class reads as not found: the page
 * shows nothing of it.
 */

/** What /school/class-reading shows. */
export type ClassReadingPage =
  | { kind: 'ok'; classes: ReadingClass[]; reading: ClassReading; total: number; offset: number; limit: number }
  | { kind: 'noClasses' }
  | { kind: 'notFound'; classes: ReadingClass[] }
  | { kind: 'failed' };

/** /school/class-reading?class=&page=: the chosen class (else the first the caller may see), one page of its students. */
export async function loadClassReadingPage(astro: AstroGlobal): Promise<ClassReadingPage> {
  const http = await serverApi(astro);
  let classes: ReadingClass[];
  try {
    classes = await calls.getReadingClasses(http);
  } catch (error) {
    console.error('The classes for reading could not be loaded', error);
    return { kind: 'failed' };
  }
  const asked = astro.url.searchParams.get('class');
  const classId = asked ?? classes[0]?.id;
  if (!classId) return { kind: 'noClasses' };
  const offset = offsetOfPage(astro.url.searchParams.get('page'), CLASS_READING_PAGE);
  try {
    const { data, meta } = await calls.getClassReading(http, { class_id: classId, limit: CLASS_READING_PAGE, offset });
    return { kind: 'ok', classes, reading: data, total: meta.total, offset, limit: CLASS_READING_PAGE };
  } catch (error) {
    if (error instanceof ApiError && [400, 403, 404].includes(error.status ?? 0)) return { kind: 'notFound', classes };
    console.error(`The reading of class ${classId} could not be loaded`, error);
    return { kind: 'failed' };
  }
}

/** The classes whose reading the caller may see (for the school page's links); empty when none or on failure. */
export async function loadReadingClasses(astro: AstroGlobal): Promise<ReadingClass[]> {
  try {
    return await calls.getReadingClasses(await serverApi(astro));
  } catch (error) {
    console.error('The classes for reading could not be loaded', error);
    return [];
  }
}

/** A library's members' loans (paged by `?page=`) and latest reviews, for its owner and admins; null on failure. */
export async function loadMemberActivity(
  astro: AstroGlobal,
  epustakaId: string,
): Promise<{ loans: MemberLoan[]; total: number; offset: number; limit: number; summary: MemberActivitySummary; reviews: ReadingReview[]; reviewTotal: number } | null> {
  try {
    const http = await serverApi(astro);
    const offset = offsetOfPage(astro.url.searchParams.get('page'), MEMBER_ACTIVITY_PAGE);
    const loans = await calls.getMemberLoans(http, { epustaka_id: epustakaId, limit: MEMBER_ACTIVITY_PAGE, offset });
    const reviews = await calls.getMemberReviews(http, { epustaka_id: epustakaId, limit: MEMBER_ACTIVITY_PAGE, offset: 0 });
    return { loans: loans.data, total: loans.meta.total, offset, limit: MEMBER_ACTIVITY_PAGE, summary: loans.meta.summary, reviews: reviews.data, reviewTotal: reviews.meta.total };
  } catch (error) {
    console.error(`The members' reading of ePustaka ${epustakaId} could not be loaded`, error);
    return null;
  }
}

/** Who sees the caller's reading, for the settings notice; null on failure (the notice then names every kind of data). */
export async function loadReadingVisibility(astro: AstroGlobal): Promise<ReadingVisibility | null> {
  try {
    return await calls.getReadingVisibility(await serverApi(astro));
  } catch (error) {
    console.error('Who sees the reading could not be loaded', error);
    return null;
  }
}
