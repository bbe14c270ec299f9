import { joinFilter, kenBurnsFilter } from '../../../adapters/media/video-graph';

describe('joinFilter', () => {
  test('a single clip passes through', () => {
    expect(joinFilter(['n0'], [3], 'fade', 0.5, 'v')).toEqual({ filter: '[n0]null[v]', durationSeconds: 3 });
  });

  test('without a transition the clips are concatenated', () => {
    expect(joinFilter(['n0', 'n1'], [2, 3], 'none', 0.5, 'v')).toEqual({
      filter: '[n0][n1]concat=n=2:v=1:a=0[v]',
      durationSeconds: 5,
    });
  });

  test('each cross-fade starts one transition before the end of what is joined so far', () => {
    //  n0 (4 s) ──┐
    //             xfade @3 ── x1 (7 s) ──┐
    //  n1 (4 s) ──┘                      xfade @6 ── v (9 s)
    //                          n2 (3 s) ─┘
    const joined = joinFilter(['n0', 'n1', 'n2'], [4, 4, 3], 'fade', 1, 'v');

    expect(joined).toEqual({
      filter:
        '[n0][n1]xfade=transition=fade:duration=1:offset=3.000[x1];' +
        '[x1][n2]xfade=transition=fade:duration=1:offset=6.000[v]',
      durationSeconds: 9,
    });
  });

  test('a slide is xfade slideleft, and a transition never exceeds half the shortest clip', () => {
    const joined = joinFilter(['n0', 'n1'], [1, 4], 'slide', 2, 'v');

    expect(joined.filter).toBe('[n0][n1]xfade=transition=slideleft:duration=0.5:offset=0.500[v]');
    expect(joined.durationSeconds).toBe(4.5);
  });
});

describe('kenBurnsFilter', () => {
  test('zooms in from 1 to 1.2 over the frames, centred, on a 2x source', () => {
    const filter = kenBurnsFilter('zoom-in', 360, 640, 61, 30);

    expect(filter).toContain('scale=w=720:h=1280:force_original_aspect_ratio=increase,crop=720:1280');
    expect(filter).toContain(
      "zoompan=z='1+0.2*on/60':x='iw/2-iw/zoom/2':y='ih/2-ih/zoom/2':d=61:s=360x640:fps=30",
    );
  });

  test('pans right by moving the window from the left edge to the right edge', () => {
    expect(kenBurnsFilter('pan-right', 360, 640, 31, 30)).toContain("x='(iw-iw/zoom)*on/30'");
  });
});
