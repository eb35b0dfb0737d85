import { open } from 'node:fs/promises';

/**
 * The top-level boxes (atoms) of an MP4/QuickTime file, in file order, read from their headers
 * only (8 or 16 bytes each, never the payloads): enough to tell where the index (`moov`) sits.
 */
export async function topLevelBoxes(file: string): Promise<Array<{ type: string; offset: number; size: number }>> {
  const handle = await open(file, 'r');
  try {
    const { size: fileSize } = await handle.stat();
    const boxes: Array<{ type: string; offset: number; size: number }> = [];
    const header = Buffer.alloc(16);
    for (let offset = 0; offset + 8 <= fileSize && boxes.length < 10_000;) {
      const { bytesRead } = await handle.read(header, 0, 16, offset);
      if (bytesRead < 8) break;
      let size = header.readUInt32BE(0);
      const type = header.toString('latin1', 4, 8);
      if (size === 1 && bytesRead >= 16)
        size = Number(header.readBigUInt64BE(8)); // 64-bit size
      else if (size === 0) size = fileSize - offset; // runs to the end of the file
      if (size < 8) break; // corrupt: stop rather than loop
      boxes.push({ type, offset, size });
      offset += size;
    }
    return boxes;
  } finally {
    await handle.close();
  }
}

/** Whether a player must read the end of the file before it can start: `mdat` before `moov`. */
export async function indexAtEnd(file: string): Promise<boolean> {
  const types = (await topLevelBoxes(file)).map((b) => b.type);
  const moov = types.indexOf('moov');
  const mdat = types.indexOf('mdat');
  return moov !== -1 && mdat !== -1 && mdat < moov;
}
