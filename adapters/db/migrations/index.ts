import type { Migration } from 'kysely';
import * as initial from './001-initial';
import * as brandTemplates from './002-brand-templates';
import * as publishing from './003-publishing';
import * as brandKit from './004-brand-kit';
import * as webhookDeliveryOutcome from './005-webhook-delivery-outcome';
import * as runAdmission from './006-run-admission';
import * as editableApps from './007-editable-apps';
import * as webhookEvents from './020-webhook-events';
import * as idempotencyKeys from './021-idempotency-keys';
import * as runReview from './024-run-review';
import * as appVersions from './027-app-versions';

/** Migrations in order; the same list runs on PGlite and PostgreSQL. */
export const MIGRATIONS: Record<string, Migration> = {
  '001-initial': initial,
  '002-brand-templates': brandTemplates,
  '003-publishing': publishing,
  '004-brand-kit': brandKit,
  '005-webhook-delivery-outcome': webhookDeliveryOutcome,
  '006-run-admission': runAdmission,
  '007-editable-apps': editableApps,
  '020-webhook-events': webhookEvents,
  '021-idempotency-keys': idempotencyKeys,
  '024-run-review': runReview,
  '027-app-versions': appVersions,
};
