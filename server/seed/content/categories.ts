import type { SeedCategory } from './types.ts';

/** Categories typical of an Indonesian school or public digital library. */
export const categories: SeedCategory[] = [
  { key: 'fiksi', name_id: 'Fiksi', name_en: 'Fiction' },
  { key: 'sejarah', name_id: 'Sejarah', name_en: 'History' },
  { key: 'sains', name_id: 'Sains', name_en: 'Science' },
  { key: 'matematika', name_id: 'Matematika', name_en: 'Mathematics' },
  { key: 'agama', name_id: 'Agama', name_en: 'Religion' },
  { key: 'biografi', name_id: 'Biografi', name_en: 'Biography' },
  { key: 'anak', name_id: 'Anak-anak', name_en: 'Children' },
  { key: 'teknologi', name_id: 'Teknologi & Komputer', name_en: 'Technology & Computing' },
  { key: 'bahasa', name_id: 'Bahasa & Sastra', name_en: 'Language & Literature' },
  { key: 'kesehatan', name_id: 'Kesehatan', name_en: 'Health' },
  { key: 'ekonomi', name_id: 'Ekonomi & Bisnis', name_en: 'Economics & Business' },
  { key: 'seni-budaya', name_id: 'Seni & Budaya', name_en: 'Arts & Culture' },
  { key: 'pertanian', name_id: 'Pertanian & Lingkungan', name_en: 'Agriculture & Environment' },
  { key: 'keterampilan', name_id: 'Keterampilan & Tata Boga', name_en: 'Skills & Cooking' },
];
