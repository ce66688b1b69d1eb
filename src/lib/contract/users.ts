/** How the API shows another user in lists and as the sender of a review or post. */

/** A user as lists show them; `followed`/`follow_id` are relative to the caller. */
export interface UserBrief {
  id: string;
  name: string;
  avatar_url: string | null;
  followed: boolean;
  /** The caller's follow of this user (for DELETE webhook/user-follow), or null. */
  follow_id: string | null;
}

/** A user as a review's sender. */
export interface Sender {
  id: string;
  name: string;
  avatar_url: string | null;
}
