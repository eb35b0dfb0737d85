// One media job on an upload, in a worker thread started by libav.ts: FFmpeg's own demuxers and
// muxers (libav.js, compiled to WebAssembly), so a hostile file is parsed in a memory-safe sandbox
// that can be terminated, never by a native binary. Plain JavaScript on purpose: node starts this
// file as it is, from the sources and from the bundle alike (see libav.ts).
import { closeSync, fstatSync, openSync, readSync, unlinkSync, writeSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import LibAV from '@libav.js/variant-webcodecs';

/** The last lines libav.js printed (its errors go to the console): they say why a file failed. */
const printed = [];
console.log =
  console.warn =
  console.error =
    (...args) => {
      printed.push(args.join(' '));
      if (printed.length > 5) printed.shift();
    };

/** Bytes handed to the demuxer per read request: fewer round trips than its 32 KiB asks. */
const READ_AHEAD = 1024 * 1024;

/** Something wrong with the file itself (libav cannot read or rewrite it), not with the server. */
class Unreadable extends Error {}

/** The upload as a block device that libav reads by position, straight from the disk. */
async function openInput(libav, file) {
  const fd = openSync(file, 'r');
  const size = fstatSync(fd).size;
  libav.onblockread = (name, position, length) => {
    const chunk = Buffer.allocUnsafe(Math.max(0, Math.min(Math.max(length, READ_AHEAD), size - position)));
    const read = readSync(fd, chunk, 0, chunk.length, position);
    // Without a worker of its own, libav.js keeps the array it is given: a fresh one every time.
    void libav.ff_block_reader_dev_send(name, position, new Uint8Array(chunk.buffer, chunk.byteOffset, read));
  };
  await libav.mkblockreaderdev('input', size);
  try {
    const [format, streams] = await libav.ff_init_demuxer_file('input');
    return { fd, format, streams };
  } catch (error) {
    closeSync(fd);
    throw new Unreadable(error instanceof Error ? error.message : String(error));
  }
}

/** Duration (seconds, rounded) and frame size of the first video stream, or null without one. */
async function probe(libav, { input }) {
  const { fd, format, streams } = await openInput(libav, input);
  try {
    const video = streams.find((s) => s.codec_type === libav.AVMEDIA_TYPE_VIDEO);
    if (!video) return null;
    const hi = await libav.AVFormatContext_durationhi(format);
    const lo = await libav.AVFormatContext_duration(format);
    // The container's duration (what ffprobe's format.duration says), else the stream's own.
    const seconds =
      hi === libav.AV_NOPTS_VALUE_HI && lo === 0 ? video.duration : libav.i64tof64(lo, hi) / libav.AV_TIME_BASE;
    return {
      duration: Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : 0,
      width: await libav.AVCodecParameters_width(video.codecpar),
      height: await libav.AVCodecParameters_height(video.codecpar),
    };
  } finally {
    await libav.avformat_close_input_js(format);
    closeSync(fd);
  }
}

/** A copy of a metadata dictionary (the muxer frees its own). */
const copyDict = async (libav, dict) => (dict ? libav.av_dict_copy_js(0, dict, 0) : 0);

/**
 * Video and audio packets copied as they are into a new MP4/MOV whose index is written into space
 * reserved at the front (`moov_size`), as the camera data tracks that ffmpeg `-map 0:v -map 0:a?`
 * leaves out. ffmpeg's `+faststart` would need to read its output back, which a streamed device
 * cannot; the reservation lets every byte go straight to disk.
 */
async function indexFirst(libav, { input, output, format: formatName, reserve }) {
  const { fd, format, streams } = await openInput(libav, input);
  const out = openSync(output, 'wx');
  let muxer;
  let done = false;
  try {
    const kept = streams.filter(
      (s) => s.codec_type === libav.AVMEDIA_TYPE_VIDEO || s.codec_type === libav.AVMEDIA_TYPE_AUDIO,
    );
    libav.onwrite = (_name, position, data) => {
      writeSync(out, data, 0, data.length, position);
    };
    await libav.mkwriterdev('output');
    const [oc, , pb, outStreams] = await libav.ff_init_muxer(
      { format_name: formatName, filename: 'output', open: true, codecpars: true },
      kept.map((s) => [s.codecpar, s.time_base_num, s.time_base_den]),
    );
    muxer = { oc, pb };
    // `-map_metadata 0`, and the per-stream tags (language, handler) ffmpeg copies by default.
    await libav.AVFormatContext_metadata_s(oc, await copyDict(libav, await libav.AVFormatContext_metadata(format)));
    for (const [i, s] of kept.entries())
      await libav.AVStream_metadata_s(outStreams[i], await copyDict(libav, await libav.AVStream_metadata(s.ptr)));
    if ((await libav.av_opt_set(oc, 'moov_size', String(reserve), libav.AV_OPT_SEARCH_CHILDREN)) < 0)
      throw new Error('the muxer has no moov_size option');
    if ((await libav.avformat_write_header(oc, 0)) < 0)
      throw new Unreadable('cannot write these streams into this format');

    const index = new Map(kept.map((s, i) => [s.index, i]));
    const packet = await libav.av_packet_alloc();
    try {
      for (;;) {
        const [result, read] = await libav.ff_read_frame_multi(format, packet, { limit: READ_AHEAD, unify: true });
        const packets = (read[0] ?? []).filter((p) => index.has(p.stream_index));
        for (const p of packets) p.stream_index = index.get(p.stream_index);
        if (packets.length > 0) await libav.ff_write_multi(oc, packet, packets);
        if (result === libav.AVERROR_EOF) break;
        if (result !== 0 && result !== -libav.EAGAIN) throw new Unreadable(`read error ${result}`);
      }
    } finally {
      await libav.av_packet_free_js(packet);
    }
    // Fails when the index outgrew the reservation: then the upload is kept as it came.
    if ((await libav.av_write_trailer(oc)) < 0)
      throw new Unreadable('the index does not fit the space reserved for it');
    done = true;
    return null;
  } finally {
    if (muxer) await libav.ff_free_muxer(muxer.oc, muxer.pb); // flushes the last bytes
    await libav.avformat_close_input_js(format);
    closeSync(fd);
    closeSync(out);
    if (!done) unlinkSync(output);
  }
}

const jobs = { probe, indexFirst };

try {
  const libav = await LibAV.LibAV({ noworker: true });
  await libav.av_log_set_level(libav.AV_LOG_ERROR);
  try {
    parentPort.postMessage({ ok: true, result: await jobs[workerData.op](libav, workerData) });
  } catch (error) {
    // Only what libav said about the file is the file's fault; a missing file or a bug is ours.
    const message = [error instanceof Error ? error.message : String(error), ...printed].join('; ');
    const unreadable = error instanceof Unreadable || error instanceof WebAssembly.RuntimeError; // a trap: the sandbox held
    parentPort.postMessage({ ok: false, unreadable, message, code: error?.code });
  }
} catch (error) {
  parentPort.postMessage({
    ok: false,
    unreadable: false,
    message: `libav.js did not start: ${error?.message ?? error}`,
    code: error?.code ?? 'LIBAV_START',
  });
}
