import { describe, expect, it } from 'vitest';
import { ffmpegAnnouncement, systemFfmpeg } from './ffmpeg';

describe('which ffmpeg reads the uploads', () => {
  it('prefers the system ffmpeg and names its path and version at start', async () => {
    const found = systemFfmpeg();
    // CI and the README install Debian's ffmpeg: its absence here is a broken machine, not a pass.
    expect(found).not.toBeNull();
    const announced = await ffmpegAnnouncement();
    expect(announced).toMatchObject({ level: 'info', details: { ffmpeg: found!.ffmpeg, ffprobe: found!.ffprobe } });
    expect(announced.details.version).toMatch(/^ffmpeg version \S+/);
  });
});
