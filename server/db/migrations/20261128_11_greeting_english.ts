import type { Migration } from '../migration.ts';

/**
 * The organisation's welcome greeting in English beside the Indonesian one: a caller whose
 * language is English gets it, anyone else (or everyone, while it is empty) the Indonesian one.
 */
export const migration: Migration = {
  id: '20261128_11_greeting_english',
  up: `
    ALTER TABLE organizations ADD COLUMN greeting_title_en text, ADD COLUMN greeting_message_en text;
  `,
  down: `
    ALTER TABLE organizations DROP COLUMN greeting_message_en, DROP COLUMN greeting_title_en;
  `,
};
