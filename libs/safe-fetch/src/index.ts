export { addressRange, refusedAddress } from './addresses';
export { SafeFetchError, type SafeFetchErrorCode } from './errors';
export { SafeFetcher, type Dial, type GetOptions, type Lookup, type ResolvedAddress, type SafeFetchOptions, type SafeResponse } from './fetch';
export { checkUrl, DEFAULT_PORTS, parseAllowHosts, type AllowedHost, type CheckedUrl } from './policy';
