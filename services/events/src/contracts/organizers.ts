/** events/v1 organizers (spec 2.14, 4.5; reference A.2.2). */
import { linkedPostRoutes, type LinkedPostSpec } from './linked-posts';

export const organizerSpec: LinkedPostSpec = {
  type: 'tribe_organizer',
  restBase: 'organizers',
  name: 'organizer',
  strings: ['phone', 'website', 'email'],
  flags: [],
};

export const organizers = linkedPostRoutes(organizerSpec);
