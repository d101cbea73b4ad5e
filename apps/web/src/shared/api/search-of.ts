import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import type { z } from 'zod';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** What the URL says of a call's input: each field that parses, the others left out. */
export type SearchOf<S extends z.ZodObject> = Partial<z.output<S>>;

/**
 * Reads URL search params through a contract input schema (a list call's input, usually): each field is parsed on
 * its own, so a bad `pageNum` drops that field alone. Numbers written as text (`?pageNum=2` typed by hand) are
 * read as numbers, and numbers where text is wanted (`?id=123`) as text.
 */
export function parseSearch<S extends z.ZodObject>(schema: S, raw: unknown): SearchOf<S> {
  const out: Record<string, unknown> = {};
  if (!isRecord(raw)) return out as SearchOf<S>;
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const value = raw[key];
    if (value === undefined || value === null || value === '') continue;
    let parsed = field.safeParse(value);
    if (!parsed.success && typeof value === 'string' && /^-?\d+$/.test(value)) parsed = field.safeParse(Number(value));
    // The router reads `?id=123` as a number: an id field wants it as text.
    if (!parsed.success && typeof value === 'number') parsed = field.safeParse(String(value));
    if (parsed.success && parsed.data !== undefined) out[key] = parsed.data;
  }
  return out as SearchOf<S>;
}

/**
 * The current URL's search params as `schema` reads them. Route options stay free of schemas (they are in the
 * entry bundle): the lazily loaded page validates what it uses, typed by the contract, with no casts.
 */
export function useSearchOf<S extends z.ZodObject>(schema: S): SearchOf<S> {
  const raw: unknown = useSearch({ strict: false });
  return useMemo(() => parseSearch(schema, raw), [schema, raw]);
}

/** The current URL's search params as they are (for keeping the others when one changes). */
export function useSearchRecord(): Record<string, unknown> {
  const raw: unknown = useSearch({ strict: false });
  return isRecord(raw) ? raw : {};
}

/**
 * Changes some of the current URL's search params (a filter of the page's own, say), keeping the others and going
 * back to the first page; `undefined` removes a param. The history entry is replaced.
 */
export function useSearchUpdate(): (patch: Record<string, unknown>) => void {
  const search = useSearchRecord();
  const navigate = useNavigate();
  return useCallback(
    (patch) => void navigate({ to: '.', search: { ...search, pageNum: undefined, ...patch } as never, replace: true }),
    [navigate, search],
  );
}
