import { z } from 'zod';
import { limitParam, searchParam } from '../contract/params.ts';
import type { BookListItem } from '../catalogue/schema.ts';

/* The signed-in home (spec 03 §2.2, §7.2): webhook/banners, book-home and greeting. */

export const bookHomeQuerySchema = z.object({ limit: limitParam(12, 30) });

/** A home page banner (shown while FEATURE_LOGO_BANNER is on). */
export interface Banner {
  id: string;
  title: string;
  image_url: string;
  /** A path on this site, or null. */
  link_url: string | null;
}

export interface BookHomeCategory {
  category_id: string;
  category_name: string;
  category_name_en: string | null;
  books: BookListItem[];
}

/** webhook/book-home: the home page's rows. */
export interface BookHome {
  new: BookListItem[];
  popular: BookListItem[];
  categories: BookHomeCategory[];
}

/** webhook/greeting: the welcome greeting dialog, or null when the organisation has none. */
export interface Greeting {
  greeting_title: string;
  greeting_message: string;
}

export const publicHomeQuerySchema = z.object({ q: searchParam });

/** A book as the signed-out front door lists it. */
export interface PublicBookCard {
  id: string;
  book_title: string;
  author_name: string | null;
  cover_url: string | null;
}

export interface PublicLibrary {
  id: string;
  epustaka_name: string;
  epustaka_description: string | null;
  book_count: number;
}

/** webhook/public-home: the front door for visitors; `results` only with `q`. */
export interface PublicHome {
  new: PublicBookCard[];
  popular: PublicBookCard[];
  libraries: PublicLibrary[];
  results: PublicBookCard[] | null;
}
