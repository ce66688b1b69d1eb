/*
 * The limits on calls that reach other people (README "Limits"): how many posts, comments, replies,
 * recommendations, likes, follows, reports and uploads one account, and one client address, may
 * make within a window, how many notifications one person may cause another in an hour, and how
 * many QR scans one address may have counted. Each is read from the environment; 0 turns it off.
 */

/** The throttled writes. */
export const WRITE_ACTIONS = ['post', 'comment', 'reply', 'recommend', 'like', 'follow', 'report', 'upload'] as const;
export type WriteAction = (typeof WRITE_ACTIONS)[number];

/** The name a write's variables start with: `COMMENTS_PER_USER`, `COMMENTS_PER_IP`. */
export const WRITE_LIMIT_VARIABLES: Record<WriteAction, string> = {
  post: 'POSTS',
  comment: 'COMMENTS',
  reply: 'REPLIES',
  recommend: 'RECOMMENDATIONS',
  like: 'LIKES',
  follow: 'FOLLOWS',
  report: 'REPORTS',
  upload: 'UPLOADS',
};

/**
 * Defaults per 10 minutes, far above what a person does by hand. An address is shared by a whole
 * school or office behind one router, so it may make many times what one account may.
 */
export const WRITE_LIMIT_DEFAULTS: Record<WriteAction, { perUser: number; perAddress: number }> = {
  post: { perUser: 10, perAddress: 200 },
  comment: { perUser: 30, perAddress: 600 },
  reply: { perUser: 30, perAddress: 600 },
  recommend: { perUser: 10, perAddress: 200 },
  like: { perUser: 60, perAddress: 2000 },
  follow: { perUser: 30, perAddress: 2000 },
  report: { perUser: 10, perAddress: 100 },
  upload: { perUser: 20, perAddress: 400 },
};

export interface WriteLimits {
  /** Length of the fixed windows the writes are counted in, in seconds (1 to 86400). */
  windowSeconds: number;
  perUser: Record<WriteAction, number>;
  perAddress: Record<WriteAction, number>;
  /** Notifications (and so pushes) one sender may cause one recipient per clock hour. */
  notificationsPerSenderPerHour: number;
  /** QR scans counted per client address within the window. */
  qrScansPerAddress: number;
}

const count = (raw: string | undefined, fallback: number) => (raw && /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : fallback);

/** Reads the limits from the environment, each variable falling back to its default. */
export function readWriteLimits(env: NodeJS.ProcessEnv): WriteLimits {
  const perUser = {} as Record<WriteAction, number>;
  const perAddress = {} as Record<WriteAction, number>;
  for (const action of WRITE_ACTIONS) {
    const name = WRITE_LIMIT_VARIABLES[action];
    perUser[action] = count(env[`${name}_PER_USER`], WRITE_LIMIT_DEFAULTS[action].perUser);
    perAddress[action] = count(env[`${name}_PER_IP`], WRITE_LIMIT_DEFAULTS[action].perAddress);
  }
  return {
    windowSeconds: Math.min(86_400, Math.max(1, count(env.WRITE_LIMIT_WINDOW_SECONDS, 600))),
    perUser,
    perAddress,
    notificationsPerSenderPerHour: count(env.NOTIFICATIONS_PER_SENDER_PER_HOUR, 20),
    qrScansPerAddress: count(env.QR_SCANS_PER_IP, 600),
  };
}
