/** A book category, named in both interface languages. */
export interface SeedCategory {
  /** Stable slug that books refer to. */
  key: string;
  /** Indonesian name, shown by default. */
  name_id: string;
  /** English name. */
  name_en: string;
}

/** A (fictional) author. */
export interface SeedAuthor {
  /** Stable slug that books refer to. */
  key: string;
  /** Full display name. */
  name: string;
}

/** A digital library (ePustaka) that holds books and has members. */
export interface SeedEpustaka {
  /** Stable slug that holdings and membership plans refer to. */
  key: string;
  name: string;
  /** Indonesian description shown on the library page. */
  description: string;
  /** Private libraries only admit members approved by their owner. */
  is_private: boolean;
  /** `L` = lembaga (institution), `P` = perorangan (personal). */
  category: 'L' | 'P';
  /** Loans one member may have open from it at a time; the product's default (5) when absent. */
  max_loans_per_member?: number;
}

/** One copy allotment of a book in a library. */
export interface SeedHolding {
  /** {@link SeedEpustaka.key} of the holding library. */
  epustaka: string;
  /**
   * Number of lendable copies. Meaningful only for DRM books (0 means none left to borrow);
   * open books always use 0, which stands for unlimited.
   */
  copies: number;
}

/** A catalogue entry with its holdings. */
export interface SeedBook {
  /** Unique slug. */
  key: string;
  title: string;
  /** {@link SeedAuthor.key} */
  author: string;
  /** {@link SeedCategory.key} */
  category: string;
  publisher: string;
  publish_year: number;
  /** ISBN-13 digits only, with a valid check digit. */
  isbn: string;
  /** Plain text or simple HTML; may contain markup that clients must sanitise. */
  description: string;
  language: 'id' | 'en';
  pages: number;
  /** True for copy-limited (borrowed) books, false for open books. */
  using_drm: boolean;
  /** Libraries holding the book: one to three. */
  holdings: SeedHolding[];
}
