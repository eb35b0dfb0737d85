import type { TextOptions } from '@contract/content';
import { useReadyOnMount, type MediaProps } from './media-report';

/**
 * A title and a body in the item's colours, sized by the zone's height (player.css: the layer is a
 * size container, `data-size` picks the `cqh` sizes) and aligned as asked.
 */
export function TextContent({ options, ...report }: MediaProps & { options: TextOptions }) {
  useReadyOnMount(report);
  return (
    <div
      className="content content-text"
      data-capture="fill"
      data-size={options.size}
      data-align={options.align}
      style={{ color: options.textColor, backgroundColor: options.backgroundColor, textAlign: options.align }}
    >
      {options.title ? (
        <div className="content-title" data-capture="text">
          {options.title}
        </div>
      ) : null}
      {options.body ? (
        <div className="content-body" data-capture="text">
          {options.body}
        </div>
      ) : null}
    </div>
  );
}
