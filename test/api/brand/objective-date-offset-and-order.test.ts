import fc from 'fast-check';
import { createTestApi, type TestApi } from '../../support/api';
import { OffsetDateTime } from '../../../core/date-time';

const at = (offset: string) => `2026-01-01T00:00:00${offset}`;
const pad = (n: number) => String(n).padStart(2, '0');

describe('OffsetDateTime', () => {
  test('takes Z and every offset within ±14:00, refuses every offset beyond it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('+', '-'),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        (sign, h, m) => {
          const within = h < 14 || (h === 14 && m === 0);
          expect(OffsetDateTime.safeParse(at(`${sign}${pad(h)}:${pad(m)}`)).success).toBe(within);
        },
      ),
    );
    expect(OffsetDateTime.safeParse(at('Z')).success).toBe(true);
    expect(OffsetDateTime.safeParse('2026-02-29T00:00:00Z').success).toBe(false);
  });
});

describe('issue 27 item 6: a brand objective with an offset beyond ±14:00 was a 500, and could end before it started', () => {
  let api: TestApi;
  const post = (body: object) =>
    api.http.post('/v1/brand/objectives').set('x-api-key', api.users.owner.key).send(body);
  const objective = { type: 'growth', statement: 'Double signups' };
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  test('endsAt with offset -20:52 is a 400 invalid_type naming endsAt, not a retryable 500', async () => {
    const res = await post({ ...objective, endsAt: at('-20:52') });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', retryable: false });
    expect(res.body.details).toEqual([expect.objectContaining({ param: 'endsAt', code: 'invalid_type' })]);
    expect(res.body.details[0].message).toMatch(/14:00/);
  });

  test('startsAt beyond +14:00 is refused the same way; +14:00 and -12:00 are stored', async () => {
    expect((await post({ ...objective, startsAt: at('+14:01') })).body.details[0]).toMatchObject({
      param: 'startsAt',
      code: 'invalid_type',
    });
    const ok = await post({ ...objective, startsAt: at('+14:00'), endsAt: '2026-01-02T00:00:00-12:00' });
    expect(ok.status).toBe(201);
    expect(Date.parse(ok.body.data.startsAt)).toBe(Date.parse(at('+14:00')));
  });

  test('an objective that ends before it starts is a 400 on endsAt; ending when it starts is allowed', async () => {
    const before = await post({
      ...objective,
      startsAt: '2026-03-01T00:00:00Z',
      endsAt: '2026-02-28T23:59:59Z',
    });
    expect(before.status).toBe(400);
    expect(before.body.details).toEqual([expect.objectContaining({ param: 'endsAt' })]);
    // The same instant written with two offsets is not "before".
    const same = await post({
      ...objective,
      startsAt: '2026-03-01T02:00:00+02:00',
      endsAt: '2026-03-01T00:00:00Z',
    });
    expect(same.status).toBe(201);
  });
});
