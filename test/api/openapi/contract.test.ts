import { exampleOf } from '../../../core/responses/common';
import { Run } from '../../../core/responses/runs';
import { checkedRequest } from '../../support/contract';
import { createTestStack, type TestStack } from '../../support/stack';

const RUN_URL = '/v1/runs/0b7e3c2a-5d41-4f9e-8a77-2c1d9e6f4b10';
const json = { 'content-type': 'application/json; charset=utf-8' };

describe('the contract check every API test response goes through (test/support/contract.ts)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await createTestStack({ workers: false });
  });
  afterAll(() => stack.close());

  const check = (url: string, status: number, body: unknown, headers: Record<string, string> = json) =>
    stack.contract.check('GET', url, { status, headers, body });

  test('accepts a Run as the document describes it', () => {
    expect(() => check(RUN_URL, 200, { data: exampleOf(Run) })).not.toThrow();
  });

  test('refuses a presenter that adds a field the schema does not have', () => {
    expect(() => check(RUN_URL, 200, { data: { ...exampleOf(Run), internalPlan: {} } })).toThrow(
      /must NOT have additional properties/,
    );
  });

  test('refuses a presenter that drops a required field or changes its type', () => {
    const withoutNodes: Partial<Run> = { ...exampleOf(Run) };
    delete withoutNodes.nodes;
    expect(() => check(RUN_URL, 200, { data: withoutNodes })).toThrow(/must have required property 'nodes'/);
    expect(() => check(RUN_URL, 200, { data: { ...exampleOf(Run), revision: '1' } })).toThrow(
      /must be integer/,
    );
  });

  test('refuses a status or a content type the operation does not answer', () => {
    expect(() => check(RUN_URL, 201, { data: exampleOf(Run) })).toThrow(/the document gives 200/);
    expect(() => check(RUN_URL, 200, '<html>', { 'content-type': 'text/html' })).toThrow(/does not describe/);
  });

  test('holds errors to the envelope, also on paths no route declares', () => {
    const envelope = { error: 'No route', code: 'NOT_FOUND', retryable: false, requestId: 'r1' };
    expect(() => check('/v1/nowhere', 404, envelope)).not.toThrow();
    expect(() => check('/v1/nowhere', 404, { error: 'No route' })).toThrow(/required property 'code'/);
    expect(() => check('/v1/nowhere', 200, {})).toThrow(/does not describe/);
    expect(() => check('/trpc/apps.list', 200, 'anything')).not.toThrow();
  });

  test('runs on every request a test makes through the checked agent', async () => {
    const refusing = checkedRequest(stack.app, {
      ...stack.contract,
      check: (method, url) => {
        throw new Error(`refused ${method} ${url}`);
      },
    });
    await expect(refusing.get('/v1/account/usage').set('x-api-key', stack.users.owner.key)).rejects.toThrow(
      'refused GET /v1/account/usage',
    );
    await expect(refusing.post('/v1/runs/x/cancel').set('x-api-key', stack.users.owner.key)).rejects.toThrow(
      'refused POST',
    );
  });

  test('checks run stream events: Run snapshots and node events', () => {
    const id = '1.abc';
    const check = (event: { event: string; data: unknown; id?: string }) => () =>
      stack.contract.checkEvent(event);
    expect(check({ event: 'progress', id, data: exampleOf(Run) })).not.toThrow();
    expect(check({ event: 'ping', data: Date.now() })).not.toThrow();
    expect(check({ event: 'complete', id, data: { runId: 'x' } })).toThrow(/contract/);
    expect(check({ event: 'node.exploded', id, data: {} })).toThrow(/contract/);
  });

  test('fails the request of a test whose response drifts', async () => {
    // The real app answers GET /v1/account/usage as documented; the same answer under another status is refused.
    const res = await stack.http.get('/v1/account/usage').set('x-api-key', stack.users.owner.key);
    expect(res.status).toBe(200);
    expect(() => stack.contract.check('GET', '/v1/account/usage', { ...res, status: 202 })).toThrow(
      /contract/,
    );
  });
});
