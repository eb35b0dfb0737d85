import { useMemo } from 'react';
import { qrMatrix, qrPath } from '@contract/qr-code';

const QUIET_ZONE = 4;

/** A QR code as crisp SVG (scales to any size, prints well), labelled with what it encodes. */
export function QrCode({ value, label, className }: { value: string; label: string; className?: string }) {
  const { size, path } = useMemo(() => {
    const matrix = qrMatrix(value);
    return { size: matrix.length + QUIET_ZONE * 2, path: qrPath(matrix, QUIET_ZONE) };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      className={className}
      shapeRendering="crispEdges"
      data-qr-value={value}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
