import type { SeedAuthor } from './types.ts';

/** Fictional authors from across the archipelago. */
export const authors: SeedAuthor[] = [
  // Jawa
  { key: 'harjono-wiryosastro', name: 'Harjono Wiryosastro' },
  { key: 'sekarwangi-purbaningrum', name: 'Sekarwangi Purbaningrum' },
  { key: 'sri-rahayu-kusumawardani', name: 'Sri Rahayu Kusumawardani' },
  { key: 'bagus-prasetyo-nugroho', name: 'Bagus Prasetyo Nugroho' },
  { key: 'endang-lestari-widodo', name: 'Endang Lestari Widodo' },
  { key: 'suparman-citrowinoto', name: 'Suparman Citrowinoto' },
  { key: 'wahyu-adi-sasongko', name: 'Wahyu Adi Sasongko' },
  { key: 'ki-darmo-suwito', name: 'Ki Darmo Suwito' },
  { key: 'ratri-anggraeni', name: 'Ratri Anggraeni Setyowati' },
  { key: 'yulianto-kartosudiro', name: 'Yulianto Kartosudiro' },
  // Sunda
  { key: 'asep-saepul-hidayat', name: 'Asep Saepul Hidayat' },
  { key: 'euis-nurjanah', name: 'Euis Nurjanah Suryadi' },
  { key: 'dadang-kusnadi-permana', name: 'Dadang Kusnadi Permana' },
  { key: 'neng-rika-sumiati', name: 'Neng Rika Sumiati' },
  { key: 'iwan-ruhiyat-sudrajat', name: 'Iwan Ruhiyat Sudrajat' },
  { key: 'cucu-hermawati', name: 'Cucu Hermawati Suganda' },
  // Batak
  { key: 'togar-simanjuntak', name: 'Togar Halomoan Simanjuntak' },
  { key: 'rotua-siahaan', name: 'Rotua Br. Siahaan' },
  { key: 'maruli-sihombing', name: 'Maruli Tua Sihombing' },
  { key: 'hotma-lumbantobing', name: 'Hotma Uli Lumbantobing' },
  { key: 'parlindungan-nainggolan', name: 'Parlindungan Nainggolan' },
  // Minangkabau
  { key: 'zulkifli-rajo-angek', name: 'Zulkifli Datuak Rajo Angek' },
  { key: 'nurhayati-rangkayo', name: 'Rangkayo Nurhayati Sutan' },
  { key: 'syafrizal-chaniago', name: 'Syafrizal Chaniago' },
  { key: 'yusnidar-piliang', name: 'Yusnidar Piliang' },
  { key: 'nofriyanti-koto', name: 'Nofriyanti Koto' },
  // Bugis dan Makassar
  { key: 'andi-tenri-ajeng', name: 'Andi Tenri Ajeng' },
  { key: 'daeng-massiara', name: 'Muhammad Daeng Massiara' },
  { key: 'andi-arfah-pawellangi', name: 'Andi Arfah Pawellangi' },
  { key: 'hasnah-daeng-ngai', name: 'Hasnah Daeng Ngai' },
  { key: 'sitti-aminah-tahir', name: 'Sitti Aminah Tahir' },
  // Bali
  { key: 'gede-wirawan-aryasa', name: 'I Gede Wirawan Aryasa' },
  { key: 'luh-putu-sekarini', name: 'Ni Luh Putu Sekarini' },
  { key: 'made-suarjana', name: 'I Made Suarjana Putra' },
  { key: 'ketut-ayu-widiastuti', name: 'Ni Ketut Ayu Widiastuti' },
  { key: 'cokorda-rai-sudewi', name: 'Cokorda Istri Rai Sudewi' },
  // Aceh, Melayu, Palembang
  { key: 'teuku-fadhil-ramadhan', name: 'Teuku Fadhil Ramadhan' },
  { key: 'cut-zahratul-husna', name: 'Cut Zahratul Husna' },
  { key: 'tengku-amran-syahputra', name: 'Tengku Amran Syahputra' },
  { key: 'wan-saleha-ismail', name: 'Wan Saleha Ismail' },
  { key: 'kemas-abdurrahman', name: 'Kemas Abdurrahman Ilyas' },
  // Betawi, Madura
  { key: 'sarnubi-saleh', name: 'Sarnubi Saleh' },
  { key: 'fauzi-marzuki', name: 'Ach. Fauzi Marzuki' },
  // Kalimantan
  { key: 'usop-tingang', name: 'Damianus Usop Tingang' },
  { key: 'yuliana-bungas', name: 'Yuliana Bungas Kahayan' },
  { key: 'gusti-noorhayati', name: 'Gusti Noorhayati' },
  // Sulawesi Utara, Gorontalo
  { key: 'johanis-rumengan', name: 'Johanis Wowor Rumengan' },
  { key: 'grace-lumowa', name: 'Grace Mamahit Lumowa' },
  { key: 'hamzah-biya', name: 'Hamzah Dj. Biya' },
  // Nusa Tenggara
  { key: 'baiq-sunarti', name: 'Baiq Sunarti Hasanah' },
  { key: 'maria-lamanepa', name: 'Maria Goreti Lamanepa' },
  { key: 'umbu-kaborang', name: 'Yohanes Umbu Kaborang' },
  // Maluku, Papua
  { key: 'petrus-pattinama', name: 'Petrus Latu Pattinama' },
  { key: 'magdalena-tuasikal', name: 'Magdalena Tuasikal' },
  { key: 'martha-rumbiak', name: 'Martha Rumbiak' },
  { key: 'yakobus-mansawan', name: 'Yakobus Mansawan' },
  // Tionghoa-Indonesia
  { key: 'lie-swan-hoa', name: 'Lie Swan Hoa' },
  { key: 'tjoa-boen-liong', name: 'Tjoa Boen Liong' },
  { key: 'fransiska-halim', name: 'Fransiska Halim Santoso' },
  // Penyusun bersama untuk buku pelajaran
  { key: 'tim-guru-nusantara', name: 'Tim Guru Nusantara' },
  { key: 'tim-penyuluh-tani', name: 'Tim Penyuluh Tani Mandiri' },
];
