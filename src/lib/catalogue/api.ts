import type { HttpClient } from '../http/http.ts';
import type { ItemBody, ListBody } from '../contract/common.ts';
import type { Author, BookDetail, BookDetailQuery, BookFilter, BookListItem, Category, BorrowHolding, NamedListQuery, PublicBookDetail, SitemapEntry, SitemapQuery } from './schema.ts';
import type { Borrower, BorrowerListQuery, BorrowInput, BorrowResponse, CollectionOwner, CollectionOwnerQuery, EpustakaBorrowQuery, JoinEpustakaInput, JoinResult, QueueEntry, QueueJoinInput, QueueJoinResult, QueueListQuery } from '../lending/schema.ts';
import type { Rating, RatingCreateInput, RatingDetail, RatingListMeta, RatingReportInput, RatingUpdateInput } from '../ratings/schema.ts';
import type { FeedRecommendationInput, FeedResult, Follower, FollowerListQuery, FollowResult } from '../social/schema.ts';

/*
 * The book catalogue's calls (spec 01 §7.2). Each takes the HTTP client first, so islands pass
 * the browser's `api` and pages their `serverApi(Astro)`.
 */

export interface BookListParams {
  limit?: number;
  offset?: number;
  sort?: string;
  filter?: BookFilter;
  q?: string;
  available?: boolean;
  epustaka_id?: string;
}

/** GET webhook/book-list. */
export function getBookList(http: HttpClient, params: BookListParams): Promise<ListBody<BookListItem>> {
  return http.get<ListBody<BookListItem>>('webhook/book-list', { ...params });
}

/** GET webhook/book-recommendation (most borrowed first unless sorted otherwise). */
export function getBookRecommendation(http: HttpClient, params: BookListParams): Promise<ListBody<BookListItem>> {
  return http.get<ListBody<BookListItem>>('webhook/book-recommendation', { ...params });
}

/** GET webhook/book-category-list. */
export function getCategories(http: HttpClient, params: NamedListQuery): Promise<ListBody<Category>> {
  return http.get<ListBody<Category>>('webhook/book-category-list', { ...params });
}

/** GET webhook/book-author-list. */
export function getAuthors(http: HttpClient, params: NamedListQuery): Promise<ListBody<Author>> {
  return http.get<ListBody<Author>>('webhook/book-author-list', { ...params });
}

/** GET webhook/book-detail. */
export async function getBookDetail(http: HttpClient, params: BookDetailQuery): Promise<BookDetail> {
  return (await http.get<ItemBody<BookDetail>>('webhook/book-detail', { ...params })).data;
}

/** GET webhook/public-book-detail: what anyone may see. */
export async function getPublicBookDetail(http: HttpClient, params: { book_id: string }): Promise<PublicBookDetail> {
  return (await http.get<ItemBody<PublicBookDetail>>('webhook/public-book-detail', params)).data;
}

/** GET webhook/public-book-sitemap: public books, oldest first. */
export function getPublicBookSitemap(http: HttpClient, params: SitemapQuery): Promise<ListBody<SitemapEntry>> {
  return http.get<ListBody<SitemapEntry>>('webhook/public-book-sitemap', { ...params });
}

/** GET webhook/epustaka-borrow: the ePustaka holding a book, with the caller's membership of each. */
export async function getEpustakaBorrow(http: HttpClient, params: EpustakaBorrowQuery): Promise<BorrowHolding[]> {
  return (await http.get<ListBody<BorrowHolding>>('webhook/epustaka-borrow', { ...params })).data;
}

/** POST webhook/join-epustaka-member. */
export async function joinEpustaka(http: HttpClient, body: JoinEpustakaInput): Promise<JoinResult> {
  return (await http.post<ItemBody<JoinResult>>('webhook/join-epustaka-member', body)).data;
}

