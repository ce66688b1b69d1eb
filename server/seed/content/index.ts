export type { SeedAuthor, SeedBook, SeedCategory, SeedEpustaka, SeedHolding } from './types.ts';
export { categories } from './categories.ts';
export { authors } from './authors.ts';
export { epustakas } from './epustaka.ts';
export { books } from './books.ts';
