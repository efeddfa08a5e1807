/** events/v1 organizers: the linked-post routes for `tribe_organizer`. */
import type { Binding } from '@loom/service-kit';
import { linkedPostBindings } from '../linked-posts/handlers';
import { organizerType } from './type';

export const organizerBindings = (): Binding[] => linkedPostBindings(organizerType);