/** POST webhook/borrow: `code` is 'SUCCESS' on success; failures reject with the server's errors. */
export function postBorrow(http: HttpClient, body: BorrowInput): Promise<BorrowResponse> {
  return http.post<BorrowResponse>('webhook/borrow', body);
}

/** POST webhook/book-queue. */
export async function joinQueue(http: HttpClient, body: QueueJoinInput): Promise<QueueJoinResult> {
  return (await http.post<ItemBody<QueueJoinResult>>('webhook/book-queue', body)).data;
}

/** GET webhook/book-queue. */
export function getQueue(http: HttpClient, params: QueueListQuery): Promise<ListBody<QueueEntry>> {
  return http.get<ListBody<QueueEntry>>('webhook/book-queue', { ...params });
}

/** GET webhook/book-borrower-list (`all` for everyone who ever borrowed). */
export function getBorrowers(http: HttpClient, params: Omit<BorrowerListQuery, 'all'> & { all?: boolean }): Promise<ListBody<Borrower>> {
  return http.get<ListBody<Borrower>>('webhook/book-borrower-list', { ...params });
}

/** GET webhook/collection-owner. */
export function getCollectionOwners(http: HttpClient, params: CollectionOwnerQuery): Promise<ListBody<CollectionOwner>> {
  return http.get<ListBody<CollectionOwner>>('webhook/collection-owner', { ...params });
}

/** GET webhook/book-rating: a book's reviews, newest first (limit 99999, spec 01 §9). */
export function getRatings(http: HttpClient, params: { book_id: string; limit?: number; offset?: number }): Promise<{ data: Rating[]; meta: RatingListMeta }> {
  return http.get<{ data: Rating[]; meta: RatingListMeta }>('webhook/book-rating', { limit: 99999, ...params });
}

/** GET webhook/book-rating-detail: a review with a page of its replies. */
export function getRatingDetail(
  http: HttpClient,
  params: { rating_id: string; limit?: number; offset?: number },
): Promise<{ data: RatingDetail; meta: { total: number; limit: number; offset: number } }> {
  return http.get('webhook/book-rating-detail', { ...params });
}

/** POST webhook/book-rating: a review, or a reply with `parent_id`. */
export async function postRating(http: HttpClient, body: RatingCreateInput): Promise<Rating> {
  return (await http.post<ItemBody<Rating>>('webhook/book-rating', body)).data;
}

/** PUT webhook/book-rating. */
export async function putRating(http: HttpClient, body: RatingUpdateInput): Promise<Rating> {
  return (await http.put<ItemBody<Rating>>('webhook/book-rating', body)).data;
}

/** DELETE webhook/book-rating. */
export async function deleteRating(http: HttpClient, body: { rating_id: string }): Promise<void> {
  await http.delete('webhook/book-rating', body);
}

/** PUT webhook/book-rating-report. A second report rejects with `already_reported`. */
export async function reportRating(http: HttpClient, body: RatingReportInput): Promise<void> {
  await http.put('webhook/book-rating-report', body);
}

/** POST webhook/user-follow. */
export async function followUser(http: HttpClient, body: { user_id: string }): Promise<FollowResult> {
  return (await http.post<ItemBody<FollowResult>>('webhook/user-follow', body)).data;
}

/** DELETE webhook/user-follow; `id` is the follow_id. */
export async function unfollowUser(http: HttpClient, body: { id: string }): Promise<FollowResult> {
  return (await http.delete<ItemBody<FollowResult>>('webhook/user-follow', body)).data;
}

/** GET webhook/follower. */
export function getFollowers(http: HttpClient, params: FollowerListQuery): Promise<ListBody<Follower>> {
  return http.get<ListBody<Follower>>('webhook/follower', { ...params });
}

/** POST webhook/feed: recommend a book. */
export async function postRecommendation(http: HttpClient, body: FeedRecommendationInput): Promise<FeedResult> {
  return (await http.post<ItemBody<FeedResult>>('webhook/feed', body)).data;
}
