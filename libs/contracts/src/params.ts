/** Parameters that many routes share, worded as WordPress words them so clients see familiar args. */
import { z } from 'zod';
import { wp } from './json-schema';

export const contextParam = (dflt: 'view' | 'embed' | 'edit' = 'view') =>
  z
    .enum(['view', 'embed', 'edit'])
    .default(dflt)
    .describe('Scope under which the request is made; determines fields present in response.');

export const pageParam = () => z.number().int().min(1).default(1).describe('Current page of the collection.');

export const perPageParam = (dflt = 10) =>
  z.number().int().min(1).max(100).default(dflt).describe('Maximum number of items to be returned in result set.');

export const searchParam = () => z.string().optional().describe('Limit results to those matching a string.');

export const offsetParam = () =>
  z.number().int().optional().describe('Offset the result set by a specific number of items.');

export const idListParam = (description: string) => z.array(z.number().int()).default([]).describe(description);

export const excludeParam = () => idListParam('Ensure result set excludes specific IDs.');
export const includeParam = () => idListParam('Limit result set to specific IDs.');

export const orderParam = (dflt: 'asc' | 'desc') =>
  z.enum(['asc', 'desc']).default(dflt).describe('Order sort attribute ascending or descending.');

/** A path id. WordPress lists it as an optional integer arg; the route pattern already guarantees digits. */
export const idParam = (description: string) => z.number().int().optional().describe(description);

export const forceParam = (description: string) => z.boolean().default(false).describe(description);

/** Integer parameters whose WordPress default is `null` (shown as such in the index). */
export const nullableIntParam = (description: string) =>
  wp(z.number().int().optional().describe(description), { default: null });

/** The arguments every collection starts with (WordPress's get_collection_params plus include/exclude). */
export const baseCollectionArgs = (perPageDefault = 10) => ({
  context: contextParam('view'),
  page: pageParam(),
  per_page: perPageParam(perPageDefault),
  search: searchParam(),
  exclude: excludeParam(),
  include: includeParam(),
});
