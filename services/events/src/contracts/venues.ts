/** events/v1 venues (spec 2.13, 4.5; reference A.2.1). */
import { linkedPostRoutes, type LinkedPostSpec } from './linked-posts';

export const venueSpec: LinkedPostSpec = {
  type: 'tribe_venue',
  restBase: 'venues',
  name: 'venue',
  strings: ['address', 'city', 'country', 'province', 'state', 'zip', 'phone', 'website', 'stateprovince'],
  flags: ['show_map', 'show_map_link'],
};

export const venues = linkedPostRoutes(venueSpec);
