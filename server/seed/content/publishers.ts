/** Fictional publishers, referenced by name in the book records. */
export const publishers = {
  cahaya: 'Penerbit Cahaya Nusantara',
  kenari: 'Pustaka Kenari',
  lentera: 'Penerbit Lentera Khatulistiwa',
  gema: 'Gema Ilmu Press',
  beringin: 'Penerbit Beringin Rindang',
  aksara: 'Rumah Aksara',
  teluk: 'Penerbit Teluk Biru',
  anggrek: 'Pustaka Anggrek Bulan',
  suluh: 'Yayasan Suluh Pertiwi',
  padi: 'Penerbit Padi Emas',
  tunas: 'Tunas Cendekia',
  kapuas: 'Penerbit Delta Kapuas',
  rimba: 'Pustaka Rimba Raya',
  nalar: 'Penerbit Nalar Muda',
  sriwedari: 'Sriwedari Press',
  lantern: 'Archipelago Lantern Books',
} as const;
