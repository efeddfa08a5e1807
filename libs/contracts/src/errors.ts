/** The WordPress error envelope (reference §1.1) and the request-level codes every service uses. */
import { z } from 'zod';

export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  data: z.object({ status: z.number().int().optional() }).passthrough().nullable(),
  additional_errors: z.array(z.object({ code: z.string(), message: z.string(), data: z.unknown() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Codes raised by the kit and gateway themselves (resource-specific codes live beside their handlers). */
export const ErrorCodes = {
  noRoute: 'rest_no_route',
  invalidNamespace: 'rest_invalid_namespace',
  invalidJson: 'rest_invalid_json',
  missingParam: 'rest_missing_callback_param',
  invalidParam: 'rest_invalid_param',
  forbidden: 'rest_forbidden',
  forbiddenContext: 'rest_forbidden_context',
  invalidIdentity: 'loom_invalid_identity',
  serviceUnavailable: 'loom_service_unavailable',
  internal: 'internal_server_error',
} as const;
