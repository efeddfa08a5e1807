/**
 * @loom/testing: the harness every package's tests share. Real services and the gateway in this process on
 * loopback ports (or as apps for supertest), users with application passwords, a real nats-server, loggers that
 * keep their lines, `eventually`, supertest clients, images, and the worlds the suites start (a service, its
 * core-content and the gateway in front, a user per role). Test-only: the one lib that imports the services.
 */
export * from './cleanup';
export * from './net';
export * from './logs';
export * from './http';
export * from './accounts';
export * from './nats-server';
export * from './changes';
export * from './apps';
export * from './services';
export * from './images';
export * from './smtp';
export * from './site';
export * from './observed';
export * from './posts-world';
export * from './events-world';
export * from './forms-world';
export * from './oembed-world';
export * from './query-shapes';
export * from './route-keys';
