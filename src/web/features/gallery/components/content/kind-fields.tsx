import type { ContentKind } from '@contract/content';
import type { ComponentType } from 'react';
import { ClockFields } from './clock-fields';
import { FeedFields } from './feed-fields';
import type { KindFieldsProps } from './option-fields';
import { QrcodeFields } from './qrcode-fields';
import { TextFields } from './text-fields';
import { TickerFields } from './ticker-fields';
import { WebpageFields } from './webpage-fields';

/** One form per kind (docs/content.md#in-the-panel), all checked by the contract's schema. */
export const KIND_FIELDS: Record<ContentKind, ComponentType<KindFieldsProps>> = {
  webpage: WebpageFields,
  text: TextFields,
  ticker: TickerFields,
  feed: FeedFields,
  clock: ClockFields,
  qrcode: QrcodeFields,
};
