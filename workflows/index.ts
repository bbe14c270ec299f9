export { runApp } from './run-app';
export { stateQuery, approvalUpdate } from './definitions';
