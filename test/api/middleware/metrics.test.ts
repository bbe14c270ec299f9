import Router from '@koa/router';
import Koa from 'koa';
import request from 'supertest';
import { createMetrics, type Metrics } from '../../../adapters/telemetry/metrics';
import { httpMetrics } from '../../../api/middleware/metrics';
import { routeMatcher } from '../../../api/middleware/route-match';
import { parseExposition, sampleSum } from '../../support/prometheus';

/** An app with one nested router under /v1, as api/app.ts mounts its resource routers. */
function appWith(metrics: Metrics): Koa {
  const things = new Router();
  things.get('/things/:thingId', (ctx) => {
    ctx.body = { id: ctx.params.thingId };
  });
  things.post('/things/:thingId/break', () => {
    throw Object.assign(new Error('upstream down'), { status: 503, expose: true });
  });
  things.get('/crash', () => {
    throw new Error('bug');
  });
  const v1 = new Router({ prefix: '/v1' });
  v1.use(things.routes());
  const app = new Koa();
  app.silent = true;
  const v1Route = routeMatcher(v1);
  app.use(httpMetrics(metrics, (ctx) => v1Route(ctx).template));
  app.use(v1.routes());
  return app;
}

describe('httpMetrics', () => {
  test('a nested route is labelled with its full template, whatever the id or the method', async () => {
    const metrics = createMetrics();
    const http = request(appWith(metrics).callback());

    await http.get('/v1/things/a1').expect(200);
    await http.get('/v1/things/b2').expect(200);
    await http.delete('/v1/things/b2').expect(404);

    const samples = parseExposition(await metrics.scrape());
    const route = { route: '/v1/things/:thingId' };
    expect(
      sampleSum(samples, 'atelier_http_request_duration_seconds_count', {
        ...route,
        method: 'GET',
        status: '200',
      }),
    ).toBe(2);
    expect(
      sampleSum(samples, 'atelier_http_request_duration_seconds_count', {
        ...route,
        method: 'DELETE',
        status: '404',
      }),
    ).toBe(1);
  });

  test('a thrown error is counted with the status it answers, 500 when it has none', async () => {
    const metrics = createMetrics();
    const http = request(appWith(metrics).callback());

    await http.post('/v1/things/a1/break').expect(503);
    await http.get('/v1/crash').expect(500);

    const samples = parseExposition(await metrics.scrape());
    expect(
      sampleSum(samples, 'atelier_http_request_duration_seconds_count', {
        route: '/v1/things/:thingId/break',
        status: '503',
      }),
    ).toBe(1);
    expect(
      sampleSum(samples, 'atelier_http_request_duration_seconds_count', {
        route: '/v1/crash',
        status: '500',
      }),
    ).toBe(1);
  });

  test('a method outside HTTP’s usual ones is OTHER, so a scanner cannot mint series', async () => {
    const metrics = createMetrics();
    const http = request(appWith(metrics).callback());

    await http.propfind('/v1/things/a1');
    await http.mkcol('/nowhere');

    const samples = parseExposition(await metrics.scrape());
    const methods = samples
      .filter((s) => s.name === 'atelier_http_request_duration_seconds_count')
      .map((s) => s.labels.method);
    expect(new Set(methods)).toEqual(new Set(['OTHER']));
    expect(sampleSum(samples, 'atelier_http_request_duration_seconds_count', { route: 'unmatched' })).toBe(1);
  });
});
