import { z } from 'zod';

/** Every list the server answers is a page: bounded, numbered from 1, with the total. */
export const MAX_PAGE_SIZE = 100;

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
});

export const pageInfoSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type PageInfo = z.infer<typeof pageInfoSchema>;

/** Text typed into a search box: trimmed and bounded; never turned into a pattern. */
export const searchTextSchema = z
  .string()
  .trim()
  .max(200, 'Search text must be at most 200 characters.');
