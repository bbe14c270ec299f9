import { createTestApi, type TestApi } from '../../support/api';
import { WOULD_EMPTY } from '../../../api/brand/schema';

const PARTS = {
  dna: { voiceAttributes: ['warm'] },
  identity: { offering: ['oat milk'] },
  strategy: { tagline: 'Oats, simply' },
  guidance: { promptDirectives: ['Daylight only'] },
} as const;

describe('issue 27 item 7: a PUT with no body wiped brand data (200 and empty)', () => {
  let api: TestApi;
  const key = () => api.users.owner.key;
  beforeAll(async () => {
    api = await createTestApi();
    for (const [part, body] of Object.entries(PARTS))
      expect((await api.http.put(`/v1/brand/${part}`).set('x-api-key', key()).send(body)).status).toBe(200);
  });
  afterAll(() => api.close());

  const read = async (part: string) =>
    (await api.http.get(`/v1/brand/${part}`).set('x-api-key', key())).body.data as Record<string, unknown>;

  test.each(Object.entries(PARTS))(
    'PUT /v1/brand/%s with no body, {} or all-empty fields is a 400 and the record stays',
    async (part, stored) => {
      const field = Object.keys(stored)[0];
      const emptied = Array.isArray((stored as Record<string, unknown>)[field]) ? [] : null;
      const requests = [
        api.http.put(`/v1/brand/${part}`).set('x-api-key', key()),
        api.http.put(`/v1/brand/${part}`).set('x-api-key', key()).send({}),
        api.http
          .put(`/v1/brand/${part}`)
          .set('x-api-key', key())
          .send({ [field]: emptied }),
      ];
      for (const request of requests) {
        const res = await request;
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', retryable: false });
        expect(res.body.error).toMatch(/whole document/);
        expect(res.body.details).toEqual([expect.objectContaining({ param: null, code: WOULD_EMPTY })]);
      }
      expect(await read(part)).toMatchObject(stored);
      // Unknown fields only: refused as unknown before anything is written (issue 25's strict inputs).
      const unknown = await api.http
        .put(`/v1/brand/${part}`)
        .set('x-api-key', key())
        .send({ unknownField: 1 });
      expect(unknown.status).toBe(400);
      expect(unknown.body.details).toContainEqual(expect.objectContaining({ code: 'unknown_field' }));
      expect(await read(part)).toMatchObject(stored);
    },
  );

  test('a whole document still replaces the record, fields left out stored empty', async () => {
    const res = await api.http
      .put('/v1/brand/dna')
      .set('x-api-key', key())
      .send({ guardrails: ['No claims'] });
    expect(res.status).toBe(200);
    expect(await read('dna')).toMatchObject({ guardrails: ['No claims'], voiceAttributes: [] });
  });
});
