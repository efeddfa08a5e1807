/** POST /batch/v1 (spec 4.1, reference §5): up to 25 write requests in one call. Served by the gateway. */
import { z } from 'zod';
import { CREATABLE, READABLE, endpoint, route } from './define';
import { wp } from './json-schema';

export const BATCH_MAX_REQUESTS = 25;

export const batchRequestItem = z.object({
  method: z.enum(['POST', 'PUT', 'PATCH', 'DELETE']).default('POST'),
  path: z.string(),
  body: z.object({}).passthrough().optional(),
  headers: z.record(z.union([z.string(), z.array(z.string())])).optional(),
});

/** The batch route; its namespace is shown as "" in the index, as WordPress does. */
export const batchRoute = route('', '/batch/v1', {
  batch: endpoint(
    CREATABLE,
    {
      validation: z.enum(['require-all-validate', 'normal']).default('normal'),
      requests: wp(z.array(batchRequestItem).max(BATCH_MAX_REQUESTS), {}),
    },
    { docs: { summary: `Send up to ${BATCH_MAX_REQUESTS} write requests in one call` } },
  ),
});

/** The index root route itself (`/`), with its one `context` argument. */
export const rootRoute = route('', '/', {
  index: endpoint(
    READABLE,
    { context: wp(z.any().default('view'), {}) },
    { docs: { summary: 'Describe the site and every route (the route index)' } },
  ),
});
