import type { Queryable } from '../db/client.ts';

/** An organisation as the profile names it. */
export interface OrganizationBrief {
  id: string;
  name: string;
  logo_url: string | null;
}

/** The organisation's id, name and logo, or null when there is no such organisation. */
export async function findOrganization(db: Queryable, organizationId: string): Promise<OrganizationBrief | null> {
  const { rows } = await db.query<OrganizationBrief>('SELECT id, name, logo_url FROM organizations WHERE id = $1', [organizationId]);
  return rows[0] ?? null;
}
