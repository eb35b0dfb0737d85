import { useMemo } from 'react';
import qrcode from 'qrcode-generator';
import type { QrcodeOptions } from '@contract/content';
import { useReadyOnMount, type MediaProps } from './media-report';

/** Modules of light margin around the code, as the QR standard asks, so phones read it. */
export const QR_QUIET_ZONE = 4;

/**
 * The dark modules of the code for `text` as one SVG path, drawn here (error correction M, the
 * smallest version that fits): no network, no image service (as the web's download-app QR).
 */
export function qrPathOf(text: string): { path: string; size: number } {
  const qr = qrcode(0, 'M');
  // Its byte mode keeps only the low byte of each character: handed the UTF-8 bytes, an accented
  // caption or URL reads back as written (phones decode UTF-8).
  qr.addData(String.fromCharCode(...new TextEncoder().encode(text)), 'Byte');
  qr.make();
  const count = qr.getModuleCount();
  const parts: string[] = [];
  for (let row = 0; row < count; row++)
    for (let col = 0; col < count; col++)
      if (qr.isDark(row, col)) parts.push(`M${col + QR_QUIET_ZONE} ${row + QR_QUIET_ZONE}h1v1h-1z`);
  return { path: parts.join(''), size: count + QR_QUIET_ZONE * 2 };
}

/** The code (SVG, crisp at any size) as big as the zone allows, its caption under it. */
export function QrcodeContent({ options, ...report }: MediaProps & { options: QrcodeOptions }) {
  useReadyOnMount(report);
  const { path, size } = useMemo(() => qrPathOf(options.value), [options.value]);
  return (
    <div className="content content-qrcode" data-capture="fill" style={{ backgroundColor: options.backgroundColor }}>
      <div className="content-qr-code" data-capture="svg">
        <svg
          xmlns="http://www.w3.org/2000/svg"
          viewBox={`0 0 ${size} ${size}`}
          shapeRendering="crispEdges"
          role="img"
          aria-label={options.caption || options.value}
        >
          <rect width={size} height={size} fill={options.backgroundColor} />
          <path d={path} fill={options.foregroundColor} />
        </svg>
      </div>
      {options.caption ? (
        <div className="content-caption" data-capture="text" style={{ color: options.foregroundColor }}>
          {options.caption}
        </div>
      ) : null}
    </div>
  );
}
