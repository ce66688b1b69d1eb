import type { Queryable } from '../db/client.ts';

/** The demo home page: the organisation's welcome greeting and two banners (shown with FEATURE_LOGO_BANNER). */
export async function insertHome(db: Queryable, organizationId: string): Promise<void> {
  await db.query('UPDATE organizations SET greeting_title = $2, greeting_message = $3, greeting_title_en = $4, greeting_message_en = $5 WHERE id = $1', [
    organizationId,
    'Selamat datang di ePustaka',
    'Pinjam e-book dari perpustakaan sekolah dan komunitas Anda, lalu baca di ponsel atau komputer. Butuh panduan? Buka Pusat Bantuan dari menu.',
    'Welcome to ePustaka',
    'Borrow e-books from your school and community libraries, then read them on your phone or computer. Need a hand? Open the Help Centre from the menu.',
  ]);
  const banners = [
    { title: 'Pekan Literasi: pinjam dan baca satu buku minggu ini', image: '/banners/literasi.svg', link: '/books', order: 1 },
    { title: 'Baru di Pusat Bantuan: kode QR untuk rak perpustakaan', image: '/banners/bantuan.svg', link: '/help', order: 2 },
  ];
  for (const b of banners) {
    await db.query('INSERT INTO banners (organization_id, title, image_url, link_url, sort_order) VALUES ($1, $2, $3, $4, $5)', [
      organizationId,
      b.title,
      b.image,
      b.link,
      b.order,
    ]);
  }
}
