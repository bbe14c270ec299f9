export { runApp } from './run-app';
export { deliverRunWebhook } from './deliver-webhook';
export { stateQuery, approvalUpdate } from './definitions';
