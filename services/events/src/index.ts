export * from './service';
/** The events contracts (its route table), for the suites that check the index against them. */
export * as events from './contracts';
