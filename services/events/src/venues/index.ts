/** events/v1 venues: the linked-post routes for `tribe_venue`. */
import { events } from '@loom/contracts';
import type { Binding } from '@loom/service-kit';
import { linkedPostBindings } from '../linked-posts/handlers';

export const venueBindings = (): Binding[] => linkedPostBindings(events.venueSpec, events.venues);
