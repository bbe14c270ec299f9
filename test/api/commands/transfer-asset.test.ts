import { safeFilename } from '../../../api/commands/transfer-asset';

describe('safeFilename', () => {
  test('sanitises filenames and takes the extension from the real type', () => {
    expect(safeFilename('../etc/passwd', 'image', 'image/png')).toBe('etc-passwd.png');
    expect(safeFilename('clip.mov', 'video', 'video/mp4')).toBe('clip.mp4');
    expect(safeFilename('', 'audio', 'audio/mpeg')).toBe('audio.mp3');
    expect(safeFilename('...hidden', 'image', 'image/jpeg')).toBe('hidden.jpg');
  });
});
