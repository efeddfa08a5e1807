/** core/v2 types, statuses and taxonomies. (Being filled in: see types.ts, statuses.ts, taxonomies.ts.) */
import { core } from '@loom/contracts';
import { bind, restError, type Binding } from '@loom/service-kit';

const todo = () => {
  throw restError('rest_not_implemented', 'Not implemented yet.', 501);
};

export const descriptorBindings: Binding[] = [
  bind(core.descriptors.types.collection.endpoints.list, null, todo),
  bind(core.descriptors.types.item.endpoints.read, null, todo),
  bind(core.descriptors.statuses.collection.endpoints.list, null, todo),
  bind(core.descriptors.statuses.item.endpoints.read, null, todo),
  bind(core.descriptors.taxonomies.collection.endpoints.list, null, todo),
  bind(core.descriptors.taxonomies.item.endpoints.read, null, todo),
];
