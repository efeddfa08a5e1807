export { createNotifier, type Notifier, type Write } from './notifier';
export { toNotification } from './derive';
