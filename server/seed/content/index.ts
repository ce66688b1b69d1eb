export type { SeedAuthor, SeedBook, SeedCategory, SeedEpustaka, SeedHolding } from './types.ts';
export { categories } from './categories.ts';
export { authors } from './authors.ts';
export { epustakas } from './epustaka.ts';
export { publishers } from './publishers.ts';
export { books } from './books.ts';
export { coverSvg, type CoverInput } from './covers.ts';
