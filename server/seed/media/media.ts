import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../db/client.ts';
import { epustakas } from '../content/epustaka.ts';
import { ingestMedia } from '../../media/ingest.ts';
import type { ObjectStore } from '../../storage/object-store.ts';

/**
 * The demo videos and audio (made by scripts/make-demo-media.sh), ingested like a librarian's;
 * each thumbnail is a card of the item's own title.
 */
export const DEMO_MEDIA: { file: string; title: string; epustaka: string; daysAgo: number; description: string }[] = [
  {
    file: 'rekomendasi-klasik.webm',
    title: 'Rekomendasi Empat Buku Klasik Dunia',
    epustaka: 'nusantara',
    daysAgo: 2,
    description: '<p>Empat buku klasik yang bisa dipinjam gratis di ePustaka: <b>Moby-Dick</b>, <b>Alice di Negeri Ajaib</b>, <b>The Waste Land</b> dan <b>Leaves of Grass</b>.</p><p>Cocok untuk klub buku dan tugas resensi.</p>',
  },
  {
    file: 'cara-meminjam.webm',
    title: 'Cara Meminjam Buku Digital',
    epustaka: 'nusantara',
    daysAgo: 5,
    description: '<p>Tiga langkah meminjam buku digital: bergabung dengan perpustakaan, menekan tombol pinjam, lalu membaca langsung di peramban.</p>',
  },
  {
    file: 'tur-perpustakaan.webm',
    title: 'Tur Singkat Perpustakaan SMA Harapan Bangsa',
    epustaka: 'harapan-bangsa',
    daysAgo: 7,
    description: '<p>Mengenal ruang baca dan koleksi perpustakaan sekolah. Khusus untuk anggota Pustaka SMA Harapan Bangsa.</p>',
  },
  {
    file: 'dongeng-kancil.ogg',
    title: 'Dongeng Kancil dan Buaya',
    epustaka: 'nusantara',
    daysAgo: 1,
    description:
      '<p>Dongeng rakyat tentang Kancil yang cerdik menyeberangi sungai dengan menghitung buaya. Dibacakan dalam bahasa Indonesia, cocok untuk anak-anak dan untuk latihan menyimak di kelas bahasa.</p><p>Setelah mendengarkan, ajak anak menceritakan kembali dengan kata-katanya sendiri dan membicarakan apakah cara Kancil itu jujur.</p>',
  },
  {
    file: 'tips-membaca.ogg',
    title: 'Tips Membaca untuk Pelajar',
    epustaka: 'pelangi',
    daysAgo: 4,
    description: '<p>Empat kebiasaan sederhana agar membaca lebih nyaman dan lebih diingat.</p>',
  },
  {
    file: 'pengumuman-perpustakaan.ogg',
    title: 'Pengumuman Jam Layanan Pekan Ujian',
    epustaka: 'harapan-bangsa',
    daysAgo: 3,
    description: '<p>Jam layanan ruang baca selama pekan ujian, khusus untuk anggota perpustakaan sekolah.</p>',
  },
];

const DAY = 86_400_000;

export function demoMediaPath(name: string): string {
  return fileURLToPath(new URL(`./files/${name}`, import.meta.url));
}

/** Ingests the demo media; a database that has them already is left alone. */
export async function attachDemoMedia(db: Db, target: { store: ObjectStore; organizationId: string }, log?: (msg: string) => void): Promise<void> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM media_items WHERE organization_id = $1', [target.organizationId]);
  if (rows[0]!.n > 0) return;
  const now = Date.now();
  for (const item of DEMO_MEDIA) {
    const thumbnail = readFileSync(demoMediaPath(item.file.replace(/\.[^.]+$/, '.jpg')));
    await ingestMedia(db, target, {
      file: new Uint8Array(readFileSync(demoMediaPath(item.file))),
      fileName: item.file,
      title: item.title,
      description: item.description,
      epustaka: epustakas.find((e) => e.key === item.epustaka)!.name,
      thumbnail: new Uint8Array(thumbnail),
      createdAt: new Date(now - item.daysAgo * DAY),
    });
  }
  log?.(`demo media ready: ${DEMO_MEDIA.length} videos and audio`);
}
