import type { Queryable } from '../db/client.ts';

/** A stored browser subscription. */
export interface PushSubscriptionRow {
  id: string;
  user_id: string;
  session_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  lang: string;
}

/**
 * Stores the subscription for the user's session, or renews it (keys, language, session) when the
 * endpoint is already the user's or its session has ended. Answers null when the endpoint belongs to
 * another user's live session (nothing is changed then).
 */
export async function upsertSubscription(
  db: Queryable,
  input: { userId: string; sessionId: string; endpoint: string; p256dh: string; auth: string; lang: string },
): Promise<PushSubscriptionRow | null> {
  const { rows } = await db.query<PushSubscriptionRow>(
    `INSERT INTO push_subscriptions (user_id, session_id, endpoint, p256dh, auth, lang) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (endpoint) DO UPDATE
       SET user_id = EXCLUDED.user_id, session_id = EXCLUDED.session_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth,
           lang = EXCLUDED.lang, created_at = now()
       WHERE push_subscriptions.user_id = EXCLUDED.user_id
          OR NOT EXISTS (SELECT 1 FROM sessions s WHERE s.id = push_subscriptions.session_id AND s.revoked_at IS NULL)
     RETURNING id, user_id, session_id, endpoint, p256dh, auth, lang`,
    [input.userId, input.sessionId, input.endpoint, input.p256dh, input.auth, input.lang],
  );
  return rows[0] ?? null;
}

/** Keeps the user's newest `keep` subscriptions and drops the rest. */
export async function trimSubscriptions(db: Queryable, userId: string, keep: number): Promise<void> {
  await db.query(
    `DELETE FROM push_subscriptions WHERE user_id = $1 AND id NOT IN (
       SELECT id FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2)`,
    [userId, keep],
  );
}

/** Removes the user's subscription at `endpoint`; answers its session, or null when the user has none there. */
export async function deleteUserSubscription(db: Queryable, userId: string, endpoint: string): Promise<string | null> {
  const { rows } = await db.query<{ session_id: string }>('DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2 RETURNING session_id', [userId, endpoint]);
  return rows[0]?.session_id ?? null;
}

/** Forgets the session's push token when it is the removed subscription. */
export async function clearSessionPushToken(db: Queryable, sessionId: string, endpoint: string): Promise<void> {
  await db.query('UPDATE sessions SET fcm_token = NULL WHERE id = $1 AND strpos(fcm_token, $2) > 0', [sessionId, endpoint]);
}

/** Removes a subscription the push service says is gone (404/410). */
export async function deleteSubscriptionById(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM push_subscriptions WHERE id = $1', [id]);
}

/** A notification to push to one subscription. */
export interface PendingPush {
  notification_id: string;
  event: string;
  params: Record<string, string | number>;
  link: string;
  subscription_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  lang: string;
}

/**
 * Claims the committed notifications of subscribed users made in the last `windowMinutes` and not
 * yet pushed (each once, whichever server claims it first), and answers them with every
 * subscription of their user that existed when they were made.
 */
export async function claimPendingPushes(db: Queryable, windowMinutes: number): Promise<PendingPush[]> {
  const { rows } = await db.query<PendingPush>(
    `WITH claimed AS (
       INSERT INTO push_deliveries (notification_id)
       SELECT DISTINCT n.id
         FROM (SELECT DISTINCT user_id FROM push_subscriptions) s
         JOIN notifications n ON n.user_id = s.user_id
        WHERE n.created_at > now() - make_interval(mins => $1::int)
          AND NOT EXISTS (SELECT 1 FROM push_deliveries d WHERE d.notification_id = n.id)
       ON CONFLICT (notification_id) DO NOTHING
       RETURNING notification_id
     )
     SELECT n.id AS notification_id, n.event, n.params, n.link,
            p.id AS subscription_id, p.endpoint, p.p256dh, p.auth, p.lang
       FROM claimed c
       JOIN notifications n ON n.id = c.notification_id
       JOIN push_subscriptions p ON p.user_id = n.user_id AND p.created_at <= n.created_at + interval '1 second'
       JOIN sessions ss ON ss.id = p.session_id AND ss.revoked_at IS NULL
      ORDER BY n.created_at, n.id`,
    [windowMinutes],
  );
  return rows;
}

/** Forgets deliveries older than the claim window (they can never be claimed again). */
export async function pruneDeliveries(db: Queryable, olderThanMinutes: number): Promise<void> {
  await db.query('DELETE FROM push_deliveries WHERE created_at < now() - make_interval(mins => $1::int)', [olderThanMinutes]);
}
