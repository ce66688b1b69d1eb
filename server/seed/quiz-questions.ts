import type { QuestionFields } from '../quizzes/authoring.repository.ts';

/*
 * Demo questions made by code, each with its answer computed and checked here: arithmetic,
 * percentages, linear equations, number sequences and word problems (in Indonesian and English),
 * and reading items that match a synopsis of a demo book to its title. A seeded random source
 * makes the same questions on every seed.
 */

/** A small deterministic random source (mulberry32). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const int = (r: Random, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));

/** Five options, the right one among four distinct wrong ones, at a random place; throws if the key is not unique. */
function choices(r: Random, right: number, wrong: number[]): { body: string; correct: boolean }[] {
  const distinct = [...new Set(wrong.filter((w) => w !== right))];
  for (let k = 1; distinct.length < 4; k += 1) if (!distinct.includes(right + k * 7) && right + k * 7 !== right) distinct.push(right + k * 7);
  const values = distinct.slice(0, 4);
  values.splice(int(r, 0, 4), 0, right);
  const options = values.map((v) => ({ body: v.toLocaleString('id-ID'), correct: v === right }));
  if (options.filter((o) => o.correct).length !== 1) throw new Error('A demo question must have exactly one right option.');
  return options;
}

function arithmetic(r: Random): QuestionFields {
  const a = int(r, 12, 99);
  const b = int(r, 2, 19);
  const c = int(r, 2, 12);
  const right = a + b * c;
  return {
    type: 'single', body: `Hasil dari ${a} + ${b} × ${c} adalah …`, options: choices(r, right, [(a + b) * c, right + 1, right - c, a * c + b]),
    explanation: `Perkalian dikerjakan lebih dahulu: ${b} × ${c} = ${b * c}, lalu ${a} + ${b * c} = ${right}.`, reference: 'Urutan operasi hitung: kali dan bagi sebelum tambah dan kurang.',
  };
}

function percent(r: Random): QuestionFields {
  const p = [10, 15, 20, 25, 30, 40, 60, 75][int(r, 0, 7)]!;
  const n = int(r, 2, 40) * 20;
  const right = (p * n) / 100;
  return {
    type: 'single', body: `Berapakah ${p}% dari ${n.toLocaleString('id-ID')}?`, options: choices(r, right, [right + p, n - right, right * 2, right / 2 + 1]),
    explanation: `${p}% × ${n} = ${p}/100 × ${n} = ${right}.`, reference: 'Persen berarti per seratus: p% dari n = p × n / 100.',
  };
}

function equation(r: Random): QuestionFields {
  const x = int(r, -9, 15);
  const a = int(r, 2, 9);
  const b = int(r, -20, 20);
  const c = a * x + b;
  const sign = b < 0 ? `− ${-b}` : `+ ${b}`;
  return {
    type: 'single', body: `Jika ${a}x ${sign} = ${c}, maka nilai x adalah …`, options: choices(r, x, [x + 1, -x, x - 2, c - b]),
    explanation: `${a}x = ${c} ${b < 0 ? '+' : '−'} ${Math.abs(b)} = ${c - b}, sehingga x = ${c - b} ÷ ${a} = ${x}.`, reference: 'Persamaan linear satu variabel: pindahkan konstanta, lalu bagi dengan koefisien x.',
  };
}

function sequence(r: Random): QuestionFields {
  const start = int(r, 1, 30);
  const step = int(r, 2, 11);
  const terms = Array.from({ length: 5 }, (_, i) => start + i * step);
  const right = start + 5 * step;
  return {
    type: 'numeric', body: `Bilangan berikutnya dari barisan ${terms.join(', ')}, … adalah …`, answer: right, options: [],
    explanation: `Selisih setiap suku adalah ${step}, jadi suku berikutnya ${terms[4]} + ${step} = ${right}.`, reference: 'Barisan aritmetika: Un = a + (n − 1)b.',
  };
}

function wordProblem(r: Random, english: boolean): QuestionFields {
  const boxes = int(r, 3, 12);
  const each = int(r, 6, 24);
  const given = int(r, 1, boxes * each - 1);
  const right = boxes * each - given;
  const body = english
    ? `A library receives ${boxes} boxes with ${each} books in each box. It lends out ${given} of them. How many books are left in the library?`
    : `Sebuah perpustakaan menerima ${boxes} kardus berisi masing-masing ${each} buku, lalu meminjamkan ${given} buku. Berapa buku yang tersisa?`;
  return {
    type: 'single', body, options: choices(r, right, [boxes * each + given, right + each, right - 1, boxes + each]),
    explanation: english ? `${boxes} × ${each} = ${boxes * each} books; ${boxes * each} − ${given} = ${right}.` : `${boxes} × ${each} = ${boxes * each} buku; ${boxes * each} − ${given} = ${right}.`,
    reference: english ? 'Reading a word problem: find the total first, then what is taken away.' : 'Soal cerita: hitung jumlah seluruhnya, lalu kurangi yang diambil.',
  };
}

function trueFalse(r: Random): QuestionFields {
  const a = int(r, 11, 60);
  const b = int(r, 11, 60);
  const claimed = r() < 0.5 ? a * b : a * b + int(r, 1, 9);
  const holds = claimed === a * b;
  return {
    type: 'true_false', body: `Pernyataan: ${a} × ${b} = ${claimed}.`, options: [{ body: 'Benar', correct: holds }, { body: 'Salah', correct: !holds }],
    explanation: `${a} × ${b} = ${a * b}, jadi pernyataan itu ${holds ? 'benar' : 'salah'}.`, reference: 'Perkalian bersusun.',
  };
}

/** A synopsis of a demo book, for the reading items. */
export interface Synopsis {
  title: string;
  text: string;
}

function reading(r: Random, books: Synopsis[], i: number): QuestionFields {
  const book = books[i % books.length]!;
  const others = books.filter((b) => b.title !== book.title);
  const wrong = Array.from({ length: 4 }, (_, k) => others[(i * 7 + k * 3 + int(r, 0, 2)) % others.length]!.title);
  const titles = [...new Set(wrong)].filter((t) => t !== book.title).slice(0, 3);
  titles.splice(int(r, 0, titles.length), 0, book.title);
  return {
    type: 'single', body: `Bacalah teks berikut.\n\n“${book.text}”\n\nJudul buku yang paling sesuai dengan teks di atas adalah …`,
    options: titles.map((t) => ({ body: t, correct: t === book.title })),
    explanation: `Teks tersebut adalah sinopsis buku “${book.title}”.`, reference: `Sinopsis “${book.title}” di katalog ePustaka.`,
  };
}

/** The generators a subtest can draw from. */
export type QuestionKind = 'arithmetic' | 'percent' | 'equation' | 'sequence' | 'word' | 'word_en' | 'true_false' | 'reading';

/** `count` questions cycling through `kinds`, made with the random source of `seed`. */
export function generateQuestions(seed: number, count: number, kinds: QuestionKind[], books: Synopsis[] = []): QuestionFields[] {
  const r = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => {
    const kind = kinds[i % kinds.length]!;
    if (kind === 'arithmetic') return arithmetic(r);
    if (kind === 'percent') return percent(r);
    if (kind === 'equation') return equation(r);
    if (kind === 'sequence') return sequence(r);
    if (kind === 'word' || kind === 'word_en') return wordProblem(r, kind === 'word_en');
    if (kind === 'true_false') return trueFalse(r);
    return books.length >= 4 ? reading(r, books, seed + i) : arithmetic(r);
  });
}
