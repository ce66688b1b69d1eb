import type { Queryable } from '../db/client.ts';
import { ROLE } from '../../src/lib/auth/schema.ts';

/** The demo accounts listed in the README; all use the password `demo12345`. */
export const DEMO_PASSWORD = 'demo12345';

export interface DemoAccount {
  key: string;
  email: string;
  name: string;
  role: number;
  verified: boolean;
  phone: string;
  bio: string | null;
}

export const demoAccounts: DemoAccount[] = [
  { key: 'siswa', email: 'siswa@demo.id', name: 'Sekar Ayu Lestari', role: ROLE.student, verified: true, phone: '0812-3456-7801', bio: 'Siswi kelas XI yang gemar membaca novel dan sejarah.' },
  { key: 'guru', email: 'guru@demo.id', name: 'Bagus Prasetyo', role: ROLE.teacher, verified: true, phone: '0812-3456-7802', bio: 'Guru Bahasa Indonesia.' },
  { key: 'pustakawan', email: 'pustakawan@demo.id', name: 'Ratna Wulandari', role: ROLE.admin, verified: true, phone: '0812-3456-7803', bio: 'Pustakawan SMA Harapan Bangsa.' },
  { key: 'belum', email: 'belum@demo.id', name: 'Dimas Saputra', role: ROLE.student, verified: false, phone: '0812-3456-7804', bio: null },
  { key: 'rina', email: 'rina@demo.id', name: 'Rina Marpaung', role: ROLE.student, verified: true, phone: '0812-3456-7805', bio: 'Suka cerita rakyat Nusantara.' },
  { key: 'yoga', email: 'yoga@demo.id', name: 'I Made Yoga Pratama', role: ROLE.student, verified: true, phone: '0812-3456-7806', bio: null },
  { key: 'andi', email: 'andi@demo.id', name: 'Andi Syamsuddin', role: ROLE.teacher, verified: true, phone: '0812-3456-7807', bio: 'Guru Matematika dan pembina klub robotik.' },
];

/** Inserts the demo accounts with one shared password hash; returns their ids by key. */
export async function insertAccounts(db: Queryable, organizationId: string, passwordHash: string): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  // Their address is in Bandung: they live in its Coblong district, from the real area data.
  const { rows: district } = await db.query<{ code: string }>(
    `SELECT d.code FROM districts d JOIN regencies r ON r.code = d.regency_code
      WHERE d.name ILIKE 'Coblong' AND r.name ILIKE '%Bandung%' ORDER BY d.code LIMIT 1`,
  );
  const districtId = district[0]?.code ?? null;
  for (const a of demoAccounts) {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO users (organization_id, email, password_hash, name, phone, bio, role_code, verified_at, district_id, address)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [organizationId, a.email, passwordHash, a.name, a.phone, a.bio, a.role, a.verified ? new Date().toISOString() : null, districtId, 'Jl. Merdeka No. 17, Bandung'],
    );
    ids.set(a.key, rows[0]!.id);
  }
  return ids;
}
