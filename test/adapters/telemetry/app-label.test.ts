import { appLabeller, catalogAppIds } from '../../../adapters/telemetry/app-label';
import { createMetrics } from '../../../adapters/telemetry/metrics';
import { newId } from '../../../core/ids';
import { parseExposition } from '../../support/prometheus';

describe('appLabeller', () => {
  test('a built-in app is `catalog`, any other app id `custom`', () => {
    const label = appLabeller(['built-in']);

    expect(label('built-in')).toBe('catalog');
    expect(label(newId())).toBe('custom');
  });

  test('the run counters carry two app label values however many apps ran', async () => {
    const metrics = createMetrics();
    const [catalogApp] = catalogAppIds();
    metrics.runStarted(catalogApp);
    for (let i = 0; i < 50; i++) metrics.runFinished(newId(), 'completed');

    const apps = parseExposition(await metrics.scrape())
      .filter((s) => s.name.startsWith('atelier_runs_'))
      .map((s) => [s.name, s.labels.app, s.value]);

    expect(apps).toEqual([
      ['atelier_runs_started_total', 'catalog', 1],
      ['atelier_runs_finished_total', 'custom', 50],
    ]);
  });
});
