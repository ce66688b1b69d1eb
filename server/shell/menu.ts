import type { MenuGroup } from '../../src/lib/shell/schema.ts';
import type { FeatureFlags } from '../config.ts';

/**
 * The app menu. Names are Indonesian; the web client shows its own translation by `id`.
 * The donation entry exists only while the book-donation flag is on; the souvenir shop always.
 */
export function buildMenu(features: FeatureFlags): MenuGroup[] {
  const library = [
    { id: 'shelf', name: 'Rak Buku', url: '/shelf', icon: 'shelf' },
    { id: 'books', name: 'Buku', url: '/books', icon: 'book' },
    { id: 'epustaka', name: 'ePustaka', url: '/more-epustaka', icon: 'library' },
    { id: 'membership', name: 'Keanggotaan', url: '/membership', icon: 'membership' },
    { id: 'qr', name: 'Kode QR', url: '/qr-codes', icon: 'qr' },
  ];
  if (features.bookDonation) library.push({ id: 'donation', name: 'Donasi Buku', url: '/donation', icon: 'donation' });
  // The souvenir shop and its orders; not a donation, so there whatever the donation flag says.
  library.push({ id: 'souvenir', name: 'Suvenir', url: '/more-edoo-toys', icon: 'donation' });
  return [
    { id: 'library', menu_name: 'Perpustakaan', android_menu: library },
    {
      id: 'media',
      menu_name: 'Media',
      android_menu: [
        { id: 'video', name: 'Video', url: '/video', icon: 'video' },
        { id: 'audio', name: 'Audio', url: '/audio', icon: 'audio' },
        { id: 'article', name: 'Artikel', url: '/article', icon: 'article' },
      ],
    },
    { id: 'school', menu_name: 'Sekolah', android_menu: [{ id: 'school', name: 'Sekolah Saya', url: '/school', icon: 'school' }] },
    {
      id: 'social',
      menu_name: 'Sosial',
      android_menu: [
        { id: 'timeline', name: 'Linimasa', url: '/timeline', icon: 'timeline' },
        { id: 'friendship', name: 'Pertemanan', url: '/friendship', icon: 'friendship' },
        { id: 'help', name: 'Bantuan', url: '/help', icon: 'help' },
      ],
    },
  ];
}
