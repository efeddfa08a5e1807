/** Runs oembed on its own: how Kubernetes runs it, and what `npm start` starts. */
import { serviceMain } from '@loom/service-kit';
import { buildApp } from './service';

serviceMain('oembed', buildApp);
