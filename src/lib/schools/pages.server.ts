import type { AstroGlobal } from 'astro';
import { serverApi } from '../bff/api-client.server.ts';
import { getMySchools } from './api.ts';
import type { MySchool } from './schema.ts';

/**
 * The caller's school memberships for a school page, or null when they could not be read (the
 * page then says so instead of showing an empty list).
 */
export async function loadMySchools(astro: AstroGlobal): Promise<MySchool[] | null> {
  try {
    return await getMySchools(await serverApi(astro));
  } catch (error) {
    console.error(`The school memberships could not be loaded for ${astro.url.pathname}`, error);
    return null;
  }
}
