export { buildGateway, type Gateway, type GatewayDeps } from './app';
export { loadGatewaySettings, type GatewaySettings } from './settings';
export { resolveUpstreams, matchNamespace, type Upstreams } from './upstreams';
