export { buildGateway, type Gateway, type GatewayDeps } from './app';
