import { z } from 'zod';
import { limitParam } from './params.ts';
import type { BookListItem } from './catalogue.ts';

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
