import type { SeedEpustaka } from './types.ts';

/** The demo libraries: institutions and personal reading rooms, public and private. */
export const epustakas: SeedEpustaka[] = [
  {
    key: 'nusantara',
    name: 'Perpustakaan Digital Nusantara',
    description:
      'Perpustakaan digital terbuka untuk seluruh masyarakat Indonesia. Koleksinya mencakup fiksi, sejarah, sains, agama, hingga buku pelajaran, dan dapat dipinjam kapan saja dari mana saja.',
    is_private: false,
    category: 'L',
    // The big public library lends generously; the others keep the default of 5.
    max_loans_per_member: 50,
  },
  {
    key: 'harapan-bangsa',
    name: 'Pustaka SMA Harapan Bangsa',
    description:
      'Perpustakaan sekolah khusus untuk siswa, guru, dan staf SMA Harapan Bangsa. Berisi buku pelajaran, bacaan wajib, dan referensi persiapan ujian. Keanggotaan memerlukan persetujuan pustakawan.',
    is_private: true,
    category: 'L',
  },
  {
    key: 'pelangi',
    name: 'Taman Baca Pelangi',
    description:
      'Taman baca yang dikelola secara swadaya untuk anak-anak dan keluarga. Kami mengumpulkan cerita rakyat, buku bergambar, dan bacaan ringan agar gemar membaca tumbuh sejak dini.',
    is_private: false,
    category: 'P',
  },
  {
    key: 'kampus-merapi',
    name: 'Perpustakaan Politeknik Lereng Merapi',
    description:
      'Koleksi digital Politeknik Lereng Merapi untuk mahasiswa dan dosen: teknologi, pertanian, ekonomi, dan kewirausahaan. Akses terbatas bagi sivitas akademika yang terdaftar.',
    is_private: true,
    category: 'L',
  },
  {
    key: 'rumah-baca-tepian',
    name: 'Rumah Baca Tepian Mahakam',
    description:
      'Rumah baca keluarga di tepi Sungai Mahakam yang membuka koleksinya untuk warga sekitar. Fokus pada sastra, budaya daerah, dan keterampilan sehari-hari.',
    is_private: false,
    category: 'P',
  },
  {
    key: 'majelis-ilmu',
    name: 'Pustaka Majelis Ilmu Al-Hikmah',
    description:
      'Perpustakaan komunitas pengajian Al-Hikmah yang menyediakan bacaan keagamaan, sejarah Islam Nusantara, dan pengembangan diri bagi jamaah terdaftar.',
    is_private: true,
    category: 'L',
  },
];
