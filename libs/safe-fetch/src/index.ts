export { addressRange, refusedAddress } from './addresses';
export { SafeFetchError } from './errors';
export { SafeFetcher, type Dial, type Lookup, type ResolvedAddress } from './fetch';
export { parseAllowHosts, type AllowedHost } from './policy';
