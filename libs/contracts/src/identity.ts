/**
 * The caller as the gateway forwards it to services (signed with HMAC; see service-kit's identity module),
 * and WordPress's roles.
 */
import { z } from 'zod';

export const roles = ['administrator', 'editor', 'author', 'contributor', 'subscriber'] as const;
export type Role = (typeof roles)[number];

export const identitySchema = z.object({
  /** The user's id. */
  id: z.number().int().positive(),
  login: z.string(),
  name: z.string().default(''),
  roles: z.array(z.enum(roles)),
  /** Issued-at, seconds since the epoch: limits how long a captured header can be replayed. */
  iat: z.number().int(),
  /** The application password used, when the gateway authenticated with one (uuid). */
  app_password: z.string().optional(),
});
export type Identity = z.infer<typeof identitySchema>;

/** The header that carries the signed identity from the gateway to a service. */
export const IDENTITY_HEADER = 'x-loom-identity';
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * The client's address as the gateway saw it (its LOOM_TRUST_PROXY rule applied), signed like the identity so
 * that a caller reaching a service directly cannot choose it: `<base64url(ip)>.<iat>.<base64url(hmac)>`.
 */
export const CLIENT_ADDRESS_HEADER = 'x-loom-client';
