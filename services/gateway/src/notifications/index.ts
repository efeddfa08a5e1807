export { createNotifier, type Notifier, type NotifierCounters, type NotifierOptions, type Write } from './notifier';
export { toNotification } from './derive';
