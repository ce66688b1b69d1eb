import { strToU8, zipSync, type Zippable } from 'fflate';

/** What a generated demo edition shows. */
export interface DemoEdition {
  id: string;
  title: string;
  author: string;
  category: string | null;
  publisher: string | null;
  year: number | null;
  isbn: string | null;
  /** Plain text (markup is removed before it is written). */
  description: string | null;
  language: 'id' | 'en';
  /** The cover as a self-contained SVG document. */
  coverSvg: string;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Text of simple HTML: tags dropped, entities of the common kind decoded, spaces folded. */
export function plainText(html: string | null): string {
  if (!html) return '';
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

interface Chapter {
  title: string;
  paragraphs: string[];
}

function chaptersId(e: DemoEdition): Chapter[] {
  const category = e.category ? ` dalam kelompok ${e.category}` : '';
  const published = [e.publisher, e.year].filter(Boolean).join(', ');
  return [
    {
      title: 'Tentang Buku Ini',
      paragraphs: [
        plainText(e.description) || `${e.title} adalah karya ${e.author}${category}.`,
        `Edisi digital ini adalah naskah contoh yang disiapkan untuk perpustakaan demo: isinya pengantar singkat tentang “${e.title}” karya ${e.author}, bukan teks lengkap buku aslinya. Naskah ini tetap bisa dipinjam, dibaca, ditandai dan diulas seperti buku lainnya.`,
        `Buku ini tercatat${category}${published ? ` dan diterbitkan oleh ${published}` : ''}${e.isbn ? ` dengan ISBN ${e.isbn}` : ''}. Pustakawan dapat mengganti naskah contoh ini dengan berkas buku yang sebenarnya kapan saja.`,
      ],
    },
    {
      title: 'Cara Membaca',
      paragraphs: [
        'Membaca yang baik dimulai dari waktu yang tenang. Pilih tempat yang nyaman, matikan pemberitahuan yang mengganggu, lalu berikan perhatian penuh pada halaman di depan Anda. Beberapa menit membaca dengan sungguh-sungguh sering lebih berharga daripada satu jam membaca sambil lalu.',
        'Sebelum masuk ke isi buku, baca dulu daftar isinya. Daftar isi memberi gambaran tentang jalan pikiran penulis: dari mana ia berangkat, ke mana ia hendak membawa pembaca, dan bagian mana yang paling penting baginya.',
        'Tandai halaman yang ingin Anda buka kembali. Penanda buku di aplikasi ini menyimpan halaman tersebut di akun Anda, sehingga Anda dapat melanjutkan dari perangkat lain tanpa kehilangan jejak. Posisi baca terakhir juga disimpan secara otomatis.',
        'Jika menemukan kalimat yang menarik, berhentilah sejenak. Tanyakan pada diri sendiri mengapa kalimat itu terasa penting, dan apakah Anda setuju dengannya. Kebiasaan kecil ini membuat bacaan lebih lama tinggal dalam ingatan.',
        'Ukuran huruf dan tata letak dapat disesuaikan. Di layar kecil, halaman mengalir mengikuti lebar layar; di layar besar, teks tetap nyaman dibaca tanpa harus memperbesar atau menggeser halaman.',
      ],
    },
    {
      title: 'Catatan untuk Pembaca',
      paragraphs: [
        `Setelah selesai membaca pengantar tentang ${e.title}, cobalah menuliskan tiga hal yang Anda ingat tanpa membuka kembali halaman sebelumnya. Ringkasan singkat seperti ini membantu menata pemahaman.`,
        'Bagikan pendapat Anda melalui ulasan di halaman buku. Ulasan yang jujur dan santun membantu pembaca lain memilih bacaan, dan memberi masukan berharga bagi perpustakaan.',
        'Buku pinjaman dikembalikan secara otomatis ketika masa pinjam berakhir, sehingga salinannya dapat dipinjam anggota lain yang sedang mengantre. Jika belum selesai, Anda dapat meminjamnya kembali selama salinan masih tersedia.',
        'Selamat membaca, dan semoga buku ini menemani hari-hari Anda.',
      ],
    },
  ];
}

function chaptersEn(e: DemoEdition): Chapter[] {
  const category = e.category ? ` in ${e.category}` : '';
  const published = [e.publisher, e.year].filter(Boolean).join(', ');
  return [
    {
      title: 'About This Book',
      paragraphs: [
        plainText(e.description) || `${e.title} is a work by ${e.author}${category}.`,
        `This digital edition is a sample text prepared for the demo library: a short introduction to “${e.title}” by ${e.author}, not the full text of the original book. It can still be borrowed, read, bookmarked and reviewed like any other book.`,
        `The book is listed${category}${published ? `, published by ${published}` : ''}${e.isbn ? `, ISBN ${e.isbn}` : ''}. A librarian can replace this sample with the real book file at any time.`,
      ],
    },
    {
      title: 'How to Read',
      paragraphs: [
        'Good reading starts with quiet time. Choose a comfortable place, silence the notifications that interrupt you, and give the page in front of you your full attention. A few minutes of careful reading are often worth more than an hour of skimming.',
        'Before starting, read the table of contents. It shows the author’s line of thought: where it starts, where it wants to take the reader and which parts matter most.',
        'Bookmark the pages you want to come back to. Bookmarks are kept with your account, so you can continue on another device, and your last reading position is saved as you go.',
        'When a sentence catches your eye, pause. Ask yourself why it feels important and whether you agree with it. This small habit makes what you read stay longer.',
      ],
    },
    {
      title: 'Notes for the Reader',
      paragraphs: [
        `When you have finished this introduction to ${e.title}, try writing down three things you remember without looking back. A short summary like this helps you sort out what you understood.`,
        'Share your view in a review on the book’s page. Honest, friendly reviews help other readers choose and give the library useful feedback.',
        'Borrowed books are returned automatically when the loan ends, so members waiting in the queue can borrow the copy. If you have not finished, you can borrow it again while copies are available.',
      ],
    },
  ];
}

function xhtml(lang: string, title: string, body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="${lang}" xml:lang="${lang}">
<head><meta charset="UTF-8"/><title>${escapeXml(title)}</title><link rel="stylesheet" type="text/css" href="style.css"/></head>
<body>
${body}
</body>
</html>
`;
}

const STYLE = `body { font-family: Georgia, serif; line-height: 1.6; margin: 0 5%; }
h1 { font-size: 1.5em; margin: 1.5em 0 1em; }
p { margin: 0 0 1em; text-indent: 1.5em; }
p.lead { text-indent: 0; }
.cover { text-align: center; margin: 0; }
.cover img { max-width: 100%; max-height: 95vh; }
.title-page { text-align: center; margin-top: 20%; }
.title-page .author { font-style: italic; }
`;

/**
 * A small, valid EPUB 3 of a demo book: its cover, a title page, three short chapters in the book's
 * language, a navigation document and an NCX for older readers. The ZIP starts with the stored
 * `mimetype` entry, as the format requires.
 */
export function buildDemoEpub(e: DemoEdition): Uint8Array {
  const lang = e.language;
  const chapters = lang === 'en' ? chaptersEn(e) : chaptersId(e);
  const contents = lang === 'en' ? 'Contents' : 'Daftar Isi';
  const files: Zippable = {};
  files.mimetype = [strToU8('application/epub+zip'), { level: 0 }];
  files['META-INF/container.xml'] = strToU8(`<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>
`);
  files['OEBPS/style.css'] = strToU8(STYLE);
  files['OEBPS/cover.svg'] = strToU8(e.coverSvg);
  files['OEBPS/cover.xhtml'] = strToU8(xhtml(lang, e.title, `<section epub:type="cover" class="cover"><img src="cover.svg" alt="${escapeXml(e.title)}"/></section>`));
  files['OEBPS/title.xhtml'] = strToU8(
    xhtml(lang, e.title, `<section epub:type="titlepage" class="title-page"><h1>${escapeXml(e.title)}</h1><p class="author">${escapeXml(e.author)}</p>${
      e.publisher ? `<p class="lead">${escapeXml([e.publisher, e.year].filter(Boolean).join(', '))}</p>` : ''
    }</section>`),
  );
  chapters.forEach((chapter, index) => {
    const paragraphs = chapter.paragraphs.map((p, i) => `<p${i === 0 ? ' class="lead"' : ''}>${escapeXml(p)}</p>`).join('\n');
    files[`OEBPS/chapter-${index + 1}.xhtml`] = strToU8(
      xhtml(lang, chapter.title, `<section epub:type="chapter" id="ch${index + 1}"><h1>${escapeXml(chapter.title)}</h1>\n${paragraphs}</section>`),
    );
  });
  const navItems = chapters.map((c, i) => `<li><a href="chapter-${i + 1}.xhtml">${escapeXml(c.title)}</a></li>`).join('');
  files['OEBPS/nav.xhtml'] = strToU8(xhtml(lang, contents, `<nav epub:type="toc" id="toc"><h1>${contents}</h1><ol>${navItems}</ol></nav>`));
  const navPoints = chapters
    .map((c, i) => `<navPoint id="np${i + 1}" playOrder="${i + 1}"><navLabel><text>${escapeXml(c.title)}</text></navLabel><content src="chapter-${i + 1}.xhtml"/></navPoint>`)
    .join('');
  const uid = e.isbn ? `urn:isbn:${e.isbn}` : `urn:uuid:${e.id}`;
  files['OEBPS/toc.ncx'] = strToU8(`<?xml version="1.0" encoding="UTF-8"?>
<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><head><meta name="dtb:uid" content="${escapeXml(uid)}"/></head>
<docTitle><text>${escapeXml(e.title)}</text></docTitle><navMap>${navPoints}</navMap></ncx>
`);
  const chapterItems = chapters.map((_, i) => `<item id="ch${i + 1}" href="chapter-${i + 1}.xhtml" media-type="application/xhtml+xml"/>`).join('\n    ');
  const chapterRefs = chapters.map((_, i) => `<itemref idref="ch${i + 1}"/>`).join('');
  files['OEBPS/content.opf'] = strToU8(`<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid" xml:lang="${lang}">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="uid">${escapeXml(uid)}</dc:identifier>
    <dc:title>${escapeXml(e.title)}</dc:title>
    <dc:creator>${escapeXml(e.author)}</dc:creator>
    <dc:language>${lang}</dc:language>
    ${e.publisher ? `<dc:publisher>${escapeXml(e.publisher)}</dc:publisher>` : ''}
    <meta property="dcterms:modified">2026-01-01T00:00:00Z</meta>
    <meta name="cover" content="cover-image"/>
  </metadata>
  <manifest>
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
    <item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
    <item id="css" href="style.css" media-type="text/css"/>
    <item id="cover-image" href="cover.svg" media-type="image/svg+xml" properties="cover-image"/>
    <item id="cover" href="cover.xhtml" media-type="application/xhtml+xml"/>
    <item id="title" href="title.xhtml" media-type="application/xhtml+xml"/>
    ${chapterItems}
  </manifest>
  <spine toc="ncx">
    <itemref idref="cover"/><itemref idref="title"/>${chapterRefs}
  </spine>
</package>
`);
  return zipSync(files, { level: 6, mtime: new Date('2026-01-01T00:00:00Z') });
}
