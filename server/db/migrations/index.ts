import type { Migration } from '../migrate.ts';
import { migration as core } from './20261122_0001_core.ts';

/** Every migration, oldest first. */
export const migrations: Migration[] = [core];
