/*
 * The demo articles: short news and guides of a school library, in Indonesian. `epustaka` names
 * the demo library holding each (see server/seed/content/epustaka.ts); `daysAgo` dates them.
 */

export interface SeedNewsCategory {
  key: string;
  name: string;
  nameEn: string;
}

export interface SeedNews {
  title: string;
  author: string;
  category: string;
  epustaka: string;
  daysAgo: number;
  /** Paragraphs; the first may start with a heading line `## `. */
  paragraphs: string[];
}

export const newsCategories: SeedNewsCategory[] = [
  { key: 'pengumuman', name: 'Pengumuman', nameEn: 'Announcements' },
  { key: 'kegiatan', name: 'Kegiatan Perpustakaan', nameEn: 'Library activities' },
  { key: 'literasi', name: 'Literasi', nameEn: 'Literacy' },
  { key: 'tips', name: 'Tips Belajar', nameEn: 'Study tips' },
];

export const demoNews: SeedNews[] = [
  {
    title: 'Jam Layanan Perpustakaan Selama Ujian Akhir Semester',
    author: 'Ratna Wulandari',
    category: 'pengumuman',
    epustaka: 'nusantara',
    daysAgo: 1,
    paragraphs: [
      'Selama pekan ujian akhir semester, ruang baca perpustakaan dibuka lebih awal, mulai pukul 06.30 hingga 17.00 WIB, agar siswa dapat belajar dengan tenang sebelum dan sesudah ujian.',
      'Koleksi digital tetap dapat dipinjam kapan saja melalui ePustaka. Pustakawan menambah salinan buku-buku persiapan ujian sehingga antrean peminjaman menjadi lebih singkat.',
      'Kami mengingatkan agar siswa menjaga ketenangan di ruang baca dan mengembalikan buku cetak tepat waktu supaya teman lain juga mendapat kesempatan.',
    ],
  },
  {
    title: 'Pekan Literasi Sekolah Dimulai Senin Depan',
    author: 'Bagus Prasetyo',
    category: 'kegiatan',
    epustaka: 'nusantara',
    daysAgo: 3,
    paragraphs: [
      'Pekan Literasi Sekolah tahun ini mengusung tema "Membaca Membuka Jendela Nusantara". Setiap pagi, lima belas menit sebelum pelajaran dimulai akan diisi kegiatan membaca senyap di kelas masing-masing.',
      'Selain membaca senyap, ada lomba resensi buku, pojok dongeng untuk adik-adik sekolah dasar di sekitar sekolah, dan pameran poster buku favorit karya siswa.',
      'Pendaftaran lomba resensi dibuka melalui wali kelas hingga hari Jumat. Resensi boleh ditulis tentang buku apa saja yang tersedia di koleksi ePustaka.',
    ],
  },
  {
    title: 'Lima Cara Meminjam Buku Digital dengan Lancar',
    author: 'Ratna Wulandari',
    category: 'tips',
    epustaka: 'nusantara',
    daysAgo: 4,
    paragraphs: [
      'Pertama, pastikan Anda sudah bergabung dengan ePustaka yang memiliki buku tersebut. Tanpa keanggotaan aktif, tombol pinjam belum bisa digunakan.',
      'Kedua, perhatikan jumlah salinan yang tersedia. Jika habis, masuklah ke antrean; salinan yang kembali akan ditawarkan kepada Anda selama 24 jam.',
      'Ketiga, manfaatkan fitur perpanjangan sekali selama tidak ada yang mengantre. Keempat, kembalikan buku yang sudah selesai dibaca agar teman lain bisa meminjam. Kelima, tulis ulasan singkat untuk membantu pembaca berikutnya memilih buku.',
    ],
  },
  {
    title: 'Mengenal Rak Buku Muatan Lokal Kalimantan Timur',
    author: 'Andi Firmansyah',
    category: 'literasi',
    epustaka: 'nusantara',
    daysAgo: 6,
    paragraphs: [
      'Perpustakaan kini memiliki rak khusus berisi cerita rakyat, sejarah, dan budaya dari Kalimantan Timur, termasuk kisah-kisah masyarakat di sepanjang Sungai Mahakam.',
      'Rak ini disusun bersama guru Bahasa Indonesia dan Sejarah agar siswa mengenal kekayaan daerahnya sendiri sebelum menjelajah bacaan dari daerah lain.',
      'Sebagian besar judulnya juga tersedia dalam bentuk digital sehingga dapat dibaca dari rumah.',
    ],
  },
  {
    title: 'Teknik Membaca SQ3R untuk Memahami Buku Pelajaran',
    author: 'Bagus Prasetyo',
    category: 'tips',
    epustaka: 'nusantara',
    daysAgo: 8,
    paragraphs: [
      'SQ3R adalah singkatan dari Survey, Question, Read, Recite, dan Review. Mulailah dengan melihat sekilas judul bab, subjudul, dan gambar untuk mendapatkan gambaran isi.',
      'Ubah setiap subjudul menjadi pertanyaan, lalu bacalah untuk menemukan jawabannya. Setelah satu bagian selesai, ucapkan kembali jawabannya dengan kata-kata Anda sendiri.',
      'Di akhir sesi, tinjau ulang seluruh catatan. Cara ini membantu ingatan bertahan lebih lama dibandingkan membaca berulang-ulang tanpa tujuan.',
    ],
  },
  {
    title: 'Donasi Buku dari Alumni Angkatan 2015',
    author: 'Ratna Wulandari',
    category: 'pengumuman',
    epustaka: 'nusantara',
    daysAgo: 10,
    paragraphs: [
      'Perpustakaan menerima donasi 120 judul buku dari alumni angkatan 2015, terdiri atas novel remaja, buku sains populer, dan kamus bahasa asing.',
      'Buku-buku tersebut sedang diolah dan akan tersedia di rak mulai bulan depan. Beberapa judul dengan izin penerbit juga akan ditambahkan ke koleksi digital.',
      'Terima kasih kepada para alumni yang terus mendukung budaya membaca di sekolah.',
    ],
  },
  {
    title: 'Klub Buku Bulan Ini Membahas Laskar Pelangi',
    author: 'Sekar Ayu Lestari',
    category: 'kegiatan',
    epustaka: 'nusantara',
    daysAgo: 12,
    paragraphs: [
      'Pertemuan klub buku bulan ini akan membahas novel Laskar Pelangi karya Andrea Hirata. Diskusi dipandu oleh siswa kelas XI dan terbuka untuk seluruh warga sekolah.',
      'Peserta diharapkan sudah membaca minimal separuh buku. Kami akan membicarakan tokoh Lintang, arti pendidikan bagi anak-anak Belitung, dan pengalaman kita sendiri di sekolah.',
      'Pertemuan diadakan Kamis sore di ruang baca lantai dua. Bawalah satu kutipan favorit Anda dari novel tersebut.',
    ],
  },
  {
    title: 'Cara Menulis Resensi Buku yang Menarik',
    author: 'Bagus Prasetyo',
    category: 'literasi',
    epustaka: 'nusantara',
    daysAgo: 14,
    paragraphs: [
      'Resensi yang baik dibuka dengan identitas buku: judul, penulis, penerbit, dan tahun terbit. Setelah itu, ceritakan isi buku secara singkat tanpa membocorkan akhir ceritanya.',
      'Bagian terpenting adalah penilaian Anda. Sebutkan kelebihan dan kekurangan buku dengan alasan yang jelas, misalnya gaya bahasa, alur, atau kedalaman informasi.',
      'Tutup resensi dengan rekomendasi: untuk siapa buku ini cocok dibaca. Resensi terbaik dalam Pekan Literasi akan dimuat di situs perpustakaan.',
    ],
  },
  {
    title: 'Perpustakaan Tutup pada Hari Libur Nasional',
    author: 'Ratna Wulandari',
    category: 'pengumuman',
    epustaka: 'nusantara',
    daysAgo: 16,
    paragraphs: [
      'Ruang baca perpustakaan tutup pada hari libur nasional pekan depan. Layanan pengembalian buku cetak dibuka kembali pada hari kerja berikutnya tanpa denda keterlambatan.',
      'Layanan ePustaka tetap berjalan seperti biasa. Buku digital yang jatuh tempo akan dikembalikan otomatis sehingga tidak ada denda.',
    ],
  },
  {
    title: 'Membiasakan Anak Membaca Sejak Dini di Rumah',
    author: 'Rina Marlina',
    category: 'literasi',
    epustaka: 'pelangi',
    daysAgo: 18,
    paragraphs: [
      'Kebiasaan membaca tumbuh dari contoh. Anak yang melihat orang tuanya membaca lebih mudah menganggap buku sebagai bagian dari kegiatan sehari-hari.',
      'Sediakan waktu membaca bersama sebelum tidur, walau hanya sepuluh menit. Pilih buku bergambar dengan cerita pendek dan biarkan anak menebak kelanjutan ceritanya.',
      'Taman Baca Pelangi meminjamkan paket buku keluarga setiap akhir pekan. Silakan datang bersama anak-anak untuk memilih sendiri bacaannya.',
    ],
  },
  {
    title: 'Lomba Mendongeng Cerita Rakyat untuk Siswa SD',
    author: 'Rina Marlina',
    category: 'kegiatan',
    epustaka: 'pelangi',
    daysAgo: 20,
    paragraphs: [
      'Taman Baca Pelangi mengadakan lomba mendongeng cerita rakyat untuk siswa sekolah dasar. Peserta membawakan satu cerita dari daerah mana pun di Indonesia dalam waktu lima menit.',
      'Penilaian meliputi penguasaan cerita, ekspresi, dan kemampuan menarik perhatian pendengar. Pemenang mendapat paket buku cerita dan sertifikat.',
    ],
  },
  {
    title: 'Menggunakan Katalog Digital untuk Mencari Referensi Tugas',
    author: 'Ratna Wulandari',
    category: 'tips',
    epustaka: 'nusantara',
    daysAgo: 22,
    paragraphs: [
      'Kotak pencarian ePustaka mencari kata pada judul dan nama penulis. Gunakan dua atau tiga kata kunci yang spesifik, misalnya "sejarah maritim" daripada hanya "sejarah".',
      'Saring hasil berdasarkan kategori dan tahun terbit untuk mendapatkan referensi yang lebih baru. Buku terbuka dapat langsung dibaca tanpa antre.',
      'Jangan lupa mencatat judul, penulis, dan tahun terbit setiap buku yang Anda kutip agar daftar pustaka tugas Anda lengkap.',
    ],
  },
  {
    title: 'Pelatihan Pustakawan Cilik Angkatan Ketiga',
    author: 'Ratna Wulandari',
    category: 'kegiatan',
    epustaka: 'harapan-bangsa',
    daysAgo: 5,
    paragraphs: [
      'Dua belas siswa kelas X terpilih menjadi pustakawan cilik angkatan ketiga SMA Harapan Bangsa. Mereka akan belajar menata koleksi, melayani peminjaman, dan mengelola media sosial perpustakaan.',
      'Pelatihan berlangsung setiap Rabu selama satu bulan. Di akhir pelatihan, para pustakawan cilik akan merancang satu kegiatan literasi untuk adik kelas mereka.',
      'Jadwal piket pustakawan cilik akan diumumkan di papan informasi dan di halaman ePustaka sekolah.',
    ],
  },
  {
    title: 'Daftar Bacaan Wajib Kelas XI Semester Genap',
    author: 'Bagus Prasetyo',
    category: 'pengumuman',
    epustaka: 'harapan-bangsa',
    daysAgo: 7,
    paragraphs: [
      'Untuk semester genap, siswa kelas XI wajib membaca dua novel dan satu buku nonfiksi dari daftar yang telah disusun oleh guru Bahasa Indonesia.',
      'Novel pilihan antara lain Bumi Manusia, Laut Bercerita, dan Ronggeng Dukuh Paruk. Untuk nonfiksi, siswa dapat memilih buku sejarah atau biografi tokoh Indonesia.',
      'Semua judul tersedia di ePustaka sekolah. Siswa diminta membuat jurnal membaca yang dikumpulkan setiap akhir bulan.',
    ],
  },
  {
    title: 'Jadwal Kunjungan Kelas ke Perpustakaan Sekolah',
    author: 'Ratna Wulandari',
    category: 'pengumuman',
    epustaka: 'harapan-bangsa',
    daysAgo: 9,
    paragraphs: [
      'Setiap kelas mendapat jadwal kunjungan perpustakaan satu jam pelajaran dalam dua minggu. Selama kunjungan, siswa dapat meminjam buku, membaca, atau mengerjakan tugas riset dengan bimbingan pustakawan.',
      'Wali kelas dimohon mengonfirmasi jadwal paling lambat hari Sabtu. Perubahan jadwal dapat diajukan melalui ruang guru.',
    ],
  },
  {
    title: 'Persiapan Ujian dengan Bank Soal Digital',
    author: 'Bagus Prasetyo',
    category: 'tips',
    epustaka: 'harapan-bangsa',
    daysAgo: 11,
    paragraphs: [
      'Perpustakaan sekolah menyediakan kumpulan soal latihan ujian tahun-tahun sebelumnya dalam bentuk digital, khusus untuk anggota ePustaka SMA Harapan Bangsa.',
      'Kerjakan soal dengan batas waktu seperti ujian sungguhan, lalu periksa jawaban Anda dan catat materi yang masih lemah. Ulangi latihan untuk materi tersebut seminggu kemudian.',
      'Belajar bersama teman juga membantu: saling menjelaskan soal yang sulit adalah cara yang baik untuk menguji pemahaman sendiri.',
    ],
  },
  {
    title: 'Mengapa Membaca Buku Cetak dan Digital Sama Pentingnya',
    author: 'Andi Firmansyah',
    category: 'literasi',
    epustaka: 'nusantara',
    daysAgo: 24,
    paragraphs: [
      'Buku cetak membantu kita membaca lebih lama tanpa gangguan notifikasi, sementara buku digital memudahkan pencarian kata dan dapat dibawa ke mana saja.',
      'Alih-alih memilih salah satu, gunakan keduanya sesuai kebutuhan. Untuk bacaan panjang, buku cetak mungkin lebih nyaman; untuk referensi tugas, buku digital lebih cepat.',
      'Yang terpenting adalah kebiasaan membaca itu sendiri, apa pun bentuk bukunya.',
    ],
  },
  {
    title: 'Menjaga Kesehatan Mata Saat Membaca di Layar',
    author: 'Yoga Pratama',
    category: 'tips',
    epustaka: 'nusantara',
    daysAgo: 26,
    paragraphs: [
      'Terapkan aturan 20-20-20: setiap 20 menit, lihatlah benda sejauh sekitar enam meter selama 20 detik. Kebiasaan kecil ini mengurangi mata lelah.',
      'Atur ukuran huruf dan tema baca di pembaca ePustaka. Tema sepia atau gelap lebih nyaman di ruangan redup, dan huruf yang lebih besar mengurangi ketegangan mata.',
      'Jaga jarak layar sekitar satu lengan dan pastikan ruangan cukup terang.',
    ],
  },
  {
    title: 'Taman Baca Pelangi Membuka Pojok Buku Bergambar',
    author: 'Rina Marlina',
    category: 'kegiatan',
    epustaka: 'pelangi',
    daysAgo: 28,
    paragraphs: [
      'Pojok buku bergambar kini hadir di Taman Baca Pelangi dengan lebih dari dua ratus judul untuk anak usia tiga sampai delapan tahun.',
      'Setiap Sabtu pagi, relawan membacakan cerita dengan alat peraga sederhana. Orang tua dipersilakan menemani anak dan ikut bercerita.',
    ],
  },
  {
    title: 'Hasil Survei Minat Baca Siswa Tahun Ini',
    author: 'Ratna Wulandari',
    category: 'literasi',
    epustaka: 'harapan-bangsa',
    daysAgo: 30,
    paragraphs: [
      'Survei minat baca yang diikuti 412 siswa menunjukkan bahwa novel remaja dan komik sejarah menjadi bacaan paling diminati. Rata-rata siswa membaca dua buku setiap bulan.',
      'Sebanyak 68 persen siswa lebih sering membaca buku digital di ponsel, terutama pada malam hari. Hal ini menjadi dasar penambahan koleksi digital perpustakaan.',
      'Perpustakaan akan menambah judul sesuai usulan siswa. Usulan dapat disampaikan melalui pustakawan atau kotak saran di ruang baca.',
    ],
  },
];
