/** Runs forms on its own: how Kubernetes runs it, and what `npm start` starts. The mail outbox stops before the store closes. */
import { serviceMain } from '@loom/service-kit';
import { buildForms } from './service';

serviceMain('forms', async (deps) => {
  const { app, stop } = await buildForms(deps);
  return { app, onClose: stop };
});
