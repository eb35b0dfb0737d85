import { useMemo } from 'react';
import { qrMatrix, qrPath } from '@contract/qr-code';
import type { QrcodeOptions } from '@contract/content';
import { useReadyOnMount, type MediaProps } from './media-report';

/** Modules of light margin around the code, as the QR standard asks, so phones read it. */
export const QR_QUIET_ZONE = 4;

/** The code as one SVG path with its quiet zone, and the square's side in modules. */
export function qrPathOf(text: string): { path: string; size: number } {
  const matrix = qrMatrix(text);
  return { path: qrPath(matrix, QR_QUIET_ZONE), size: matrix.length + QR_QUIET_ZONE * 2 };
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
