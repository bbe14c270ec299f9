import { createTestStack, type TestStack } from '../../support/stack';

describe('GET|POST /v1/brand/kit', () => {
  let stack: TestStack;
  const post = (body: object, key = stack.users.owner.key) =>
    stack.http.post('/v1/brand/kit').set('x-api-key', key).send(body);
  const get = (query = '', key = stack.users.owner.key) =>
    stack.http.get(`/v1/brand/kit${query}`).set('x-api-key', key);

  beforeAll(async () => {
    stack = await createTestStack({ workers: false });
  });
  afterAll(() => stack.close());

  test('an empty kit before anything is added', async () => {
    expect((await get()).body).toEqual({ data: [] });
  });

  test('adds elements to the active profile and versions them by type and name', async () => {
    const voice = await post({
      element_type: 'voice',
      name: 'Narrator',
      ref_kind: 'cloned_voice',
      ref_id: 'en-gb',
      spec: { rate: 160 },
    });
    expect(voice.status).toBe(201);
    expect(voice.body.data).toEqual({
      id: expect.any(String),
      element_type: 'voice',
      name: 'Narrator',
      ref_kind: 'cloned_voice',
      ref_id: 'en-gb',
      spec: { rate: 160 },
      version: 1,
      is_active: true,
    });
    const again = await post({
      element_type: 'voice',
      name: 'Narrator',
      ref_kind: 'cloned_voice',
      ref_id: 'en-us',
      spec: { rate: 170 },
    });
    expect(again.body.data).toMatchObject({ version: 2, is_active: true, ref_id: 'en-us' });
    await post({ element_type: 'motion_graphic', name: 'Lower third', spec: { colour: '#ff6600' } });

    const active = (await get()).body.data;
    expect(active.map((e: { name: string; version: number }) => [e.name, e.version])).toEqual([
      ['Lower third', 1],
      ['Narrator', 2],
    ]);
    const all = (await get('?includeInactive=true')).body.data;
    expect(
      all
        .filter((e: { name: string }) => e.name === 'Narrator')
        .map((e: { version: number; is_active: boolean }) => [e.version, e.is_active]),
    ).toEqual([
      [2, true],
      [1, false],
    ]);
  });

  test('validates the element and keeps workspaces apart', async () => {
    const bad = await post({ element_type: 'hologram', name: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
    expect((await post({ element_type: 'avatar', name: '' })).status).toBe(400);
    expect((await get('', stack.users.outsider.key)).body.data).toEqual([]);
    expect((await get('?brandProfileId=not-a-uuid')).status).toBe(404);
  });
});
