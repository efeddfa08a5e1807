export * from './service';
/** The oembed contracts (its route table), for the suites that check the index against them. */
export * as oembed from './contracts';
