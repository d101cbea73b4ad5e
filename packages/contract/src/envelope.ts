import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './constants';

/** The response body of every /api call (architecture §4). */
export interface Envelope<T> {
  status: number;
  msg: string;
  data: T;
}

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.number().int(), msg: z.string(), data: data.nullable() });

/** An integer that may arrive as a query-string text. */
export const int = () =>
  z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d+$/, 'integer')
        .transform(Number),
    ])
    .pipe(z.number().int());

/** A 0/1 flag that may arrive as a query-string text. */
export const flag = () => int().pipe(z.union([z.literal(0), z.literal(1)]));

/** `pageNum` from 1, `pageSize` defaulting to `size` and capped. */
export const pageQuery = (size: number = PAGE_SIZE_DEFAULT) =>
  z.object({
    pageNum: int().pipe(z.number().min(1)).default(1),
    pageSize: int().pipe(z.number().min(1).max(PAGE_SIZE_MAX)).default(size),
  });

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), pageNum: z.number().int(), pageSize: z.number().int() });

export interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

/** Ids are strings (architecture §4). */
export const id = () => z.string().trim().min(1).max(64);

/** An optional text of at most `max` characters, trimmed; an empty one is absent (a query's unset filter). */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v || undefined);
