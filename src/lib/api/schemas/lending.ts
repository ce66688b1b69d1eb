/** A copy held for the caller after their turn in a queue came (README, "Queue offers"). */
export interface QueueOffer {
  /** The ePustaka holding the copy. */
  epustaka_id: string;
  /** Until when only the caller may borrow it (ISO 8601). */
  expires_at: string;
}

/** The error code of a borrow or queue request for a book without a file the web readers open. */
export const NOT_WEB_READABLE = 'not_web_readable';
