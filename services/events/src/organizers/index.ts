/** events/v1 organizers: the linked-post routes for `tribe_organizer`. */
import { events } from '@loom/contracts';
import type { Binding } from '@loom/service-kit';
import { linkedPostBindings } from '../linked-posts/handlers';

export const organizerBindings = (): Binding[] => linkedPostBindings(events.organizerSpec, events.organizers);
