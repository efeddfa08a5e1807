/** events/v1 event tags: the term routes for the flat `post_tag` taxonomy (the events service's own, see event-terms). */
import * as events from '../contracts';
import type { Binding } from '@loom/service-kit';
import { eventTermBindings } from '../event-terms/handlers';

export const tagBindings = (): Binding[] => eventTermBindings(events.eventTagSpec, events.eventTags);
