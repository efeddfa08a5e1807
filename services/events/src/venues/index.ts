/** events/v1 venues: the linked-post routes for `tribe_venue`. */
import type { Binding } from '@loom/service-kit';
import { linkedPostBindings } from '../linked-posts/handlers';
import { venueType } from './type';

export const venueBindings = (): Binding[] => linkedPostBindings(venueType);
