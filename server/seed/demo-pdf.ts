import { buildTextPdf, type PdfChapter, type TextPdf } from './pdf-writer.ts';

/** The demo's own PDF book: a reader's guide to the digital library, in Indonesian. */
export const GUIDE_TITLE = 'Panduan Membaca di Perpustakaan Digital';
export const GUIDE_AUTHOR = 'Tim ePustaka';
export const GUIDE_SUBJECT = 'Panduan singkat untuk anggota: cara meminjam, membaca, menandai halaman, mengantre dan menulis ulasan buku digital.';

const chapters: PdfChapter[] = [
  {
    title: 'Pengantar',
    paragraphs: [
      'Perpustakaan digital membuka pintu yang sama bagi setiap anggota: siswa, guru, pustakawan dan masyarakat umum. Buku dapat dibaca di peramban tanpa memasang aplikasi tambahan, baik di komputer sekolah, laptop di rumah, maupun telepon genggam di perjalanan.',
      'Panduan ini menjelaskan kebiasaan membaca yang baik dan langkah-langkah yang paling sering dibutuhkan pembaca: bergabung dengan perpustakaan, meminjam buku, membaca dengan nyaman, menandai halaman, mengantre ketika salinan habis, dan berbagi pendapat melalui ulasan.',
      'Setiap bab dapat dibaca secara terpisah. Gunakan daftar isi di samping halaman untuk langsung menuju bagian yang Anda perlukan, lalu kembali ke halaman terakhir yang Anda baca kapan saja.',
    ],
  },
  {
    title: 'Bergabung dengan Perpustakaan',
    paragraphs: [
      'Setiap buku disimpan oleh satu atau beberapa perpustakaan. Perpustakaan umum dapat diikuti oleh siapa saja, sedangkan perpustakaan sekolah atau lembaga meminta persetujuan pengelolanya lebih dahulu.',
    ],
    sections: [
      {
        title: 'Perpustakaan umum',
        paragraphs: [
          'Tekan tombol Gabung pada halaman perpustakaan. Keanggotaan langsung aktif, dan semua buku terbuka di perpustakaan itu dapat segera dibaca atau dipinjam.',
          'Anda dapat bergabung dengan beberapa perpustakaan sekaligus. Daftar keanggotaan Anda tersimpan di halaman Keanggotaan, lengkap dengan tanggal berakhirnya bila ada.',
        ],
      },
      {
        title: 'Perpustakaan sekolah',
        paragraphs: [
          'Permintaan bergabung dikirim kepada pustakawan. Selama menunggu, halaman perpustakaan menampilkan status permintaan Anda, dan pemberitahuan akan datang begitu permintaan disetujui atau ditolak.',
          'Pustakawan dapat menetapkan masa keanggotaan, misalnya sampai akhir tahun ajaran. Setelah masa itu berakhir, Anda dapat mengajukan permintaan baru.',
        ],
      },
    ],
  },
  {
    title: 'Meminjam Buku',
    paragraphs: [
      'Buku berhak cipta dipinjamkan seperti buku cetak: setiap perpustakaan memiliki sejumlah salinan, dan satu salinan hanya dapat dibaca oleh satu peminjam dalam satu waktu. Buku terbuka dapat dibaca siapa saja tanpa meminjam.',
    ],
    sections: [
      {
        title: 'Masa pinjam',
        paragraphs: [
          'Masa pinjam biasanya tujuh hari. Buku dikembalikan secara otomatis ketika masa pinjam berakhir, sehingga tidak ada denda keterlambatan. Anda juga dapat mengembalikannya lebih awal dari rak buku Anda.',
          'Selama dipinjam, buku tampil di rak Sedang Dibaca. Riwayat pinjaman tetap tersimpan setelah buku dikembalikan, sehingga Anda dapat menemukannya lagi dengan mudah.',
        ],
      },
      {
        title: 'Antrean',
        paragraphs: [
          'Bila semua salinan sedang dipinjam, Anda dapat masuk antrean. Ketika sebuah salinan kembali, anggota pertama dalam antrean mendapat tawaran untuk meminjamnya dan diberi waktu untuk menerimanya.',
          'Tawaran yang tidak diterima sampai batas waktunya berpindah kepada anggota berikutnya. Posisi Anda dalam antrean selalu terlihat di halaman buku.',
        ],
      },
    ],
  },
  {
    title: 'Membaca dengan Nyaman',
    paragraphs: [
      'Membaca yang baik dimulai dari waktu yang tenang. Pilih tempat yang nyaman, matikan pemberitahuan yang mengganggu, lalu berikan perhatian penuh pada halaman di depan Anda. Beberapa menit membaca dengan sungguh-sungguh sering lebih berharga daripada satu jam membaca sambil lalu.',
    ],
    sections: [
      {
        title: 'Halaman dan ukuran huruf',
        paragraphs: [
          'Buku PDF tampil persis seperti halaman cetaknya. Perbesar atau perkecil halaman dengan tombol di bilah atas, dan gunakan gambar kecil halaman untuk melompat jauh ke depan atau ke belakang.',
          'Buku EPUB mengalir mengikuti lebar layar. Di layar kecil teks tetap nyaman dibaca tanpa menggeser halaman ke samping, dan di layar besar dua halaman dapat tampil berdampingan.',
        ],
      },
      {
        title: 'Pencarian di dalam buku',
        paragraphs: [
          'Tombol pencarian mencari kata di seluruh halaman buku. Hasil pertama langsung disorot, dan tombol berikutnya membawa Anda ke hasil selanjutnya. Pilihan seluruh kata hanya menemukan kata yang utuh, bukan bagian dari kata yang lebih panjang.',
          'Coba cari kata baca: pencarian biasa juga menemukan membaca, bacaan dan pembaca, sedangkan pencarian seluruh kata hanya menemukan kata baca itu sendiri.',
        ],
      },
    ],
  },
  {
    title: 'Penanda dan Posisi Baca',
    paragraphs: [
      'Tandai halaman yang ingin Anda buka kembali. Penanda buku tersimpan di akun Anda, sehingga Anda dapat melanjutkan dari perangkat lain tanpa kehilangan jejak. Posisi baca terakhir juga disimpan secara otomatis setiap kali Anda menutup buku.',
      'Daftar penanda terdapat di menu daftar isi. Setiap penanda menyebut nomor halaman dan judul buku, dan satu sentuhan membawa Anda kembali ke halaman itu.',
      'Jika menemukan kalimat yang menarik, berhentilah sejenak. Tanyakan pada diri sendiri mengapa kalimat itu terasa penting, dan apakah Anda setuju dengannya. Kebiasaan kecil ini membuat bacaan lebih lama tinggal dalam ingatan.',
    ],
  },
  {
    title: 'Membaca Tanpa Sambungan',
    paragraphs: [
      'Buku terbuka dapat disimpan di perangkat untuk dibaca tanpa sambungan internet, misalnya di perjalanan atau di tempat yang sinyalnya lemah. Buku tersimpan tetap dapat dibuka dari rak Anda.',
      'Posisi baca dan penanda yang dibuat tanpa sambungan dikirim ke server begitu perangkat tersambung kembali. Buku berhak cipta tidak disimpan untuk dibaca tanpa sambungan; salinannya tetap milik perpustakaan.',
    ],
  },
  {
    title: 'Ulasan dan Rekomendasi',
    paragraphs: [
      'Bagikan pendapat Anda melalui ulasan di halaman buku. Ulasan yang jujur dan santun membantu pembaca lain memilih bacaan, dan memberi masukan berharga bagi perpustakaan.',
      'Guru dapat merekomendasikan buku kepada siswanya, dan setiap anggota dapat mengikuti pembaca lain untuk melihat buku yang sedang mereka baca di linimasa.',
      'Setelah selesai membaca, cobalah menuliskan tiga hal yang Anda ingat tanpa membuka kembali halaman sebelumnya. Ringkasan singkat seperti ini membantu menata pemahaman, dan sering menjadi awal ulasan yang baik.',
    ],
  },
  {
    title: 'Penutup',
    paragraphs: [
      'Perpustakaan digital tumbuh bersama pembacanya. Setiap pinjaman, penanda dan ulasan membantu pustakawan memahami buku apa yang dibutuhkan anggotanya.',
      'Selamat membaca, dan semoga perpustakaan ini menemani hari-hari Anda.',
    ],
  },
];

/** The guide as a book for the PDF writer; `cover` puts a picture before its title page. */
export function demoGuide(options: Pick<TextPdf, 'cover' | 'coverLabel'> = {}): TextPdf {
  return { title: GUIDE_TITLE, author: GUIDE_AUTHOR, subject: GUIDE_SUBJECT, subtitle: 'Baca, pinjam dan ulas buku digital', chapters, ...options };
}

/** The demo's guide as a PDF file with real text, an outline and document info. */
export function buildDemoGuidePdf(): Uint8Array {
  return buildTextPdf(demoGuide());
}
