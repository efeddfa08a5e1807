export * from './holder';
export * from './follow';
export * from './remote';
