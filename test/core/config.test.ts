import { ConfigError, loadConfig } from '../../core/config';
import { WEBHOOK_RETRY_SCHEDULE_DEFAULT } from '../../core/limits';

describe('loadConfig: WEBHOOK_RETRY_SCHEDULE', () => {
  test('defaults to the Standard Webhooks schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h', () => {
    expect(loadConfig({}).WEBHOOK_RETRY_SCHEDULE).toEqual(['5s', '5m', '30m', '2h', '5h', '10h']);
    expect(loadConfig({ WEBHOOK_RETRY_SCHEDULE: ' ' }).WEBHOOK_RETRY_SCHEDULE).toEqual(
      WEBHOOK_RETRY_SCHEDULE_DEFAULT,
    );
  });

  test('takes durations separated by commas, as the delivery workflow sleeps them', () => {
    expect(loadConfig({ WEBHOOK_RETRY_SCHEDULE: ' 250ms, 1s ,2m,1h ' }).WEBHOOK_RETRY_SCHEDULE).toEqual([
      '250ms',
      '1s',
      '2m',
      '1h',
    ]);
  });

  test.each([',', 'soon', '5 s', '5s,-1m', '1d'])('refuses %j and names the variable', (value) => {
    expect(() => loadConfig({ WEBHOOK_RETRY_SCHEDULE: value })).toThrow(ConfigError);
    expect(() => loadConfig({ WEBHOOK_RETRY_SCHEDULE: value })).toThrow(/WEBHOOK_RETRY_SCHEDULE/);
  });
});

describe('loadConfig: WORKER_QUEUES', () => {
  test('polls both queues unless told otherwise', () => {
    expect(loadConfig({}).WORKER_QUEUES).toEqual(['main', 'media']);
    expect(loadConfig({ WORKER_QUEUES: '' }).WORKER_QUEUES).toEqual(['main', 'media']);
  });

  test('takes one queue, or both once each, separated by commas', () => {
    expect(loadConfig({ WORKER_QUEUES: 'media' }).WORKER_QUEUES).toEqual(['media']);
    expect(loadConfig({ WORKER_QUEUES: ' main , media,main' }).WORKER_QUEUES).toEqual(['main', 'media']);
  });

  test.each(['workflows', 'main,', 'atelier-media'])('refuses %j and names the variable', (value) => {
    expect(() => loadConfig({ WORKER_QUEUES: value })).toThrow(/WORKER_QUEUES/);
  });
});
