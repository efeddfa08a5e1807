/** The WordPress error envelope (reference §1.1), to read another service's error. The codes are in error-codes.ts. */
import { z } from 'zod';

export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  data: z.object({ status: z.number().int().optional() }).passthrough().nullable(),
  additional_errors: z.array(z.object({ code: z.string(), message: z.string(), data: z.unknown() })).optional(),
});
