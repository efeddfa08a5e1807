/** events/v1 events (spec 2.12, 4.5): the archive, create, and read/update/delete by id and by slug. */
export { eventBindings } from './handlers';
export { ensureEventMonths } from './repository';
