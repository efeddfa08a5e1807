/** GET /events/v1/doc: the OpenAPI 3 document of events/v1, generated from the contracts' route table. */
import { openApiDocument } from '@loom/contracts';
import * as events from '../contracts';
import { bind, type Binding } from '@loom/service-kit';

export const docBindings = (): Binding[] => [
  bind(events.eventsDoc.endpoints.read, null, (req) => ({
    body: openApiDocument(events.EVENTS_NS, events.eventsRoutes, {
      title: 'Events REST API',
      version: '1.0.0',
      description: 'The calendar-events component of the site: events, venues, organizers, event categories and tags.',
      serverUrl: `${req.config.restUrl}/${events.EVENTS_NS}`,
    }),
  })),
];
