/**
 * The .65 rule's suggestion, offered (issue #31): one sentence and two buttons, "Use 1.2 s" and
 * "Not now". Nothing changes until the user chooses; the switch scan offers the same two first.
 */
import { suggestionSentence, secondsShown } from '../../shared/scan-rate.js';
import type { ScanRate } from './use-scan-rate.js';

export function ScanRateOffer({ rate, currentMs }: { readonly rate: ScanRate; readonly currentMs: number | undefined }) {
  if (rate.offer === undefined || currentMs === undefined) return null;
  return (
    <section class="scan-rate-offer" aria-labelledby="scan-rate-heading">
      <h2 id="scan-rate-heading">Scan speed</h2>
      <p>{suggestionSentence(rate.offer, currentMs)}</p>
      <button type="button" onClick={rate.accept}>
        Use {secondsShown(rate.offer)}
      </button>
      <button type="button" onClick={rate.dismiss}>
        Not now
      </button>
    </section>
  );
}
