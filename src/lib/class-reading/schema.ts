import { z } from 'zod';
import { limitParam, offsetParam, uuidField } from '../contract/params.ts';
import { CLASS_READING_PAGE, CLASS_READING_PAGE_MAX, MEMBER_ACTIVITY_PAGE, MEMBER_ACTIVITY_PAGE_MAX } from './values.ts';

/*
 * The contract of reading in class: what a class's teachers (and its school's admins) see of the
 * students' reading, the books recommended to a class, and what a library's owner and admins see
 * of its members' loans and reviews. Times are ISO 8601 UTC. Fields of reading data whose feature
 * is off (FEATURE_READING_PROGRESS, FEATURE_READING_DURATION) are absent, not null.
 */

/** GET webhook/class-reading: a class's reading, its students paged by name. */
export const classReadingQuerySchema = z.object({
  class_id: uuidField('invalid_class_id'),
  limit: limitParam(CLASS_READING_PAGE, CLASS_READING_PAGE_MAX),
  offset: offsetParam,
});
export type ClassReadingQuery = z.input<typeof classReadingQuerySchema>;

/** POST webhook/class-recommendation: recommend a catalogue book to every student of a class. */
export const classRecommendationSchema = z.object({
  class_id: uuidField('invalid_class_id'),
  book_id: uuidField('invalid_book_id'),
});
export type ClassRecommendationInput = z.input<typeof classRecommendationSchema>;

/** GET webhook/epustaka-member-loan-list and epustaka-member-review-list. */
export const memberActivityQuerySchema = z.object({
  epustaka_id: uuidField('invalid_epustaka_id'),
  limit: limitParam(MEMBER_ACTIVITY_PAGE, MEMBER_ACTIVITY_PAGE_MAX),
  offset: offsetParam,
});
export type MemberActivityQuery = z.input<typeof memberActivityQuerySchema>;

/** A class the caller may see the reading of: one they teach, or one of a school they administer. */
export interface ReadingClass {
  id: string;
  name: string;
  school_id: string;
  school_name: string;
  /** `teacher` when the caller teaches it, else `admin`. */
  role: 'teacher' | 'admin';
  student_count: number;
}

/** Which reading data is kept, so which columns there are. */
export interface ReadingColumns {
  progress: boolean;
  duration: boolean;
}

/** Where a reader is in a book. */
export interface BookProgress {
  last_page: number;
  total_page: number;
}

/** A book a student borrowed: an open loan, or one begun within the last days. */
export interface StudentBook {
  book_id: string;
  title: string;
  borrowed_at: string;
  due_at: string;
  /** True while the loan is open. */
  current: boolean;
  /** Absent when progress is not kept; null when the student has not opened it. */
  progress?: BookProgress | null;
  /** Seconds read in this book; absent when reading time is not kept. */
  seconds_read?: number;
}

/** One student's reading. */
export interface StudentReading {
  user_id: string;
  name: string;
  /** Loans open now. */
  open_loans: number;
  /** Different books borrowed this month (the school's calendar month). */
  books_this_month: number;
  /** Books read to their last page; absent when progress is not kept. */
  books_finished?: number;
  /** Seconds read in all books; absent when reading time is not kept. */
  seconds_read?: number;
  reviews: number;
  books: StudentBook[];
}

/** The class's sums over all its students. */
export interface ClassReadingTotals {
  students: number;
  /** Students with a loan open now. */
  reading_now: number;
  books_this_month: number;
  books_finished?: number;
  seconds_read?: number;
  reviews: number;
}

/** A review by someone, as these lists show it. */
export interface ReadingReview {
  id: string;
  user: { id: string; name: string };
  book: { id: string; title: string };
  rating_level: number;
  /** The review's text, at most REVIEW_EXCERPT_CHARS characters. */
  excerpt: string;
  created_at: string;
}

/** A book recommended to the class. */
export interface ClassRecommendation {
  id: string;
  book: { id: string; title: string };
  recommended_by: { id: string; name: string } | null;
  created_at: string;
}

/** GET webhook/class-reading's data. */
export interface ClassReading {
  class: { id: string; name: string; school_name: string };
  /** The month `books_this_month` counts, YYYY-MM in the school's zone. */
  month: string;
  columns: ReadingColumns;
  totals: ClassReadingTotals;
  students: StudentReading[];
  reviews: ReadingReview[];
  recommendations: ClassRecommendation[];
}

/** POST webhook/class-recommendation's data. */
export interface ClassRecommendationResult {
  id: string;
  /** Students told. */
  notified: number;
}

/** A loan from a library, as its owner and admins see it. */
export interface MemberLoan {
  id: string;
  user: { id: string; name: string };
  book: { id: string; title: string };
  borrowed_at: string;
  due_at: string;
  /** When it ended (returned, or its due time once past); null while open. */
  ended_at: string | null;
}

/** The counts over a library's members' loans and reviews. */
export interface MemberActivitySummary {
  open_loans: number;
  loans_last_30_days: number;
  reviews: number;
}

/** GET webhook/reading-visibility: who may see the caller's reading, and which of it is kept. */
export interface ReadingVisibility {
  columns: ReadingColumns;
  /** The classes the caller studies in: their teachers and their school's admins see the caller's reading. */
  classes: { id: string; name: string; school_name: string }[];
  /** The libraries the caller is a member of: their owners and admins see the caller's loans from them and reviews of their books. */
  libraries: { id: string; name: string }[];
}
