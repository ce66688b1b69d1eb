import type { HttpClient } from '../http/http.ts';
import type { ItemBody, ListBody } from '../contract/common.ts';
import type {
  ClassReading,
  ClassReadingQuery,
  ClassRecommendationInput,
  ClassRecommendationResult,
  MemberActivityQuery,
  MemberActivitySummary,
  MemberLoan,
  ReadingClass,
  ReadingReview,
  ReadingVisibility,
} from './schema.ts';

/* Calls of reading in class and of a library's members' reading. */

/** GET webhook/class-reading-classes. */
export async function getReadingClasses(http: HttpClient): Promise<ReadingClass[]> {
  return (await http.get<ItemBody<ReadingClass[]>>('webhook/class-reading-classes')).data;
}

/** GET webhook/class-reading: the class's reading, with `meta.total` students. */
export function getClassReading(http: HttpClient, query: ClassReadingQuery): Promise<{ data: ClassReading; meta: { total: number; limit: number; offset: number } }> {
  return http.get('webhook/class-reading', { ...query });
}

/** POST webhook/class-recommendation. */
export async function postClassRecommendation(http: HttpClient, input: ClassRecommendationInput): Promise<ClassRecommendationResult> {
  return (await http.post<ItemBody<ClassRecommendationResult>>('webhook/class-recommendation', input)).data;
}

/** GET webhook/epustaka-member-loan-list, with the summary counts in `meta.summary`. */
export function getMemberLoans(http: HttpClient, query: MemberActivityQuery): Promise<ListBody<MemberLoan> & { meta: { summary: MemberActivitySummary } }> {
  return http.get('webhook/epustaka-member-loan-list', { ...query });
}

/** GET webhook/epustaka-member-review-list. */
export function getMemberReviews(http: HttpClient, query: MemberActivityQuery): Promise<ListBody<ReadingReview>> {
  return http.get('webhook/epustaka-member-review-list', { ...query });
}

/** GET webhook/reading-visibility. */
export async function getReadingVisibility(http: HttpClient): Promise<ReadingVisibility> {
  return (await http.get<ItemBody<ReadingVisibility>>('webhook/reading-visibility')).data;
}
