import { sql } from 'kysely';
import { createApp } from '../../../api/app';
import { listen } from '../../support/listen';
import { createTestApi, type TestApi } from '../../support/api';
import { eventually } from '../../support/eventually';

const SOCIAL_POST = '222e3b34-9f50-4c7b-bc8f-3007c30bec7a';

describe('Idempotency-Key on the POSTs that start work (issue 25 item 5)', () => {
  let api: TestApi;
  const key = () => api.users.owner.key;
  const startRun = (idempotencyKey: string, topic = 'bread') =>
    api.http
      .post(`/v1/apps/${SOCIAL_POST}/runs`)
      .set('x-api-key', key())
      .set('idempotency-key', idempotencyKey)
      .send({ inputs: { topic } });
  const runCount = async () => (await api.http.get('/v1/runs').set('x-api-key', key())).body.pagination.total;
  const usage = async () =>
    (await api.http.get('/v1/account/usage').set('x-api-key', key())).body.data.credits;

  beforeAll(async () => {
    api = await createTestApi({ config: { IDEMPOTENCY_LEASE_SECONDS: '10' } });
  });
  afterAll(() => api.close());

  test('50 concurrent duplicates make one run and one reservation, and all get its answer', async () => {
    const [runsBefore, creditsBefore] = [await runCount(), await usage()];
    const answers = await Promise.all(Array.from({ length: 50 }, () => startRun('fifty-at-once')));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(202));
    const runIds = new Set(answers.map((a) => a.body.data.runId));
    expect(runIds.size).toBe(1);
    expect(await runCount()).toBe(runsBefore + 1);
    const single = await api.http.post(`/v1/apps/${SOCIAL_POST}/estimate`).set('x-api-key', key()).send({});
    expect((await usage()).reserved - creditsBefore.reserved).toBe(single.body.data.estimatedCredits.max);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true').length).toBe(49);
  });

  test('a retry later gets the same answer; the same key with another body is 422 idempotency_key_reused', async () => {
    const first = await startRun('retry-later');
    const again = await startRun('retry-later');
    expect(again.status).toBe(202);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const other = await startRun('retry-later', 'cake');
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ param: 'Idempotency-Key', code: 'idempotency_key_reused' }],
    });
  });

  test('a claim left without its answer (the API died after admission): the retry answers that run, no second charge', async () => {
    const first = await startRun('killed-mid-answer');
    // What a process that died after admission leaves: the claim without an answer, its owner silent.
    await sql`UPDATE idempotency_keys SET status_code = NULL, response = NULL,
      claimed_at = now() - interval '2 minutes' WHERE key = 'killed-mid-answer'`.execute(api.database.db);
    const [runsBefore, creditsBefore] = [await runCount(), await usage()];
    const retry = await startRun('killed-mid-answer');
    expect(retry.status).toBe(202);
    expect(retry.body.data.runId).toBe(first.body.data.runId);
    expect(await runCount()).toBe(runsBefore);
    expect(await usage()).toEqual(creditsBefore);
  });

  test('a request the route refuses lets its key go; keys are per workspace; a bad key is a 400', async () => {
    const refused = await api.http
      .post(`/v1/apps/${SOCIAL_POST}/runs`)
      .set('x-api-key', key())
      .set('idempotency-key', 'refused-first')
      .send({ inputs: { topic: 'x', nope: 1 } });
    expect(refused.status).toBe(400);
    expect((await startRun('refused-first')).status).toBe(202);
    const outsider = await api.http
      .post('/v1/generate/image')
      .set('x-api-key', api.users.outsider.key)
      .set('idempotency-key', 'refused-first')
      .send({ prompt: 'a kite' });
    expect(outsider.status).toBe(202);
    const bad = await api.http
      .post('/v1/generate/image')
      .set('x-api-key', key())
      .set('idempotency-key', 'x'.repeat(300))
      .send({ prompt: 'a kite' });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].code).toBe('invalid_idempotency_key');
  });

  test('an API replica that stops between admission and answer: the retry on another answers its run', async () => {
    // The replica admits the run (row, reservation, pending start) and then never answers, as a killed
    // process leaves it: its Temporal start never returns, so its claim of the key stays unanswered.
    let resume: (outcome: 'unknown') => void = () => undefined;
    const stuck = () => new Promise<'unknown'>((resolve) => (resume = resolve));
    const stopped = await listen(
      createApp({ ...api.deps, engine: { ...api.deps.engine, start: stuck } }).callback(),
    );
    const [runsBefore, creditsBefore] = [await runCount(), await usage()];
    const abandon = new AbortController();
    const neverAnswered = fetch(`${stopped.origin}/v1/apps/${SOCIAL_POST}/runs`, {
      method: 'POST',
      headers: {
        'x-api-key': key(),
        'idempotency-key': 'replica-stopped',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ inputs: { topic: 'bread' } }),
      signal: abandon.signal,
    }).then(
      () => 'answered',
      () => 'never answered',
    );
    expect(await eventually(runCount, (n) => n === runsBefore + 1)).toBe(runsBefore + 1);
    const reserved = (await usage()).reserved;
    expect(reserved).toBeGreaterThan(creditsBefore.reserved);

    // Within the lease the retry waits for the first answer; past it (10 s here: long enough that 50 duplicates on a loaded machine are all answered within it) it takes the claim over.
    const retry = await startRun('replica-stopped');
    expect(retry.status).toBe(202);
    const runs = await api.http.get('/v1/runs').set('x-api-key', key());
    expect(runs.body.pagination.total).toBe(runsBefore + 1);
    expect(retry.body.data.runId).toBe(runs.body.data[0].runId);
    expect((await usage()).reserved).toBe(reserved);
    // Later duplicates get the retry's answer.
    expect((await startRun('replica-stopped')).body).toEqual(retry.body);
    abandon.abort();
    expect(await neverAnswered).toBe('never answered');
    // Let the stopped replica's handler end, so its server can close.
    resume('unknown');
    await stopped.close();
  }, 30_000);
});
