export * from './service';
/** The forms contracts (its route table), for the suites that check the index against them. */
export * as forms from './contracts';
