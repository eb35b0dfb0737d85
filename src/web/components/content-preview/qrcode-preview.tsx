import { qrMatrix, qrPath } from '@contract/qr-code';
import { useMemo } from 'react';
import { readColor, readString, type PreviewOptions } from './preview-options';

const QUIET = 2;

/** A QR code drawn in the browser (no image service), its caption below, in its colours. */
export function QrcodePreview({ options }: { options: PreviewOptions }) {
  const value = readString(options, 'value').trim().slice(0, 1000);
  const caption = readString(options, 'caption').trim();
  const foreground = readColor(options, 'foregroundColor', '#000000');
  const background = readColor(options, 'backgroundColor', '#ffffff');
  const matrix = useMemo(() => {
    try {
      return value ? qrMatrix(value) : null;
    } catch {
      // Past a QR code's capacity (1000 emoji are 4000 bytes): the dashed square, as with no value.
      return null;
    }
  }, [value]);
  const size = (matrix?.length ?? 21) + QUIET * 2;
  return (
    <div
      className="flex size-full flex-col items-center justify-center gap-[3cqh] p-[4cqh]"
      style={{ backgroundColor: background, color: foreground }}
    >
      {matrix ? (
        <svg
          viewBox={`0 0 ${size} ${size}`}
          className="h-[70cqh] max-h-full"
          shapeRendering="crispEdges"
          role="img"
          aria-label={value}
          data-testid="qrcode-svg"
        >
          <rect width={size} height={size} fill={background} />
          <path d={qrPath(matrix, QUIET)} fill={foreground} />
        </svg>
      ) : (
        <div className="aspect-square h-[70cqh] border-[0.6cqh] border-dashed" style={{ borderColor: foreground }} />
      )}
      {caption ? <p className="text-[8cqh] leading-tight font-medium">{caption}</p> : null}
    </div>
  );
}
