/** One schema change: `up` applies it, `down` reverts it; `id` orders it (a timestamp). */
export interface Migration {
  id: string;
  up: string;
  down: string;
}
