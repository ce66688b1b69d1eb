/*
 * The words the scale data's names, titles, descriptions and reviews are made of, and the SQL that
 * picks one of them by a row's index (see scale.ts).
 */

// Words the generated names and titles are made of.
export const FIRST = ['Adi', 'Ayu', 'Bima', 'Citra', 'Dewi', 'Eka', 'Fajar', 'Gita', 'Hadi', 'Indah', 'Joko', 'Kartika', 'Lestari', 'Made', 'Nur', 'Oka', 'Putri', 'Rahmat', 'Sari', 'Tono', 'Utami', 'Wulan', 'Yanti', 'Zainal', 'Agus', 'Bayu', 'Dian', 'Endang', 'Galih', 'Hendra', 'Intan', 'Kurnia'];
export const LAST = ['Pratama', 'Wijaya', 'Saputra', 'Lestari', 'Hidayat', 'Nugroho', 'Siregar', 'Nasution', 'Harahap', 'Simanjuntak', 'Wibowo', 'Kusuma', 'Santoso', 'Rahayu', 'Setiawan', 'Purba', 'Tanjung', 'Lubis', 'Sinaga', 'Gunawan', 'Halim', 'Putra', 'Sembiring', 'Manurung', 'Ginting', 'Suryadi', 'Hakim', 'Maulana', 'Syahputra', 'Anggraini', 'Permana', 'Utomo'];
export const NOUN = ['Cahaya', 'Jejak', 'Rahasia', 'Kisah', 'Suara', 'Bayang', 'Langit', 'Senja', 'Pelangi', 'Ombak', 'Angin', 'Matahari', 'Rembulan', 'Bintang', 'Hujan', 'Api', 'Taman', 'Perahu', 'Jembatan', 'Surat', 'Lentera', 'Gema', 'Rindu', 'Mimpi'];
export const LINK = ['di', 'dari', 'untuk', 'menuju', 'di balik', 'sepanjang', 'tentang', 'bersama'];
export const PLACE = ['Ujung Senja', 'Tanah Jawa', 'Pulau Seribu', 'Kota Tua', 'Lembah Baliem', 'Danau Toba', 'Selat Sunda', 'Gunung Rinjani', 'Pasar Pagi', 'Kampung Nelayan', 'Hutan Kalimantan', 'Sungai Musi', 'Teluk Tomini', 'Bukit Barisan', 'Laut Banda', 'Sekolah Kami', 'Negeri Rempah', 'Tepian Mahakam', 'Kebun Teh', 'Benteng Rotterdam'];
export const SUBJECT = ['Fiksi', 'Sejarah', 'Sains', 'Matematika', 'Bahasa', 'Agama', 'Seni', 'Teknologi', 'Ekonomi', 'Geografi', 'Kesehatan', 'Biografi', 'Anak-anak', 'Remaja', 'Filsafat', 'Hukum', 'Pertanian', 'Kuliner', 'Olahraga', 'Pendidikan', 'Psikologi', 'Politik', 'Lingkungan', 'Musik', 'Komik'];
export const SUBJECT_EN = ['Fiction', 'History', 'Science', 'Mathematics', 'Language', 'Religion', 'Arts', 'Technology', 'Economics', 'Geography', 'Health', 'Biography', 'Children', 'Young adult', 'Philosophy', 'Law', 'Agriculture', 'Cooking', 'Sports', 'Education', 'Psychology', 'Politics', 'Environment', 'Music', 'Comics'];
export const LEVEL = ['Dasar', 'Menengah', 'Lanjut', 'Populer'];
export const LEVEL_EN = ['Basics', 'Intermediate', 'Advanced', 'Popular'];
export const PUBLISHER = ['Gramedia Pustaka Utama', 'Balai Pustaka', 'Mizan', 'Erlangga', 'Kompas', 'Bentang Pustaka', 'Republika', 'Penerbit Andi', 'Kepustakaan Populer Gramedia', 'Marjin Kiri', 'Gagas Media', 'Noura Books'];
export const SENTENCE = [
  'Buku ini mengajak pembaca menelusuri perjalanan panjang yang penuh kejutan dan pelajaran hidup.',
  'Ditulis dengan bahasa yang lugas, cocok untuk siswa sekolah menengah maupun pembaca umum.',
  'Setiap bab dilengkapi contoh dari kehidupan sehari-hari di berbagai daerah di Indonesia.',
  'Penulis menggabungkan riset lapangan dengan cerita tokoh-tokoh yang mudah dikenang.',
  'Edisi ini diperbarui dengan data terbaru dan latihan di akhir setiap bagian.',
  'Sebuah bacaan hangat tentang keluarga, persahabatan, dan keberanian memilih jalan sendiri.',
  'Ilustrasi dan peta membantu pembaca memahami konteks sejarah dan budaya setempat.',
  'Cocok dijadikan bahan diskusi kelas maupun bacaan santai di akhir pekan.',
];
export const REVIEW = ['Bagus sekali, sangat membantu belajar.', 'Ceritanya menarik dari awal sampai akhir.', 'Bahasanya mudah dipahami.', 'Lumayan, tapi bagian tengahnya agak lambat.', 'Rekomendasi untuk teman sekelas!', 'Informatif dan rapi.', 'Saya baca dua kali, tetap seru.', 'Kurang mendalam, tapi cukup untuk pengantar.'];

const arr = (words: string[]) => `ARRAY[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}]`;
/** `words[expr mod n]` in SQL (expr is a non-negative integer expression). */
export const pick = (words: string[], expr: string) => `(${arr(words)})[1 + ((${expr}) % ${words.length})]`;
